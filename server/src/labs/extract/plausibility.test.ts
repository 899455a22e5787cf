import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, type Marker } from './catalogue.ts';
import { parseRow } from './parser.ts';

/**
 * What a living person can have, per biomarker (the catalogue's `plausible`, in its canonical
 * unit): generated values around each marker's bounds, in every unit it is printed in, are read
 * as results or marked for the user to confirm (product.md, Labs, review).
 */

const printable = (value: number) => Number(value.toPrecision(4));
/** A unit the reader recognises on its own in a row (a unitless ratio needs no unit). */
const unitsOf = (marker: Marker) => marker.units.filter((u) => !u.offset && u.factor > 0);
const row = (marker: Marker, value: number, unit: string) => `${marker.name}   ${value}   ${unit}`.trim();
const read = (marker: Marker, value: number, unit: string) => {
  const outcome = parseRow(row(marker, value, unit), 'text');
  return outcome.kind === 'ok' && outcome.result.name === marker.name ? outcome.result : null;
};

describe('plausibility bounds', () => {
  it('lie outside every typical range: a critically ill value still passes', () => {
    for (const marker of CATALOGUE) {
      const [low, high] = marker.plausible;
      const [typicalLow, typicalHigh] = marker.typical;
      // A percentage ends at 100; urine is never lighter than water (specific gravity 1).
      const capped = marker.canonicalUnit === '%' && high === 100;
      const floor = marker.key === 'urine-sg' && low === 1;
      if (typicalHigh !== null && !capped) expect(high, marker.name).toBeGreaterThan(typicalHigh);
      if (typicalLow !== null && typicalLow > 0 && !floor) expect(low, marker.name).toBeLessThan(typicalLow);
    }
  });

  it('read a value inside the typical range as a result, in any unit the marker is printed in', () => {
    const markers = CATALOGUE.filter((m) => m.typical[0] !== null && m.typical[1] !== null && m.typical[0]! > 0);
    fc.assert(
      fc.property(fc.constantFrom(...markers), fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(), (marker, t, pick) => {
        const units = unitsOf(marker);
        const unit = units[pick % units.length]!;
        const canonical = marker.typical[0]! + t * (marker.typical[1]! - marker.typical[0]!);
        const value = printable(canonical / unit.factor);
        const result = read(marker, value, unit.unit === '{ratio}' ? '' : unit.unit);
        if (result) expect(result.implausible, `${row(marker, value, unit.unit)}`).toBeUndefined();
      }),
      { numRuns: 400, seed: 17 },
    );
  });

  it('mark a value far above what is possible (a lost decimal point) for the user to confirm', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CATALOGUE), fc.double({ min: 1.5, max: 1000, noNaN: true }), fc.nat(), (marker, factor, pick) => {
        const units = unitsOf(marker);
        const unit = units[pick % units.length]!;
        const value = printable((marker.plausible[1] * factor) / unit.factor);
        const result = read(marker, value, unit.unit === '{ratio}' ? '' : unit.unit);
        if (result) expect(result, `${row(marker, value, unit.unit)}`).toMatchObject({ value, implausible: true });
      }),
      { numRuns: 400, seed: 17 },
    );
  });
});
