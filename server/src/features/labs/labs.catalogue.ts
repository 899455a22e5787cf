import type { BiomarkerCatalogueEntry } from '#contract/labs.ts';
import { CATALOGUE, type Marker, type UnitDef } from '#server/labs/extract/catalogue.ts';
import { findUnit, roundSignificant, unitKind } from '#server/labs/extract/units.ts';

/**
 * The extraction library's biomarker catalogue as the labs feature uses it: finding a marker by
 * key, name or alias, checking units and plausibility, and converting canonical values to SI.
 */

const byLookup = new Map<string, Marker>();
for (const marker of CATALOGUE) {
  for (const text of [marker.key, marker.name, ...marker.aliases]) {
    const key = text.trim().toLowerCase();
    if (!byLookup.has(key)) byLookup.set(key, marker);
  }
}
const byName = new Map(CATALOGUE.map((marker) => [marker.name, marker]));

export function findMarker(keyOrName: string): Marker | undefined {
  return byLookup.get(keyOrName.trim().toLowerCase());
}

/** The marker behind an extracted result's canonical name. */
export function markerForExtractedName(name: string): Marker | undefined {
  return byName.get(name) ?? findMarker(name);
}

export function unitDefFor(marker: Marker, unit: string): UnitDef | null {
  return findUnit(marker, unit);
}

export function toCanonicalValue(def: UnitDef, value: number): number {
  return roundSignificant(value * def.factor + (def.offset ?? 0));
}

export function isPlausible(marker: Marker, canonicalValue: number): boolean {
  return canonicalValue >= marker.plausible[0] && canonicalValue <= marker.plausible[1];
}

/** The LOINC code matching the unit's property (mass or molar), as the extractor picks it. */
export function loincFor(marker: Marker, unit: string): string | null {
  const kind = unitKind(unit);
  return marker.loinc.find((l) => l.kind === 'any')?.code ?? marker.loinc.find((l) => l.kind === kind)?.code ?? null;
}

/** Counts are the same number in SI, only written per litre. */
const SI_COUNT_UNITS: Record<string, string> = { '10*3/uL': '10*9/L', '10*6/uL': '10*12/L' };

/**
 * The unit shown when the user picks SI: the marker's molar unit if it has one, else its unit per
 * litre; the canonical unit itself when it is already SI (U/L, mmol/L, %, ratios).
 */
export function siUnitOf(marker: Marker): UnitDef {
  const canonical: UnitDef = { unit: marker.canonicalUnit, factor: 1 };
  const count = SI_COUNT_UNITS[marker.canonicalUnit];
  if (count) return { unit: count, factor: 1 };
  if (!/\/(dL|mL|uL)$/.test(marker.canonicalUnit) && marker.canonicalUnit !== '%') return canonical;
  const others = marker.units.filter((u) => u.unit !== marker.canonicalUnit);
  // Proteins (haemoglobin, albumin) are reported in g/L in SI, not molar.
  const gramsPerLitre = marker.canonicalUnit === 'g/dL' ? others.find((u) => u.unit === 'g/L') : undefined;
  if (gramsPerLitre) return gramsPerLitre;
  return (
    others.find((u) => /mol\/(L|mol)$/.test(u.unit)) ??
    others.find((u) => /\/L$/.test(u.unit) && !/\/(dL|mL|uL)$/.test(u.unit)) ??
    canonical
  );
}

/** A canonical value in another of the marker's units. */
export function fromCanonical(def: UnitDef, canonicalValue: number): number {
  return roundSignificant((canonicalValue - (def.offset ?? 0)) / def.factor, 4);
}

export function catalogueEntries(): BiomarkerCatalogueEntry[] {
  return CATALOGUE.map((marker) => ({
    key: marker.key,
    name: marker.name,
    category: marker.category,
    canonicalUnit: marker.canonicalUnit,
    siUnit: siUnitOf(marker).unit,
    units: [...new Set(marker.units.map((u) => u.unit))],
  }));
}
