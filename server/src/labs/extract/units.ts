import type { Marker, UnitDef } from './catalogue.ts';
import { internationalUnitSpelling } from './languages.ts';

/**
 * A comparison key for a printed unit: spelling variants that mean exactly the same unit for
 * every marker collapse to one key ("K/uL", "x10^3/µL", "10^9/L" and "thou/cumm" are all
 * "10^3/ul"). Variants that differ by marker (mEq/L vs mmol/L for calcium) stay apart.
 */
export function unitKey(raw: string): string {
  let s = internationalUnitSpelling(raw).normalize('NFKC').toLowerCase();
  s = s.replace(/[µμ]/g, 'u').replace(/²/g, '2').replace(/³/g, '3').replace(/⁶/g, '6').replace(/⁹/g, '9');
  s = s.replace(/\s+/g, '');
  s = s.replace(/^[^a-z0-9%/{[]+/, '').replace(/[.,;:'"`’‘)\]]+$/, '');
  s = s.replace(/^\((.*)\)$/, '$1');
  s = s.replace(/mcg/g, 'ug').replace(/mcl\b/g, 'ul').replace(/micro(?=[a-z])/g, 'u');
  s = s.replace(/gms?(?=\/|%|$)/g, 'g').replace(/mgs?(?=\/|%)/g, 'mg');
  s = s.replace(/(?:cu\.?mm|c\.?mm|mm3|mm\^3|cmm)/g, 'ul');
  s = s.replace(/(?:litre|liter|lt)$/g, 'l');
  s = s.replace(/^x/, '').replace(/10(?:\*|\^|e|x)?(\d{1,2})(?=\/)/g, '10^$1');
  // "UI" is the Romance order of "IU" (mUI/L); both mean the unit "U".
  s = s.replace(/iu/g, 'u').replace(/(^|[mu])ui(?=\/)/g, '$1u');
  if (/^(?:k|thou|thousands?|10\^3)\/ul$/.test(s) || s === '10^9/l') s = '10^3/ul';
  if (/^(?:m|mill|millions?|mil|10\^6)\/ul$/.test(s) || s === '10^12/l' || s === 't/l') s = '10^6/ul';
  if (/^(?:lakhs?|lacs?)\/ul$/.test(s)) s = '10^5/ul';
  if (/^(?:\/|cells?\/|per)?ul$/.test(s)) s = '/ul';
  if (s === 'g%') s = 'g/dl';
  if (s === 'mg%' || s === 'mg/100ml') s = 'mg/dl';
  if (s === 'ug%') s = 'ug/dl';
  if (s === 'uu/ml') s = 'mu/l';
  if (s === 'u/i') s = 'u/l';
  return s;
}

/**
 * One-step repairs of what OCR commonly makes of a unit, on its comparison key; `known` is the
 * marker's own keys. Chained (a misread caret and a misread "µ" in one unit) by `ocrUnitVariants`.
 */
const OCR_UNIT_REPAIRS: Array<(key: string, known: Map<string, UnitDef>) => string | null> = [
  (key) => (key === 'il' || key === 'f1' || key === 'fi' ? 'fl' : null),
  (key) => (key.includes('ulu') ? key.replace('ulu', 'uiu') : null),
  // The slash read as a letter or a bar ("mgidl", "mg1dl", "ujl"), or lost ("mmoll", "UL").
  (key) => key.replace(/(?<=[a-z])[ijl1|](?=d?l$)/, '/'),
  (key) => (key.includes('/') ? null : key.replace(/^([a-z]+?)(d?l)$/, '$1/$2')),
  // The litre's "l" read as "1", "i" or a bar ("mg/d1").
  (key) => key.replace(/(?<=[d/])[1i|]$/, 'l'),
  // Or lost ("g/d"); a marker counted per day has its own "mg/d", found before any repair.
  (key) => key.replace(/(?<=g\/d)$/, 'l'),
  (key) => (/^u(?:n|i|1|\/)$|^u[ij]l$|^\/ul$/.test(key) ? 'u/l' : null),
  // A leading slash lost ("nl" for /nl, per nanolitre).
  (key) => (/^[npu]l$/.test(key) ? `/${key}` : null),
  // "I" read as "l" ("mlU/L").
  (key) => key.replace(/^([mu])l(?=u\/)/, '$1i'),
  // The slash lost between moles ("mmolmol" for HbA1c's mmol/mol).
  (key) => (/^[mnpu]?molmol$/.test(key) ? `${key.slice(0, -3)}/mol` : null),
  // The "/L" of a molar unit lost ("mmol", "pmol"): moles are printed per litre unless per mole ("mmol/mol"), which a marker lists as its own unit.
  (key) => (/^[mnpuf]mol$/.test(key) ? `${key}/l` : null),
  // "g/l" read as "all".
  (key) => (key === 'all' ? 'g/l' : null),
  (key) => key.replace(/^pq$/, 'pg'),
  // The "q" of "mEq" read as "g" ("mEg/L").
  (key) => key.replace(/^meg(?=\/)/, 'meq'),
  // The slash of "/uL" is often read as an "f" ("millionfuL", "ful").
  (key) => key.replace(/f(?=ul$)/, '/'),
  // The "I" of "UI" read as "l" ("mUl/L", "µUl/mL").
  (key) => key.replace(/(?<=(?:^|[mu])u)l(?=\/)/, 'i'),
  // The caret of "10^9/L" read as a "7", an "M" or a quote, or both ("x1079/L", "x10M9/L", "x107M12/L", "x10"M12/L").
  (key) => key.replace(/^10\^?(?:7m?|["'*°]*m|["'*°]+)(3|6|9|12)\//, '10^$1/'),
  // "^1" of "10^12/L" read as "M", "7M" or a quote and "M" ("10M2/L", "x107M2/L", "x10"M2/L").
  (key) => key.replace(/^10(?:["'*°]*7?m|\^?1)2\//, '10^12/'),
  // A leading slash read as "J" ("Jul" for /uL).
  (key) => key.replace(/^j(?=u?l$)/, '/'),
  // "³" read as "?" or a quote ("/mm?3").
  (key) => key.replace(/mm[?'"°*]+3?$/, 'mm3'),
  // "µ" read as "p", "H", "pH" or "y" ("pmol/L", "pHmol/L", "HUI/mL"), at the start or after the
  // slash: tried only for a marker with no unit that starts so ("pmol/L" is never read as µmol/L).
  (key, known) => {
    const misread = /(^|\/)(ph|p|h|y)(?=mol|g|iu|ui|ul|u\/|u$|l$)/.exec(key);
    if (!misread) return null;
    const stem = key.slice(misread.index + misread[1]!.length, misread.index + misread[0].length + 1);
    if ([...known.keys()].some((k) => k.startsWith(stem) || k.includes(`/${stem}`))) return null;
    return key.slice(0, misread.index) + misread[1] + 'u' + key.slice(misread.index + misread[0].length);
  },
];

/**
 * Readings OCR commonly produces for units, tried only when the exact key is unknown: up to
 * three repairs in a row. A reading is taken only when every repair that lands on a known unit
 * lands on the same one.
 */
function ocrUnitVariants(printed: string, known: Map<string, UnitDef>): UnitDef | null {
  // "G/l" (giga per litre) with its slash lost or read as "I" ("Gl", "GIL"): the capital tells it from grams, so it is read before the key lower-cases it.
  const slashLost = /^\s*([GT])(?:[lI1|]|[I1|][lL])\s*$/.exec(printed);
  const start = unitKey(slashLost ? `${slashLost[1]}/l` : printed);
  const found = new Set<UnitDef>();
  let frontier = [start];
  const seen = new Set(frontier);
  for (let depth = 0; depth < 3 && frontier.length > 0; depth++) {
    const next: string[] = [];
    for (const key of frontier) {
      for (const repair of OCR_UNIT_REPAIRS) {
        const repaired = repair(key, known);
        if (repaired === null || repaired === key) continue;
        for (const variant of new Set([repaired, unitKey(repaired)])) {
          if (seen.has(variant)) continue;
          seen.add(variant);
          const def = known.get(variant);
          if (def) found.add(def);
          next.push(variant);
        }
      }
    }
    frontier = next;
  }
  if (slashLost && known.has(start)) found.add(known.get(start)!);
  return found.size === 1 ? ([...found][0] as UnitDef) : null;
}

const KEYS_CACHE = new WeakMap<Marker, Map<string, UnitDef>>();

function unitKeysOf(marker: Marker): Map<string, UnitDef> {
  let map = KEYS_CACHE.get(marker);
  if (map) return map;
  map = new Map();
  for (const def of marker.units) {
    for (const spelling of [def.unit, ...(def.aliases ?? [])]) {
      const key = unitKey(spelling);
      if (!map.has(key)) map.set(key, def);
    }
  }
  KEYS_CACHE.set(marker, map);
  return map;
}

/** The marker's unit definition for a printed unit, or null when the unit is not one it accepts. */
export function findUnit(marker: Marker, printed: string, opts: { ocr?: boolean } = {}): UnitDef | null {
  const keys = unitKeysOf(marker);
  const key = unitKey(printed);
  const exact = keys.get(key);
  if (exact) return exact;
  if (!opts.ocr) return null;
  return ocrUnitVariants(printed, keys);
}

/** True when a printed unit is one of the marker's units (after tidying). */
export function acceptsUnit(marker: Marker, printed: string): boolean {
  return findUnit(marker, printed) !== null;
}

export function toCanonical(def: UnitDef, value: number): number {
  return roundSignificant(value * def.factor + (def.offset ?? 0));
}

/** Rounds away float noise (0.1 x 3 = 0.30000000000000004) while keeping six significant digits. */
export function roundSignificant(value: number, digits = 6): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(digits));
}

/** 'molar' for units in moles or equivalents, otherwise 'mass'; used to pick the matching LOINC code. */
export function unitKind(unit: string): 'molar' | 'mass' {
  return /mol|eq/i.test(unit) ? 'molar' : 'mass';
}
