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
  s = s.replace(/iu/g, 'u');
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

/** Readings OCR commonly produces for units, tried only when the exact key is unknown. */
function ocrUnitVariants(key: string, known: Map<string, UnitDef>): string[] {
  const variants = new Set<string>();
  if (key === 'il' || key === 'f1' || key === 'fi') variants.add('fl');
  if (key.includes('ulu')) variants.add(unitKey(key.replace('ulu', 'uiu')));
  variants.add(key.replace(/(?<=[a-z])[il1|](?=d?l$)/, '/'));
  variants.add(key.replace(/^mgidl$|^mg1dl$/, 'mg/dl').replace(/^gidl$/, 'g/dl'));
  variants.add(key.replace(/^pq$/, 'pg'));
  // The slash of "/uL" is often read as an "f" ("millionfuL", "ful").
  if (/f(?=ul$)/.test(key)) variants.add(unitKey(key.replace(/f(?=ul$)/, '/')));
  // The caret of "10^9/L" read as a "7" or a quote ("x1079/L", "x10\"9/L").
  const exponent = /^10\^?(?:7|["'*°])(3|6|9|12)\//.exec(key);
  if (exponent) variants.add(unitKey(key.replace(exponent[0], `10^${exponent[1]}/`)));
  // A leading slash read as "J" ("Jul" for /uL).
  if (/^j(?=u?l$)/.test(key)) variants.add(unitKey(key.replace(/^j/, '/')));
  // "µ" read as "p" ("pmol/L" for µmol/L): tried only for a marker that has no unit in "p".
  if (/^p(?:mol|g|u)/.test(key) && ![...known.keys()].some((k) => k.startsWith('p'))) variants.add(unitKey(`u${key.slice(1)}`));
  // "^1" of "10^12/L" read as "M" or "7M" ("10M2/L", "x107M2/L").
  if (/^10(?:7?m|\^?1)2\//.test(key)) variants.add(unitKey(key.replace(/^10(?:7?m|\^?1)2\//, '10^12/')));
  variants.delete(key);
  return [...variants];
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
  for (const variant of ocrUnitVariants(key, keys)) {
    const def = keys.get(variant);
    if (def) return def;
  }
  return null;
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
