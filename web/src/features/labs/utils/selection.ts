/**
 * The chart's selection lives in the `biomarkers` query parameter as comma-separated names
 * (product.md, Labs). Names are written percent-encoded, so a name with a comma of its own
 * ("1,25-dihydroxy vitamin D") becomes "1%2C25-dihydroxy%20vitamin%20D" and the literal commas
 * stay separators. Hand-written or older links with raw commas are pieced back together
 * against the names on offer.
 */
export const SELECTION_PARAM = 'biomarkers';

/** The raw entries of the parameter, decoded; `present` is false when the URL has no such parameter. */
export function readSelection(search: string): { entries: string[]; present: boolean } {
  const query = search.startsWith('?') ? search.slice(1) : search;
  let present = false;
  const entries: string[] = [];
  for (const part of query.split('&')) {
    const [rawKey = '', ...rest] = part.split('=');
    if (decodePart(rawKey) !== SELECTION_PARAM) continue;
    present = true;
    const rawValue = rest.join('=');
    for (const piece of rawValue.split(',')) {
      const entry = decodePart(piece).trim();
      if (entry) entries.push(entry);
    }
  }
  return { entries, present };
}

function decodePart(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

type Named = { name: string; biomarker?: string };

/**
 * The names on offer that the entries pick, in the entries' order and once each. An entry matches
 * a name exactly, then ignoring case, then by catalogue key (the assistant's links use keys).
 * Entries that match nothing are dropped.
 */
export function resolveSelection(entries: readonly string[], options: readonly Named[]): string[] {
  const exact = new Map(options.map((option) => [option.name, option.name]));
  const loose = new Map<string, string>();
  for (const option of options) {
    if (!loose.has(option.name.toLowerCase())) loose.set(option.name.toLowerCase(), option.name);
    if (option.biomarker && !loose.has(option.biomarker.toLowerCase())) loose.set(option.biomarker.toLowerCase(), option.name);
  }
  const match = (text: string) => exact.get(text) ?? loose.get(text.toLowerCase());

  const picked: string[] = [];
  let i = 0;
  while (i < entries.length) {
    // Longest run of entries that, joined by commas, is a name: "1", "25-dihydroxy vitamin D".
    let found: { name: string; next: number } | undefined;
    for (let j = entries.length; j > i; j -= 1) {
      const name = match(entries.slice(i, j).join(','));
      if (name) {
        found = { name, next: j };
        break;
      }
    }
    if (found) {
      if (!picked.includes(found.name)) picked.push(found.name);
      i = found.next;
    } else {
      i += 1;
    }
  }
  return picked;
}

/** The search string with the selection set (other parameters kept, in their order). */
export function writeSelection(search: string, names: readonly string[]): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const kept = query.split('&').filter((part) => part && decodePart(part.split('=')[0] ?? '') !== SELECTION_PARAM);
  kept.push(`${SELECTION_PARAM}=${names.map((name) => encodeURIComponent(name)).join(',')}`);
  return `?${kept.join('&')}`;
}

/** Adds the name at the end, or removes it when already selected. */
export function toggleName(names: readonly string[], name: string): string[] {
  return names.includes(name) ? names.filter((one) => one !== name) : [...names, name];
}
