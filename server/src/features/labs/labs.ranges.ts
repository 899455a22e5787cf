import type { ValueComparator } from '#contract/biomarkers.ts';
import { GENDERS } from '#contract/health-texts.ts';
import { computeFlag } from '#contract/lab-values.ts';

/**
 * Reference ranges by sex and age band, and optimal ranges with their sources (decision 040).
 * Values are in the catalogue's canonical unit. The range printed on the user's own report wins
 * over these for that result; these stand in where the report printed none.
 */

export type Sex = 'male' | 'female';
/** What the health profile tells about the person the ranges are for; null where it is not filled in. */
export type RangeProfile = { sex: Sex | null; age: number | null };

type Band = { sex?: Sex; minAge?: number; maxAge?: number; low: number | null; high: number | null };

const MAYO = 'Mayo Clinic Laboratories, Test Catalog reference values (adults)';

/**
 * Published adult intervals that differ by sex or age. A band without a sex applies to both; age
 * bands are whole years, maxAge inclusive. The first band that fits wins.
 */
export const REFERENCE_BANDS: Record<string, { source: string; bands: Band[] }> = {
  hemoglobin: { source: MAYO, bands: [{ sex: 'male', low: 13.2, high: 16.6 }, { sex: 'female', low: 11.6, high: 15 }] },
  hematocrit: { source: MAYO, bands: [{ sex: 'male', low: 38.3, high: 48.6 }, { sex: 'female', low: 35.5, high: 44.9 }] },
  rbc: { source: MAYO, bands: [{ sex: 'male', low: 4.35, high: 5.65 }, { sex: 'female', low: 3.92, high: 5.13 }] },
  ferritin: { source: MAYO, bands: [{ sex: 'male', low: 24, high: 336 }, { sex: 'female', low: 11, high: 307 }] },
  creatinine: { source: MAYO, bands: [{ sex: 'male', low: 0.74, high: 1.35 }, { sex: 'female', low: 0.59, high: 1.04 }] },
  'uric-acid': { source: MAYO, bands: [{ sex: 'male', low: 3.7, high: 8 }, { sex: 'female', low: 2.7, high: 6.1 }] },
  iron: { source: MAYO, bands: [{ sex: 'male', low: 50, high: 150 }, { sex: 'female', low: 35, high: 145 }] },
  ggt: { source: MAYO, bands: [{ sex: 'male', low: 8, high: 61 }, { sex: 'female', low: 5, high: 36 }] },
  alp: { source: MAYO, bands: [{ sex: 'male', low: 40, high: 129 }, { sex: 'female', low: 35, high: 104 }] },
  hdl: {
    source: 'NCEP ATP III (2002): low HDL is below 40 mg/dL in men and below 50 mg/dL in women',
    bands: [{ sex: 'male', low: 40, high: null }, { sex: 'female', low: 50, high: null }],
  },
  'testosterone-total': {
    source: 'Travison et al. 2017, harmonized reference ranges for total testosterone in men (19-39 years); Mayo Clinic Laboratories for women',
    bands: [{ sex: 'male', low: 264, high: 916 }, { sex: 'female', low: 8, high: 60 }],
  },
  esr: {
    source: 'ICSH recommendations for the Westergren ESR (1993): upper limits rise after 50',
    bands: [
      { sex: 'male', maxAge: 49, low: null, high: 15 },
      { sex: 'male', minAge: 50, low: null, high: 20 },
      { sex: 'female', maxAge: 49, low: null, high: 20 },
      { sex: 'female', minAge: 50, low: null, high: 30 },
    ],
  },
  'psa-total': {
    source: 'Oesterling et al. 1993, age-specific reference ranges for PSA (JAMA)',
    bands: [
      { sex: 'male', maxAge: 49, low: null, high: 2.5 },
      { sex: 'male', minAge: 50, maxAge: 59, low: null, high: 3.5 },
      { sex: 'male', minAge: 60, maxAge: 69, low: null, high: 4.5 },
      { sex: 'male', minAge: 70, low: null, high: 6.5 },
    ],
  },
};

export type Citation = { source: string; year: number; title: string; url: string };
export type OptimalRange = { low: number | null; high: number | null; note: string; citation: Citation };

