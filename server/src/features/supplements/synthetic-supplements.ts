import type { ReferenceSupplementSeed, SupplementCategory } from './reference-supplements.data.ts';

const PREFIXES = ['Organic', 'Pure', 'Liposomal', 'Chelated', 'Buffered', 'Whole Food', 'Micronized', 'Fermented', 'Sustained', 'Raw'];
const BASES = ['Magnesium', 'Vitamin D', 'Zinc', 'Turmeric', 'Ashwagandha', 'Glycine', 'Vitamin C', 'Iron', 'Omega', 'Collagen', 'Berberine', 'Creatine'];
const SUFFIXES = ['Complex', 'Blend', 'Formula', 'Extract', 'Plus', 'Max', 'Caps', 'Powder'];
const CATEGORIES: SupplementCategory[] = ['vitamin', 'mineral', 'amino acid', 'fatty acid', 'botanical', 'probiotic', 'other'];

/**
 * Look-alike products to fill the reference table to a realistic size for search tests and the
 * benchmark: many share words with real entries ("Organic Magnesium Blend 17"), so ranking is tested.
 */
export function syntheticSupplements(count: number): ReferenceSupplementSeed[] {
  return Array.from({ length: count }, (_, i) => {
    const prefix = PREFIXES[i % PREFIXES.length]!;
    const base = BASES[Math.floor(i / PREFIXES.length) % BASES.length]!;
    const suffix = SUFFIXES[Math.floor(i / (PREFIXES.length * BASES.length)) % SUFFIXES.length]!;
    return {
      name: `${prefix} ${base} ${suffix} ${i + 1}`,
      category: CATEGORIES[i % CATEGORIES.length]!,
      alternativeNames: [`${base} ${suffix} ${i + 1}`.toLowerCase(), `${prefix.slice(0, 3)} ${base.slice(0, 3)} ${i + 1}`.toLowerCase()],
      description: 'A synthetic product for tests and benchmarks.',
      source: 'test',
      sourceUrl: 'https://example.com/',
    };
  });
}