/** Narrower targets where published evidence supports one; the note says why, in our words. */
export const OPTIMAL_RANGES: Record<string, OptimalRange> = {
  'vitamin-d-25oh': {
    low: 40,
    high: 60,
    note: 'The Endocrine Society guideline asked for at least 30 ng/mL and named 40 to 60 ng/mL as the range to aim for.',
    citation: {
      source: 'Holick et al., Endocrine Society',
      year: 2011,
      title: 'Evaluation, treatment, and prevention of vitamin D deficiency: an Endocrine Society clinical practice guideline',
      url: 'https://doi.org/10.1210/jc.2011-0385',
    },
  },
  ferritin: {
    low: 45,
    high: 200,
    note: 'Below 45 ng/mL iron deficiency is likely enough that the AGA guideline uses it as its cut-off; well above 200 is worth a look for iron overload or inflammation.',
    citation: {
      source: 'Ko et al., American Gastroenterological Association',
      year: 2020,
      title: 'AGA Clinical Practice Guidelines on the Gastrointestinal Evaluation of Iron Deficiency Anemia',
      url: 'https://doi.org/10.1053/j.gastro.2020.06.046',
    },
  },
  hba1c: {
    low: null,
    high: 5.6,
    note: 'From 5.7% the ADA counts HbA1c as prediabetes, so staying at 5.6% or below keeps out of that band.',
    citation: {
      source: 'American Diabetes Association',
      year: 2024,
      title: 'Standards of Care in Diabetes, section 2: Diagnosis and Classification of Diabetes',
      url: 'https://doi.org/10.2337/dc24-S002',
    },
  },
  apob: {
    low: null,
    high: 80,
    note: 'ESC/EAS guidance sets ApoB goals of below 100, 80 and 65 mg/dL as cardiovascular risk rises; 80 mg/dL is the high-risk goal, stricter than most lab intervals.',
    citation: {
      source: 'Mach et al., ESC/EAS',
      year: 2019,
      title: '2019 ESC/EAS Guidelines for the management of dyslipidaemias: lipid modification to reduce cardiovascular risk',
      url: 'https://doi.org/10.1093/eurheartj/ehz455',
    },
  },
  'hs-crp': {
    low: null,
    high: 1,
    note: 'Below 1 mg/L is the lowest of the three cardiovascular risk groups in the AHA/CDC statement.',
    citation: {
      source: 'Pearson et al., AHA/CDC',
      year: 2003,
      title: 'Markers of inflammation and cardiovascular disease: application to clinical and public health practice',
      url: 'https://doi.org/10.1161/01.CIR.0000052939.59093.45',
    },
  },
  triglycerides: {
    low: null,
    high: 100,
    note: 'The AHA statement on triglycerides named a fasting level below 100 mg/dL as optimal, under the usual 150 mg/dL limit.',
    citation: {
      source: 'Miller et al., American Heart Association',
      year: 2011,
      title: 'Triglycerides and cardiovascular disease: a scientific statement from the American Heart Association',
      url: 'https://doi.org/10.1161/CIR.0b013e3182160726',
    },
  },
  ldl: {
    low: null,
    high: 100,
    note: 'NCEP ATP III classes LDL cholesterol below 100 mg/dL as optimal.',
    citation: {
      source: 'National Cholesterol Education Program (ATP III)',
      year: 2002,
      title: 'Third Report of the NCEP Expert Panel on Detection, Evaluation, and Treatment of High Blood Cholesterol in Adults',
      url: 'https://doi.org/10.1161/circ.106.25.3143',
    },
  },
};

/** Whole years between a birth date and a day (both yyyy-MM-dd), or null when either is missing. */
export function ageOn(dateOfBirth: string | null, day: string): number | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const age = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

/** The health profile as the ranges need it: "prefer not to answer" and blanks are unknown. */
export function rangeProfile(stats: { gender: string | null; dateOfBirth: string | null } | undefined, day: string): RangeProfile {
  const gender = stats?.gender;
  const sex = gender === GENDERS[0] || gender === GENDERS[1] ? gender : null;
  return { sex, age: ageOn(stats?.dateOfBirth ?? null, day) };
}

/** The band of the profile's sex and age, if the biomarker has bands and the profile says enough to pick one. */
export function profileRange(biomarker: string, profile: RangeProfile): { low: number | null; high: number | null } | null {
  const entry = REFERENCE_BANDS[biomarker];
  if (!entry || !profile.sex) return null;
  const usesAge = entry.bands.some((band) => band.minAge !== undefined || band.maxAge !== undefined);
  if (usesAge && profile.age === null) return null;
  const band = entry.bands.find(
    (one) =>
      one.sex === profile.sex &&
      (one.minAge === undefined || (profile.age !== null && profile.age >= one.minAge)) &&
      (one.maxAge === undefined || (profile.age !== null && profile.age <= one.maxAge)),
  );
  return band ? { low: band.low, high: band.high } : null;
}

export type RangeSource = 'report' | 'profile' | 'typical';
export type ChosenRange = { low: number | null; high: number | null; source: RangeSource };

/**
 * The reference range for one result or series, canonical: the one printed on the report when
 * there is one, else the band for the profile's sex and age, else the catalogue's typical adult
 * range. Printed ends count only together: a report's range is the lab's, not to be mixed.
 */
export function chooseReferenceRange(args: {
  biomarker: string;
  profile: RangeProfile;
  printed: { low: number | null; high: number | null } | null;
  typical: [number | null, number | null];
}): ChosenRange {
  const { printed } = args;
  if (printed && (printed.low !== null || printed.high !== null)) return { ...printed, source: 'report' };
  const band = profileRange(args.biomarker, args.profile);
  if (band) return { ...band, source: 'profile' };
  return { low: args.typical[0], high: args.typical[1], source: 'typical' };
}

/** Where a value (or a limit, "< 0.5") stands against a range: below it, above it, inside it, or unknown. */
export function rangePosition(value: number, range: { low: number | null; high: number | null }, comparator?: ValueComparator | null): 'low' | 'high' | 'normal' | null {
  return computeFlag(value, range.low, range.high, false, comparator);
}
