/**
 * Seed data for the reference supplement database (product.md, Tracking and Admin). Each entry
 * is a common supplement with the names people type for it, a short neutral description and an
 * authoritative page to read more.
 *
 * Tolerable upper intake levels (ULs) are the adult (19+) values of the US National Academies'
 * Food and Nutrition Board as published by the NIH Office of Dietary Supplements (ODS). They are
 * attached per nutrient, so that products of one nutrient (vitamin D3 and D2; magnesium citrate,
 * glycinate and oxide) add up against one limit. Where a UL covers only part of a product (the
 * elemental mineral in a salt, preformed vitamin A but not beta-carotene) the note says so; we do
 * not invent conversion factors that the sources do not give.
 *
 * A UL is the highest daily intake unlikely to cause harm for almost everyone; it is not a target,
 * and clinicians sometimes prescribe more for a limited time. Several ULs count food as well as
 * supplements, which the app cannot see; the notes say which.
 */

export const SUPPLEMENT_CATEGORIES = [
  'vitamin',
  'mineral',
  'amino acid',
  'fatty acid',
  'botanical',
  'probiotic',
  'other',
] as const;
export type SupplementCategory = (typeof SUPPLEMENT_CATEGORIES)[number];

export type DoseUnit = 'mg' | 'mcg' | 'g' | 'IU';

/** Nutrients whose amounts from several products are summed together. */
export const NUTRIENT_KEYS = [
  'vitamin-a',
  'vitamin-d',
  'vitamin-e',
  'vitamin-k',
  'vitamin-c',
  'thiamin',
  'riboflavin',
  'niacin',
  'pantothenic-acid',
  'vitamin-b6',
  'biotin',
  'folate',
  'vitamin-b12',
  'choline',
  'calcium',
  'magnesium',
  'iron',
  'zinc',
  'selenium',
  'iodine',
  'copper',
  'manganese',
  'molybdenum',
  'chromium',
  'potassium',
  'phosphorus',
  'boron',
  'nickel',
  'vanadium',
  'fluoride',
] as const;
export type NutrientKey = (typeof NUTRIENT_KEYS)[number];

export type UpperLimit = {
  amount: number;
  unit: DoseUnit;
  source: string;
  sourceUrl: string;
  note?: string;
};

/** Which IU definition applies to a product whose label gives IU (see NUTRIENT_IU_CONVERSIONS). */
export type IuConversionKey = 'vitamin-d' | 'vitamin-a-retinol' | 'vitamin-e-natural' | 'vitamin-e-synthetic';

export type ReferenceSupplementSeed = {
  name: string;
  category: SupplementCategory;
  /** Abbreviations, salt and form names, and spellings users type. */
  alternativeNames: string[];
  description: string;
  source: string;
  sourceUrl: string;
  /** Set when the product's labelled amount counts toward a nutrient's daily total. */
  nutrient?: NutrientKey;
  /** The adult UL of `nutrient`, where one exists. */
  upperLimit?: UpperLimit;
  /** Set when labels of this product may give IU and the conversion is well defined. */
  iuConversion?: IuConversionKey;
};

export type IuConversion = {
  key: IuConversionKey;
  nutrient: NutrientKey;
  form: string;
  /** 1 IU equals `amount` `unit` of the nutrient. */
  amount: number;
  unit: 'mcg' | 'mg';
  source: string;
  sourceUrl: string;
  note?: string;
};

// ─── Sources ────────────────────────────────────────────────────────────────────────────────────

const ODS_SOURCE = 'NIH Office of Dietary Supplements';
const NCCIH_SOURCE = 'NIH National Center for Complementary and Integrative Health';

function ods(factSheet: string): { source: string; sourceUrl: string } {
  return { source: ODS_SOURCE, sourceUrl: `https://ods.od.nih.gov/factsheets/${factSheet}-HealthProfessional/` };
}

function nccih(slug: string): { source: string; sourceUrl: string } {
  return { source: NCCIH_SOURCE, sourceUrl: `https://www.nccih.nih.gov/health/${slug}` };
}

/** For supplements with no dedicated NIH fact sheet: the NLM's A–Z list of herb and supplement monographs. */
const MEDLINEPLUS = {
  source: 'MedlinePlus Herbs and Supplements (National Library of Medicine)',
  sourceUrl: 'https://medlineplus.gov/druginfo/herb_All.html',
} as const;

const DRI_TRACE_ELEMENTS_REPORT = {
  source:
    'National Academies, Dietary Reference Intakes for Vitamin A, Vitamin K, Arsenic, Boron, Chromium, Copper, Iodine, Iron, Manganese, Molybdenum, Nickel, Silicon, Vanadium, and Zinc (2001)',
  sourceUrl: 'https://nap.nationalacademies.org/catalog/10026',
} as const;

const UL_SOURCE = `${ODS_SOURCE} (Food and Nutrition Board UL, adults 19+)`;

function odsUl(factSheet: string, amount: number, unit: DoseUnit, note: string): UpperLimit {
  return { amount, unit, source: UL_SOURCE, sourceUrl: ods(factSheet).sourceUrl, note };
}

// ─── Upper limits ───────────────────────────────────────────────────────────────────────────────

/** Adult tolerable upper intake levels, one per nutrient; nutrients without one are absent. */
export const NUTRIENT_UPPER_LIMITS: Partial<Record<NutrientKey, UpperLimit>> = {
  'vitamin-a': odsUl(
    'VitaminA',
    3000,
    'mcg',
    'In mcg RAE; equal to 10,000 IU. Applies only to preformed vitamin A (retinol and retinyl esters such as retinyl palmitate or acetate) from food and supplements. Beta-carotene and other provitamin A carotenoids do not count toward it.',
  ),
  'vitamin-d': odsUl(
    'VitaminD',
    100,
    'mcg',
    'Equal to 4,000 IU. Applies to total vitamin D (D2 and D3) from food and supplements.',
  ),
  'vitamin-e': odsUl(
    'VitaminE',
    1000,
    'mg',
    'In mg of alpha-tocopherol; equal to about 1,500 IU of natural d-alpha-tocopherol or 1,100 IU of synthetic dl-alpha-tocopherol. Applies to supplemental alpha-tocopherol in any form; vitamin E naturally present in food does not count.',
  ),
  'vitamin-c': odsUl('VitaminC', 2000, 'mg', 'Applies to total vitamin C from food and supplements.'),
  'vitamin-b6': odsUl('VitaminB6', 100, 'mg', 'Applies to total vitamin B6 from food and supplements.'),
  niacin: odsUl(
    'Niacin',
    35,
    'mg',
    'Applies to niacin from supplements and fortified foods, as nicotinic acid and niacinamide alike; niacin naturally present in food does not count. It was set to avoid the flushing that nicotinic acid causes.',
  ),
  folate: odsUl(
    'Folate',
    1000,
    'mcg',
    'In mcg of folic acid, not mcg DFE (1,000 mcg folic acid is about 1,667 mcg DFE). Applies to synthetic folate from supplements and fortified foods; folate naturally present in food does not count. It was derived from studies of folic acid.',
  ),
  choline: odsUl('Choline', 3500, 'mg', 'Applies to total choline from food and supplements.'),
  calcium: odsUl(
    'Calcium',
    2500,
    'mg',
    'For adults 19–50; the UL is 2,000 mg for adults 51 and older. Applies to elemental calcium from food and supplements combined.',
  ),
  magnesium: odsUl(
    'Magnesium',
    350,
    'mg',
    'Applies only to magnesium from supplements and medications, as elemental magnesium; magnesium naturally present in food and water does not count. A salt such as magnesium glycinate or citrate weighs more than the magnesium it provides, so count the elemental amount on the label.',
  ),
  iron: odsUl(
    'Iron',
    45,
    'mg',
    'Applies to elemental iron from food and supplements. The iron content depends on the form (ferrous sulfate is about 20% iron, ferrous gluconate about 12%, ferrous fumarate about 33%); labels list elemental iron.',
  ),
  zinc: odsUl(
    'Zinc',
    40,
    'mg',
    'Applies to elemental zinc from food and supplements. The zinc content depends on the form (zinc sulfate is about 23% zinc); labels list elemental zinc.',
  ),
  selenium: odsUl('Selenium', 400, 'mcg', 'Applies to total selenium from food and supplements.'),
  iodine: odsUl('Iodine', 1100, 'mcg', 'Applies to total iodine from food (including iodized salt) and supplements.'),
  copper: odsUl('Copper', 10, 'mg', 'Equal to 10,000 mcg. Applies to total copper from food and supplements.'),
  manganese: odsUl('Manganese', 11, 'mg', 'Applies to total manganese from food, water and supplements.'),
  molybdenum: odsUl('Molybdenum', 2000, 'mcg', 'Applies to total molybdenum from food and supplements.'),
  phosphorus: odsUl(
    'Phosphorus',
    4000,
    'mg',
    'For adults 19–70; the UL is 3,000 mg for adults 71 and older. Applies to total phosphorus from food and supplements.',
  ),
  boron: odsUl('Boron', 20, 'mg', 'Applies to total boron from food and supplements.'),
  fluoride: odsUl('Fluoride', 10, 'mg', 'Applies to total fluoride from food, water, supplements and swallowed dental products.'),
  nickel: {
    amount: 1,
    unit: 'mg',
    ...DRI_TRACE_ELEMENTS_REPORT,
    note: 'As soluble nickel salts; set from animal studies. Nickel is not an established essential nutrient for people.',
  },
  vanadium: {
    amount: 1.8,
    unit: 'mg',
    ...DRI_TRACE_ELEMENTS_REPORT,
    note: 'As elemental vanadium; set from animal studies. Vanadyl sulfate and other salts contain only part of their weight as vanadium.',
  },
};

function nutrientWithLimit(nutrient: NutrientKey): { nutrient: NutrientKey; upperLimit?: UpperLimit } {
  const upperLimit = NUTRIENT_UPPER_LIMITS[nutrient];
  return upperLimit ? { nutrient, upperLimit } : { nutrient };
}

// ─── IU conversions ─────────────────────────────────────────────────────────────────────────────

/** Only conversions that the sources define exactly. Carotenoids, for instance, are left out. */
export const NUTRIENT_IU_CONVERSIONS: readonly IuConversion[] = [
  {
    key: 'vitamin-d',
    nutrient: 'vitamin-d',
    form: 'vitamin D2 (ergocalciferol) or D3 (cholecalciferol)',
    amount: 0.025,
    unit: 'mcg',
    ...ods('VitaminD'),
    note: '40 IU = 1 mcg.',
  },
  {
    key: 'vitamin-a-retinol',
    nutrient: 'vitamin-a',
    form: 'preformed vitamin A (retinol and retinyl esters)',
    amount: 0.3,
    unit: 'mcg',
    ...ods('VitaminA'),
    note: 'Result is mcg RAE. Does not apply to beta-carotene or other carotenoids.',
  },
  {
    key: 'vitamin-e-natural',
    nutrient: 'vitamin-e',
    form: 'natural vitamin E (d-alpha-tocopherol, RRR-alpha-tocopherol, and its esters)',
    amount: 0.67,
    unit: 'mg',
    ...ods('VitaminE'),
    note: 'Result is mg of alpha-tocopherol.',
  },
  {
    key: 'vitamin-e-synthetic',
    nutrient: 'vitamin-e',
    form: 'synthetic vitamin E (dl-alpha-tocopherol, all-rac-alpha-tocopherol, and its esters)',
    amount: 0.45,
    unit: 'mg',
    ...ods('VitaminE'),
    note: 'Result is mg of alpha-tocopherol.',
  },
];

// ─── Supplements ────────────────────────────────────────────────────────────────────────────────

const VITAMINS: ReferenceSupplementSeed[] = [
  {
    name: 'Vitamin A (Retinyl Palmitate)',
    category: 'vitamin',
    alternativeNames: ['vitamin a', 'vit a', 'retinol', 'retinyl palmitate', 'retinyl acetate', 'preformed vitamin a'],
    description:
      'Preformed vitamin A, a fat-soluble vitamin involved in vision, immune function and cell growth. People take it mainly when their diet is low in liver, dairy and eggs.',
    ...ods('VitaminA'),
    ...nutrientWithLimit('vitamin-a'),
    iuConversion: 'vitamin-a-retinol',
  },
  {
    name: 'Beta-Carotene',
    category: 'vitamin',
    alternativeNames: ['beta carotene', 'b-carotene', 'provitamin a', 'carotene'],
    description:
      'A plant pigment that the body converts to vitamin A as needed. It does not count toward the vitamin A upper limit, which covers only preformed vitamin A.',
    ...ods('VitaminA'),
  },
  {
    name: 'Vitamin D3 (Cholecalciferol)',
    category: 'vitamin',
    alternativeNames: ['cholecalciferol', 'd3', 'vit d', 'vit d3', 'vitamin d', 'vitamin d3', 'vegan d3', 'lichen d3'],
    description:
      'The form of vitamin D the skin makes in sunlight, sold from animal (lanolin) or lichen sources. People take it to keep blood 25-hydroxyvitamin D in range, especially with little sun exposure.',
    ...ods('VitaminD'),
    ...nutrientWithLimit('vitamin-d'),
    iuConversion: 'vitamin-d',
  },
  {
    name: 'Vitamin D2 (Ergocalciferol)',
    category: 'vitamin',
    alternativeNames: ['ergocalciferol', 'd2', 'vit d2', 'vitamin d2', 'vitamin d', 'plant vitamin d'],
    description:
      'A plant- and fungus-derived form of vitamin D, used in some prescriptions and vegan products. It counts toward the same vitamin D total as D3.',
    ...ods('VitaminD'),
    ...nutrientWithLimit('vitamin-d'),
    iuConversion: 'vitamin-d',
  },
  {
    name: 'Vitamin E (d-Alpha-Tocopherol)',
    category: 'vitamin',
    alternativeNames: [
      'vitamin e',
      'vit e',
      'natural vitamin e',
      'd-alpha tocopherol',
      'rrr-alpha-tocopherol',
      'd-alpha tocopheryl acetate',
      'd-alpha tocopheryl succinate',
    ],
    description:
      'The natural form of vitamin E, a fat-soluble antioxidant nutrient. Labels may give IU or mg of alpha-tocopherol.',
    ...ods('VitaminE'),
    ...nutrientWithLimit('vitamin-e'),
    iuConversion: 'vitamin-e-natural',
  },
  {
    name: 'Vitamin E (dl-Alpha-Tocopherol)',
    category: 'vitamin',
    alternativeNames: ['synthetic vitamin e', 'dl-alpha tocopherol', 'all-rac-alpha-tocopherol', 'dl-alpha tocopheryl acetate'],
    description:
      'The synthetic form of vitamin E, found in many multivitamins. One IU of it provides less alpha-tocopherol than one IU of the natural form.',
    ...ods('VitaminE'),
    ...nutrientWithLimit('vitamin-e'),
    iuConversion: 'vitamin-e-synthetic',
  },
  {
    name: 'Mixed Tocopherols',
    category: 'vitamin',
    alternativeNames: ['tocopherols', 'gamma tocopherol', 'mixed vitamin e', 'full spectrum vitamin e'],
    description:
      'A blend of alpha, beta, gamma and delta tocopherols, the vitamin E family found in nuts and oils. Only the alpha-tocopherol on the label counts toward the vitamin E upper limit.',
    ...ods('VitaminE'),
  },
  {
    name: 'Tocotrienols',
    category: 'vitamin',
    alternativeNames: ['tocotrienol', 'annatto tocotrienols', 'palm tocotrienols', 'delta tocotrienol'],
    description:
      'Members of the vitamin E family extracted from palm oil, rice bran or annatto. They are studied separately from alpha-tocopherol and have no established intake recommendation.',
    ...ods('VitaminE'),
  },
  {
    name: 'Vitamin K1 (Phylloquinone)',
    category: 'vitamin',
    alternativeNames: ['vitamin k', 'vit k', 'k1', 'phylloquinone', 'phytonadione'],
    description:
      'The form of vitamin K in leafy greens, needed for blood clotting. People on warfarin are usually asked to keep their vitamin K intake steady.',
    ...ods('VitaminK'),
    nutrient: 'vitamin-k',
  },
  {
    name: 'Vitamin K2 (MK-7)',
    category: 'vitamin',
    alternativeNames: ['k2', 'mk-7', 'mk7', 'menaquinone-7', 'vitamin k2', 'natto k2'],
    description:
      'A long-acting menaquinone form of vitamin K, originally from fermented natto. Often paired with vitamin D3; people take it with bone and arterial health in mind.',
    ...ods('VitaminK'),
    nutrient: 'vitamin-k',
  },
  {
    name: 'Vitamin K2 (MK-4)',
    category: 'vitamin',
    alternativeNames: ['mk-4', 'mk4', 'menatetrenone', 'menaquinone-4'],
    description:
      'A short-acting menaquinone form of vitamin K found in animal foods and usually taken in milligram doses. It has no established upper limit.',
    ...ods('VitaminK'),
    nutrient: 'vitamin-k',
  },
  {
    name: 'Vitamin C (Ascorbic Acid)',
    category: 'vitamin',
    alternativeNames: ['vitamin c', 'vit c', 'ascorbic acid', 'l-ascorbic acid', 'ascorbate'],
    description:
      'A water-soluble vitamin needed to make collagen and an antioxidant nutrient. People commonly take it for general health and during the cold season.',
    ...ods('VitaminC'),
    ...nutrientWithLimit('vitamin-c'),
  },
  {
    name: 'Buffered Vitamin C (Mineral Ascorbates)',
    category: 'vitamin',
    alternativeNames: ['buffered vitamin c', 'sodium ascorbate', 'calcium ascorbate', 'magnesium ascorbate', 'ester-c', 'non-acidic vitamin c'],
    description:
      'Vitamin C bound to a mineral such as sodium or calcium, which some people find gentler on the stomach. Part of the weight is the mineral, so the label’s vitamin C amount is what counts.',
    ...ods('VitaminC'),
    ...nutrientWithLimit('vitamin-c'),
  },
  {
    name: 'Liposomal Vitamin C',
    category: 'vitamin',
    alternativeNames: ['liposomal c', 'lipo c', 'liposomal ascorbic acid'],
    description:
      'Vitamin C wrapped in phospholipid particles, marketed for absorption. It counts toward the same vitamin C total as other forms.',
    ...ods('VitaminC'),
    ...nutrientWithLimit('vitamin-c'),
  },
  {
    name: 'Vitamin B1 (Thiamine)',
    category: 'vitamin',
    alternativeNames: ['thiamine', 'thiamin', 'b1', 'vit b1', 'thiamine hcl', 'thiamine mononitrate'],
    description:
      'A B vitamin the body uses to turn food into energy. Supplements are common in B-complex products and among people who drink heavily or have had bariatric surgery.',
    ...ods('Thiamin'),
    nutrient: 'thiamin',
  },
  {
    name: 'Benfotiamine',
    category: 'vitamin',
    alternativeNames: ['benfo', 'fat-soluble b1', 's-benzoylthiamine o-monophosphate'],
    description:
      'A synthetic, fat-soluble derivative of thiamine that the body converts to thiamine. People often take it with nerve health in mind.',
    ...ods('Thiamin'),
    nutrient: 'thiamin',
  },
  {
    name: 'Vitamin B2 (Riboflavin)',
    category: 'vitamin',
    alternativeNames: ['riboflavin', 'b2', 'vit b2', 'riboflavin 5-phosphate', 'r5p'],
    description:
      'A B vitamin involved in energy metabolism; it turns urine bright yellow. Some people take higher doses with migraine prevention in mind.',
    ...ods('Riboflavin'),
    nutrient: 'riboflavin',
  },
  {
    name: 'Niacin (Nicotinic Acid)',
    category: 'vitamin',
    alternativeNames: ['niacin', 'b3', 'vit b3', 'vitamin b3', 'nicotinic acid', 'flush niacin'],
    description:
      'A form of vitamin B3 that commonly causes skin flushing at doses above about 30 mg. High-dose niacin has been used for cholesterol under medical supervision.',
    ...ods('Niacin'),
    ...nutrientWithLimit('niacin'),
  },
  {
    name: 'Niacinamide (Nicotinamide)',
    category: 'vitamin',
    alternativeNames: ['niacinamide', 'nicotinamide', 'no-flush b3', 'vitamin b3'],
    description:
      'A form of vitamin B3 that does not usually cause flushing. It counts toward the same niacin total as nicotinic acid.',
    ...ods('Niacin'),
    ...nutrientWithLimit('niacin'),
  },
  {
    name: 'Nicotinamide Riboside (NR)',
    category: 'vitamin',
    alternativeNames: ['nr', 'nicotinamide riboside chloride', 'niagen', 'nad precursor'],
    description:
      'A form of vitamin B3 that the body can use to make NAD+, a coenzyme in energy metabolism. People take it with healthy ageing in mind; human evidence is still early.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Nicotinamide Mononucleotide (NMN)',
    category: 'other',
    alternativeNames: ['nmn', 'beta-nmn', 'β-nmn', 'nad precursor'],
    description:
      'A molecule one step from NAD+ in the body, sold as an ageing-focused supplement. Human studies are small and short so far.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Vitamin B5 (Pantothenic Acid)',
    category: 'vitamin',
    alternativeNames: ['pantothenic acid', 'b5', 'vit b5', 'calcium pantothenate', 'd-calcium pantothenate'],
    description:
      'A B vitamin needed to make coenzyme A and found in nearly all foods. It is usually taken as part of a B complex.',
    ...ods('PantothenicAcid'),
    nutrient: 'pantothenic-acid',
  },
  {
    name: 'Pantethine',
    category: 'vitamin',
    alternativeNames: ['pantesin', 'pantethine b5'],
    description:
      'A form of vitamin B5 made of two pantetheine units. People take it mostly with blood lipids in mind.',
    ...ods('PantothenicAcid'),
    nutrient: 'pantothenic-acid',
  },
  {
    name: 'Vitamin B6 (Pyridoxine)',
    category: 'vitamin',
    alternativeNames: ['b6', 'vit b6', 'vitamin b6', 'pyridoxine', 'pyridoxine hcl', 'pyridoxine hydrochloride'],
    description:
      'A B vitamin involved in protein metabolism and neurotransmitter production. Long-term high doses can cause nerve symptoms, so totals across products matter.',
    ...ods('VitaminB6'),
    ...nutrientWithLimit('vitamin-b6'),
  },
  {
    name: "Pyridoxal 5'-Phosphate (P5P)",
    category: 'vitamin',
    alternativeNames: ['p5p', 'p-5-p', 'plp', 'pyridoxal phosphate', 'active b6', 'coenzyme b6'],
    description:
      'The active coenzyme form of vitamin B6, sold as an alternative to pyridoxine. It counts toward the same vitamin B6 total.',
    ...ods('VitaminB6'),
    ...nutrientWithLimit('vitamin-b6'),
  },
  {
    name: 'Biotin (Vitamin B7)',
    category: 'vitamin',
    alternativeNames: ['biotin', 'b7', 'vitamin b7', 'vitamin h', 'd-biotin'],
    description:
      'A B vitamin popular in hair, skin and nail products, often at doses far above need. High-dose biotin can distort some lab tests, including thyroid and troponin tests, so tell the lab before a blood draw.',
    ...ods('Biotin'),
    nutrient: 'biotin',
  },
  {
    name: 'Folic Acid',
    category: 'vitamin',
    alternativeNames: ['folate', 'folic acid', 'b9', 'vitamin b9', 'vit b9', 'pteroylglutamic acid'],
    description:
      'The synthetic form of folate used in supplements and fortified foods. It is recommended before and during early pregnancy to lower the risk of neural tube defects.',
    ...ods('Folate'),
    ...nutrientWithLimit('folate'),
  },
  {
    name: 'L-Methylfolate (5-MTHF)',
    category: 'vitamin',
    alternativeNames: ['methylfolate', '5-mthf', 'l-5-mthf', 'l-methylfolate calcium', 'metafolin', 'quatrefolic', 'methyl folate', 'active folate'],
    description:
      'The main circulating form of folate, sold as an alternative to folic acid, often to people with MTHFR gene variants. Labels usually give mcg DFE; the folate upper limit is expressed as folic acid.',
    ...ods('Folate'),
    ...nutrientWithLimit('folate'),
  },
  {
    name: 'Vitamin B12 (Cyanocobalamin)',
    category: 'vitamin',
    alternativeNames: ['b12', 'vit b12', 'vitamin b12', 'cyanocobalamin', 'cobalamin'],
    description:
      'The most common supplemental form of vitamin B12, needed for nerves and red blood cells. Vegans, older adults and people taking metformin or acid-reducing drugs often supplement it.',
    ...ods('VitaminB12'),
    nutrient: 'vitamin-b12',
  },
  {
    name: 'Methylcobalamin',
    category: 'vitamin',
    alternativeNames: ['methyl b12', 'methylcobalamin b12', 'mecobalamin', 'active b12'],
    description:
      'A coenzyme form of vitamin B12 used in many sublingual and "active" products. It counts toward the same B12 total as cyanocobalamin.',
    ...ods('VitaminB12'),
    nutrient: 'vitamin-b12',
  },
  {
    name: 'Adenosylcobalamin',
    category: 'vitamin',
    alternativeNames: ['adenosyl b12', 'cobamamide', 'dibencozide', 'adenosylcobalamin b12'],
    description:
      'The mitochondrial coenzyme form of vitamin B12, often combined with methylcobalamin. It has no established upper limit.',
    ...ods('VitaminB12'),
    nutrient: 'vitamin-b12',
  },
  {
    name: 'Hydroxocobalamin',
    category: 'vitamin',
    alternativeNames: ['hydroxy b12', 'hydroxycobalamin', 'hydroxocobalamin b12', 'b12 injection'],
    description:
      'A natural form of vitamin B12 used for injections in many countries and in some oral products. It counts toward the same B12 total.',
    ...ods('VitaminB12'),
    nutrient: 'vitamin-b12',
  },
  {
    name: 'Vitamin B Complex',
    category: 'vitamin',
    alternativeNames: ['b complex', 'b-complex', 'b vitamins', 'b-50', 'b-100', 'super b'],
    description:
      'A combination of the eight B vitamins in one product. Check the label for B6, niacin and folic acid, which have upper limits of their own.',
    ...ods('MVMS'),
  },
  {
    name: 'Multivitamin',
    category: 'vitamin',
    alternativeNames: ['multi', 'multivitamin/mineral', 'mvm', 'daily multi', 'one a day', 'multivitamin and mineral'],
    description:
      'A combination of vitamins and minerals, usually near daily requirement amounts. Its nutrients add to those from other supplements, so it is worth entering them separately when you track upper limits.',
    ...ods('MVMS'),
  },
  {
    name: 'Prenatal Multivitamin',
    category: 'vitamin',
    alternativeNames: ['prenatal', 'prenatal vitamin', 'pregnancy multivitamin'],
    description:
      'A multivitamin designed for pregnancy or trying to conceive, usually with folic acid or methylfolate, iron and iodine. Some add DHA.',
    ...ods('MVMS'),
  },
];

const MINERALS: ReferenceSupplementSeed[] = [
  {
    name: 'Calcium',
    category: 'mineral',
    alternativeNames: ['calcium', 'ca', 'calcium supplement'],
    description:
      'The main mineral of bones and teeth. People supplement it when dairy and other calcium-rich foods are low; labels list elemental calcium.',
    ...ods('Calcium'),
    ...nutrientWithLimit('calcium'),
  },
  {
    name: 'Calcium Carbonate',
    category: 'mineral',
    alternativeNames: ['calcium carbonate', 'caco3', 'tums', 'oyster shell calcium'],
    description:
      'An inexpensive calcium salt that is 40% calcium by weight and is best absorbed with food. It is also the active ingredient of some antacids.',
    ...ods('Calcium'),
    ...nutrientWithLimit('calcium'),
  },
  {
    name: 'Calcium Citrate',
    category: 'mineral',
    alternativeNames: ['calcium citrate', 'citracal', 'calcium citrate malate', 'ccm'],
    description:
      'A calcium salt that is 21% calcium by weight and is absorbed with or without food. It is often chosen by people taking acid-reducing medicines.',
    ...ods('Calcium'),
    ...nutrientWithLimit('calcium'),
  },
  {
    name: 'Magnesium',
    category: 'mineral',
    alternativeNames: ['magnesium', 'mg', 'mag', 'magnesium supplement'],
    description:
      'A mineral used in hundreds of enzyme reactions, including muscle and nerve function. Labels list elemental magnesium; the upper limit counts only magnesium from supplements.',
    ...ods('Magnesium'),
    ...nutrientWithLimit('magnesium'),
  },
  {
    name: 'Magnesium Glycinate',
    category: 'mineral',
    alternativeNames: ['mag glycinate', 'magnesium bisglycinate', 'magnesium diglycinate', 'magnesium glycinate chelate', 'mg glycinate'],
    description:
      'Magnesium bound to the amino acid glycine, popular for evening use and often described as gentle on the stomach. The salt weighs much more than the magnesium it contains.',
    ...ods('Magnesium'),
    ...nutrientWithLimit('magnesium'),
  },
  {
    name: 'Magnesium Citrate',
    category: 'mineral',
    alternativeNames: ['mag citrate', 'magnesium citrate powder', 'mg citrate', 'natural calm'],
    description:
      'A well-absorbed magnesium salt; in larger amounts it acts as a laxative. Count the elemental magnesium on the label.',
    ...ods('Magnesium'),
    ...nutrientWithLimit('magnesium'),
  },
  {
    name: 'Magnesium Oxide',
    category: 'mineral',
    alternativeNames: ['mag oxide', 'mgo', 'magnesium oxide 400', 'mg oxide'],
    description:
      'A compact, inexpensive magnesium salt with a high magnesium content by weight, also used as an antacid and laxative. Its absorption is lower than that of some other forms.',
    ...ods('Magnesium'),
    ...nutrientWithLimit('magnesium'),
  },
  {
    name: 'Magnesium L-Threonate',
    category: 'mineral',
    alternativeNames: ['magnesium threonate', 'mag threonate', 'magtein', 'l-threonate'],
    description:
      'Magnesium bound to threonic acid, marketed for cognition and sleep. It provides relatively little elemental magnesium per capsule.',
    ...ods('Magnesium'),
    ...nutrientWithLimit('magnesium'),
  },
  {
    name: 'Magnesium Malate',
    category: 'mineral',
    alternativeNames: ['mag malate', 'dimagnesium malate', 'mg malate'],
    description:
      'Magnesium bound to malic acid, often taken during the day. Count the elemental magnesium on the label.',
    ...ods('Magnesium'),
    ...nutrientWithLimit('magnesium'),
  },
  {
    name: 'Magnesium Taurate',
    category: 'mineral',
    alternativeNames: ['mag taurate', 'magnesium taurinate', 'mg taurate'],
    description:
      'Magnesium bound to the amino acid taurine. People often choose it with heart health in mind; count the elemental magnesium on the label.',
    ...ods('Magnesium'),
    ...nutrientWithLimit('magnesium'),
  },
  {
    name: 'Magnesium Chloride',
    category: 'mineral',
    alternativeNames: ['mag chloride', 'mgcl2', 'magnesium chloride flakes', 'slow-mag'],
    description:
      'A magnesium salt sold as tablets, drops and bath flakes. Only magnesium taken by mouth counts toward the supplemental limit.',
    ...ods('Magnesium'),
    ...nutrientWithLimit('magnesium'),
  },
  {
    name: 'Iron',
    category: 'mineral',
    alternativeNames: ['iron', 'fe', 'iron supplement', 'iron pill'],
    description:
      'A mineral needed to make hemoglobin. People supplement it for low ferritin or iron-deficiency anaemia, ideally guided by blood tests because excess iron is harmful.',
    ...ods('Iron'),
    ...nutrientWithLimit('iron'),
  },
  {
    name: 'Ferrous Sulfate',
    category: 'mineral',
    alternativeNames: ['ferrous sulphate', 'iron sulfate', 'feso4', 'ferrous sulfate 325'],
    description:
      'The standard, inexpensive iron salt, about 20% elemental iron by weight (a 325 mg tablet provides about 65 mg iron). Stomach upset and constipation are common.',
    ...ods('Iron'),
    ...nutrientWithLimit('iron'),
  },
  {
    name: 'Ferrous Gluconate',
    category: 'mineral',
    alternativeNames: ['iron gluconate', 'ferrous gluconate 324'],
    description:
      'An iron salt about 12% elemental iron by weight, sometimes chosen as gentler than ferrous sulfate. Count the elemental iron on the label.',
    ...ods('Iron'),
    ...nutrientWithLimit('iron'),
  },
  {
    name: 'Ferrous Fumarate',
    category: 'mineral',
    alternativeNames: ['iron fumarate', 'ferrous fumarate 324'],
    description:
      'An iron salt about 33% elemental iron by weight. Count the elemental iron on the label.',
    ...ods('Iron'),
    ...nutrientWithLimit('iron'),
  },
  {
    name: 'Iron Bisglycinate',
    category: 'mineral',
    alternativeNames: ['iron glycinate', 'ferrous bisglycinate', 'ferrochel', 'gentle iron', 'iron chelate'],
    description:
      'Iron bound to glycine, marketed as easier on the stomach than iron salts. Count the elemental iron on the label.',
    ...ods('Iron'),
    ...nutrientWithLimit('iron'),
  },
  {
    name: 'Zinc',
    category: 'mineral',
    alternativeNames: ['zinc', 'zn', 'zinc supplement'],
    description:
      'A mineral involved in immune function, wound healing and taste. Long-term high intakes can lower copper levels; labels list elemental zinc.',
    ...ods('Zinc'),
    ...nutrientWithLimit('zinc'),
  },
  {
    name: 'Zinc Picolinate',
    category: 'mineral',
    alternativeNames: ['zinc picolinate', 'zn picolinate'],
    description: 'Zinc bound to picolinic acid, a common capsule form. Count the elemental zinc on the label.',
    ...ods('Zinc'),
    ...nutrientWithLimit('zinc'),
  },
  {
    name: 'Zinc Gluconate',
    category: 'mineral',
    alternativeNames: ['zinc gluconate', 'zinc lozenges', 'zicam'],
    description:
      'A zinc salt used in tablets and cold lozenges. Lozenges taken several times a day can add up quickly, so count every one.',
    ...ods('Zinc'),
    ...nutrientWithLimit('zinc'),
  },
  {
    name: 'Zinc Acetate',
    category: 'mineral',
    alternativeNames: ['zinc acetate', 'zinc acetate lozenge'],
    description: 'A zinc salt used mainly in cold lozenges. Count the elemental zinc per lozenge.',
    ...ods('Zinc'),
    ...nutrientWithLimit('zinc'),
  },
  {
    name: 'Zinc Citrate',
    category: 'mineral',
    alternativeNames: ['zinc citrate', 'zn citrate'],
    description: 'A zinc salt used in tablets and toothpaste. Count the elemental zinc on the label.',
    ...ods('Zinc'),
    ...nutrientWithLimit('zinc'),
  },
  {
    name: 'Zinc Sulfate',
    category: 'mineral',
    alternativeNames: ['zinc sulphate', 'znso4'],
    description:
      'A zinc salt about 23% zinc by weight (220 mg provides about 50 mg zinc). Count the elemental zinc on the label.',
    ...ods('Zinc'),
    ...nutrientWithLimit('zinc'),
  },
  {
    name: 'Zinc Bisglycinate',
    category: 'mineral',
    alternativeNames: ['zinc glycinate', 'zinc chelate', 'zinc bisglycinate chelate'],
    description: 'Zinc bound to glycine, marketed as gentle on the stomach. Count the elemental zinc on the label.',
    ...ods('Zinc'),
    ...nutrientWithLimit('zinc'),
  },
  {
    name: 'Selenium',
    category: 'mineral',
    alternativeNames: ['selenium', 'se', 'selenium supplement'],
    description:
      'A trace mineral used in antioxidant enzymes and thyroid hormone metabolism. Brazil nuts are a very rich food source, so totals can climb quickly.',
    ...ods('Selenium'),
    ...nutrientWithLimit('selenium'),
  },
  {
    name: 'Selenomethionine',
    category: 'mineral',
    alternativeNames: ['l-selenomethionine', 'selenium yeast', 'selenium methionine'],
    description: 'An organic form of selenium found in food and selenium yeast. It counts toward the same selenium total.',
    ...ods('Selenium'),
    ...nutrientWithLimit('selenium'),
  },
  {
    name: 'Sodium Selenite',
    category: 'mineral',
    alternativeNames: ['selenite', 'sodium selenate', 'inorganic selenium'],
    description: 'An inorganic form of selenium used in multivitamins. It counts toward the same selenium total.',
    ...ods('Selenium'),
    ...nutrientWithLimit('selenium'),
  },
  {
    name: 'Iodine (Potassium Iodide)',
    category: 'mineral',
    alternativeNames: ['iodine', 'potassium iodide', 'ki', 'iodide', 'lugols', "lugol's iodine", 'sodium iodide'],
    description:
      'A trace mineral needed to make thyroid hormones. Both too little and too much can disturb thyroid function, and high-dose iodine products exceed the upper limit easily.',
    ...ods('Iodine'),
    ...nutrientWithLimit('iodine'),
  },
  {
    name: 'Kelp',
    category: 'other',
    alternativeNames: ['kelp', 'sea kelp', 'bladderwrack', 'seaweed iodine', 'fucus', 'kombu'],
    description:
      'Dried seaweed sold as a natural iodine source; iodine content varies widely between products. If the label gives an iodine amount, log it under iodine too.',
    ...ods('Iodine'),
  },
  {
    name: 'Copper',
    category: 'mineral',
    alternativeNames: ['copper', 'cu', 'copper bisglycinate', 'copper gluconate', 'copper citrate', 'cupric oxide'],
    description:
      'A trace mineral needed for iron metabolism and connective tissue. It is often paired with zinc, because long-term high zinc intake can deplete copper.',
    ...ods('Copper'),
    ...nutrientWithLimit('copper'),
  },
  {
    name: 'Manganese',
    category: 'mineral',
    alternativeNames: ['manganese', 'mn', 'manganese gluconate', 'manganese bisglycinate', 'manganese citrate'],
    description:
      'A trace mineral used by enzymes in bone formation and metabolism. Deficiency is rare; it appears in multivitamins and joint formulas.',
    ...ods('Manganese'),
    ...nutrientWithLimit('manganese'),
  },
  {
    name: 'Molybdenum',
    category: 'mineral',
    alternativeNames: ['molybdenum', 'mo', 'molybdenum glycinate', 'sodium molybdate'],
    description:
      'A trace mineral that helps several enzymes break down amino acids and other compounds. Diets almost always supply enough.',
    ...ods('Molybdenum'),
    ...nutrientWithLimit('molybdenum'),
  },
  {
    name: 'Chromium',
    category: 'mineral',
    alternativeNames: ['chromium', 'cr', 'chromium polynicotinate', 'chromium chloride', 'gtf chromium'],
    description:
      'A trace mineral that people take hoping to support blood sugar control. No upper limit has been set.',
    ...ods('Chromium'),
    nutrient: 'chromium',
  },
  {
    name: 'Chromium Picolinate',
    category: 'mineral',
    alternativeNames: ['chromium picolinate', 'chromax', 'cr picolinate'],
    description:
      'The most common supplemental form of chromium, often sold for blood sugar or weight goals. It counts toward the same chromium total.',
    ...ods('Chromium'),
    nutrient: 'chromium',
  },
  {
    name: 'Potassium',
    category: 'mineral',
    alternativeNames: ['potassium', 'potassium citrate', 'potassium chloride', 'potassium gluconate', 'kcl'],
    description:
      'An electrolyte important for nerve, muscle and heart function, found in fruits and vegetables. Over-the-counter products usually contain 99 mg or less per serving; people with kidney disease or on certain blood pressure drugs should be careful with extra potassium.',
    ...ods('Potassium'),
    nutrient: 'potassium',
  },
  {
    name: 'Phosphorus',
    category: 'mineral',
    alternativeNames: ['phosphorus', 'phosphate', 'sodium phosphate', 'potassium phosphate'],
    description:
      'A mineral in bones, teeth and cell membranes that most diets supply in plenty. Supplements are uncommon outside medical use.',
    ...ods('Phosphorus'),
    ...nutrientWithLimit('phosphorus'),
  },
  {
    name: 'Boron',
    category: 'mineral',
    alternativeNames: ['boron', 'boron citrate', 'boron glycinate', 'calcium fructoborate'],
    description:
      'A trace element found in fruits, nuts and vegetables. People take it with bone, joint or hormone goals in mind; it is not established as essential.',
    ...ods('Boron'),
    ...nutrientWithLimit('boron'),
  },
  {
    name: 'Fluoride',
    category: 'mineral',
    alternativeNames: ['fluoride', 'sodium fluoride', 'fluoride drops', 'fluoride tablets'],
    description:
      'A mineral that strengthens tooth enamel, mostly obtained from fluoridated water and toothpaste. Supplements are usually prescribed for children in low-fluoride areas.',
    ...ods('Fluoride'),
    ...nutrientWithLimit('fluoride'),
  },
  {
    name: 'Vanadium (Vanadyl Sulfate)',
    category: 'mineral',
    alternativeNames: ['vanadium', 'vanadyl sulfate', 'vanadyl sulphate', 'bmov'],
    description:
      'A trace element sold mainly to bodybuilders and for blood sugar goals. It is not established as essential, and its upper limit is based on animal data.',
    ...DRI_TRACE_ELEMENTS_REPORT,
    ...nutrientWithLimit('vanadium'),
  },
  {
    name: 'Nickel',
    category: 'mineral',
    alternativeNames: ['nickel', 'ni', 'nickel sulfate'],
    description:
      'A trace element present in foods such as cocoa, nuts and legumes and in microgram amounts in a few multivitamins. It is not established as essential, and nickel allergy is common.',
    ...DRI_TRACE_ELEMENTS_REPORT,
    ...nutrientWithLimit('nickel'),
  },
  {
    name: 'Silica',
    category: 'mineral',
    alternativeNames: ['silicon', 'silica', 'orthosilicic acid', 'ch-osa', 'horsetail silica', 'bamboo silica'],
    description:
      'Silicon compounds sold for hair, skin, nails and bones. No upper limit has been set, and silicon is not established as essential.',
    ...DRI_TRACE_ELEMENTS_REPORT,
  },
  {
    name: 'Electrolyte Mix',
    category: 'mineral',
    alternativeNames: ['electrolytes', 'lmnt', 'oral rehydration salts', 'ors', 'sodium potassium magnesium'],
    description:
      'Powders or tablets of sodium, potassium and often magnesium, used around exercise, heat or fasting. Enter any magnesium they contain under magnesium to keep totals accurate.',
    ...ods('Potassium'),
  },
];

const AMINO_ACIDS: ReferenceSupplementSeed[] = [
  {
    name: 'L-Theanine',
    category: 'amino acid',
    alternativeNames: ['theanine', 'l theanine', 'suntheanine', 'l-theanine 200'],
    description:
      'An amino acid found in tea leaves. People take it for calm focus, often together with caffeine.',
    ...MEDLINEPLUS,
  },
  {
    name: 'L-Glutamine',
    category: 'amino acid',
    alternativeNames: ['glutamine', 'l glutamine', 'gln'],
    description:
      'The most abundant amino acid in the blood. Athletes and people interested in gut health take it, though evidence for performance benefits is weak.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'L-Arginine',
    category: 'amino acid',
    alternativeNames: ['arginine', 'l arginine', 'arginine hcl', 'arginine akg', 'aakg'],
    description:
      'An amino acid the body uses to make nitric oxide. People take it for blood flow and exercise, though much of an oral dose is broken down before it reaches the circulation.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'L-Citrulline',
    category: 'amino acid',
    alternativeNames: ['citrulline', 'l citrulline', 'citrulline malate', 'l-citrulline malate'],
    description:
      'An amino acid from watermelon that the body converts to arginine. It is popular in pre-workout products; citrulline malate contains less citrulline per gram than pure L-citrulline.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'L-Carnitine',
    category: 'amino acid',
    alternativeNames: ['carnitine', 'l carnitine', 'l-carnitine tartrate', 'l-carnitine l-tartrate', 'lclt', 'carnipure'],
    description:
      'A compound that moves fatty acids into mitochondria, made in the body and found in meat. People take it for exercise recovery or weight goals.',
    ...ods('Carnitine'),
  },
  {
    name: 'Acetyl-L-Carnitine',
    category: 'amino acid',
    alternativeNames: ['alcar', 'acetyl l carnitine', 'acetylcarnitine', 'alc'],
    description:
      'An acetylated form of carnitine that crosses into the brain more readily. People take it with energy and cognition in mind.',
    ...ods('Carnitine'),
  },
  {
    name: 'Taurine',
    category: 'amino acid',
    alternativeNames: ['l-taurine', 'taurine powder'],
    description:
      'A sulfur-containing amino acid abundant in heart, muscle and eyes, and an energy drink ingredient. Research on supplementing it for ageing is ongoing.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Glycine',
    category: 'amino acid',
    alternativeNames: ['l-glycine', 'glycine powder', 'gly'],
    description:
      'The simplest amino acid, a building block of collagen and glutathione. Some people take a few grams before bed for sleep.',
    ...MEDLINEPLUS,
  },
  {
    name: 'L-Lysine',
    category: 'amino acid',
    alternativeNames: ['lysine', 'l lysine', 'lysine hcl'],
    description:
      'An essential amino acid found in protein foods. People often take it with cold sores in mind.',
    ...MEDLINEPLUS,
  },
  {
    name: 'L-Tyrosine',
    category: 'amino acid',
    alternativeNames: ['tyrosine', 'l tyrosine', 'n-acetyl l-tyrosine', 'nalt'],
    description:
      'An amino acid the body uses to make dopamine, noradrenaline and thyroid hormones. People take it for focus under stress.',
    ...MEDLINEPLUS,
  },
  {
    name: 'L-Tryptophan',
    category: 'amino acid',
    alternativeNames: ['tryptophan', 'l tryptophan', 'trp'],
    description:
      'An essential amino acid the body converts to serotonin and melatonin. It can interact with antidepressants and other serotonergic drugs.',
    ...MEDLINEPLUS,
  },
  {
    name: '5-HTP',
    category: 'amino acid',
    alternativeNames: ['5-hydroxytryptophan', '5 htp', 'oxitriptan', 'griffonia'],
    description:
      'A compound from Griffonia seeds that the body converts to serotonin. People take it for mood or sleep; it should not be combined with antidepressants without a clinician.',
    ...MEDLINEPLUS,
  },
  {
    name: 'N-Acetylcysteine (NAC)',
    category: 'amino acid',
    alternativeNames: ['nac', 'n-acetyl cysteine', 'n-acetyl-l-cysteine', 'acetylcysteine'],
    description:
      'A form of the amino acid cysteine that the body uses to make glutathione. It is also a medicine for acetaminophen overdose and for loosening mucus.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Beta-Alanine',
    category: 'amino acid',
    alternativeNames: ['beta alanine', 'b-alanine', 'carnosyn'],
    description:
      'An amino acid that raises muscle carnosine, used by athletes for high-intensity efforts. It commonly causes a harmless tingling of the skin.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Branched-Chain Amino Acids (BCAA)',
    category: 'amino acid',
    alternativeNames: ['bcaa', 'bcaas', 'leucine isoleucine valine', 'branched chain amino acids'],
    description:
      'Leucine, isoleucine and valine, sold as a workout drink. People who already eat enough protein may gain little from them.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Essential Amino Acids (EAA)',
    category: 'amino acid',
    alternativeNames: ['eaa', 'eaas', 'essential aminos'],
    description:
      'A blend of the nine amino acids the body cannot make, used around training or on low-protein diets.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'L-Leucine',
    category: 'amino acid',
    alternativeNames: ['leucine', 'l leucine'],
    description:
      'The branched-chain amino acid most linked to muscle protein synthesis. Often added to protein shakes or taken by older adults.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'L-Ornithine',
    category: 'amino acid',
    alternativeNames: ['ornithine', 'l ornithine', 'ornithine hcl', 'l-ornithine l-aspartate'],
    description:
      'An amino acid of the urea cycle. People take it with exercise fatigue or sleep in mind; evidence is limited.',
    ...MEDLINEPLUS,
  },
  {
    name: 'GABA',
    category: 'amino acid',
    alternativeNames: ['gamma-aminobutyric acid', 'gamma aminobutyric acid', 'pharma gaba'],
    description:
      'A calming neurotransmitter sold as a supplement for relaxation and sleep. How much oral GABA reaches the brain is unclear.',
    ...MEDLINEPLUS,
  },
  {
    name: 'L-Methionine',
    category: 'amino acid',
    alternativeNames: ['methionine', 'l methionine', 'dl-methionine'],
    description:
      'An essential sulfur-containing amino acid that is a precursor of SAMe and cysteine. It is rarely supplemented alone.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Glutathione',
    category: 'amino acid',
    alternativeNames: ['gsh', 'reduced glutathione', 'l-glutathione', 'liposomal glutathione', 'setria'],
    description:
      'A tripeptide made from glutamate, cysteine and glycine that acts as the main antioxidant inside cells. Oral absorption is debated; liposomal forms are marketed for it.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Carnosine',
    category: 'amino acid',
    alternativeNames: ['l-carnosine', 'beta-alanyl-l-histidine'],
    description: 'A dipeptide of beta-alanine and histidine concentrated in muscle and brain. Sold for ageing and exercise goals.',
    ...MEDLINEPLUS,
  },
  {
    name: 'HMB (Beta-Hydroxy Beta-Methylbutyrate)',
    category: 'amino acid',
    alternativeNames: ['hmb', 'beta-hydroxy-beta-methylbutyrate', 'calcium hmb', 'hmb free acid', 'mytrient'],
    description:
      'A breakdown product of leucine that people take to preserve muscle during training, ageing or bed rest. Results in trained athletes are mixed.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
];

const FATTY_ACIDS: ReferenceSupplementSeed[] = [
  {
    name: 'Fish Oil (Omega-3)',
    category: 'fatty acid',
    alternativeNames: ['fish oil', 'omega 3', 'omega-3', 'omega3', 'epa dha', 'epa/dha', 'n-3 fatty acids'],
    description:
      'Oil from fatty fish providing the omega-3 fats EPA and DHA. People take it for heart, brain and triglyceride goals; count the EPA and DHA per serving rather than the oil weight.',
    ...ods('Omega3FattyAcids'),
  },
  {
    name: 'Krill Oil',
    category: 'fatty acid',
    alternativeNames: ['krill', 'antarctic krill oil', 'superba'],
    description:
      'Oil from Antarctic krill containing EPA and DHA partly bound to phospholipids, plus the pigment astaxanthin. Servings usually contain less EPA and DHA than fish oil.',
    ...ods('Omega3FattyAcids'),
  },
  {
    name: 'Cod Liver Oil',
    category: 'fatty acid',
    alternativeNames: ['cod liver', 'clo', 'fermented cod liver oil'],
    description:
      'Fish liver oil that provides EPA, DHA and naturally occurring vitamins A and D. Enter its vitamin A and D amounts as well, because they count toward those upper limits.',
    ...ods('Omega3FattyAcids'),
  },
  {
    name: 'Algal Oil (Omega-3)',
    category: 'fatty acid',
    alternativeNames: ['algae oil', 'algal dha', 'vegan omega 3', 'algae omega-3', 'schizochytrium oil'],
    description:
      'Omega-3 oil made from microalgae, the original source of the DHA in fish. A common choice for vegetarians and vegans.',
    ...ods('Omega3FattyAcids'),
  },
  {
    name: 'EPA (Eicosapentaenoic Acid)',
    category: 'fatty acid',
    alternativeNames: ['epa', 'eicosapentaenoic acid', 'icosapent ethyl', 'high epa fish oil', 'vascepa'],
    description:
      'A long-chain omega-3 fat sold as concentrates. A purified prescription form, icosapent ethyl, is used to lower triglycerides.',
    ...ods('Omega3FattyAcids'),
  },
  {
    name: 'DHA (Docosahexaenoic Acid)',
    category: 'fatty acid',
    alternativeNames: ['dha', 'docosahexaenoic acid', 'high dha'],
    description:
      'A long-chain omega-3 fat concentrated in the brain and retina. Common in prenatal products.',
    ...ods('Omega3FattyAcids'),
  },
  {
    name: 'Flaxseed Oil',
    category: 'fatty acid',
    alternativeNames: ['flax oil', 'linseed oil', 'ala', 'alpha-linolenic acid', 'flaxseed'],
    description:
      'A plant oil rich in the omega-3 fat ALA. The body converts only a small share of ALA into EPA and DHA.',
    ...nccih('flaxseed-and-flaxseed-oil'),
  },
  {
    name: 'Evening Primrose Oil',
    category: 'fatty acid',
    alternativeNames: ['epo', 'evening primrose', 'gla', 'gamma-linolenic acid', 'oenothera'],
    description:
      'Seed oil rich in the omega-6 fat GLA. People take it for skin, breast pain or menopause symptoms, with limited evidence.',
    ...nccih('evening-primrose-oil'),
  },
  {
    name: 'Borage Oil',
    category: 'fatty acid',
    alternativeNames: ['borage', 'starflower oil', 'borage seed oil'],
    description:
      'A seed oil with a high GLA content. Choose products certified free of pyrrolizidine alkaloids, which can harm the liver.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Conjugated Linoleic Acid (CLA)',
    category: 'fatty acid',
    alternativeNames: ['cla', 'conjugated linoleic acid', 'tonalin'],
    description:
      'A group of linoleic acid isomers found in dairy and beef, sold for weight loss. Studies show small or no effects on body fat.',
    ...ods('WeightLoss'),
  },
  {
    name: 'MCT Oil',
    category: 'fatty acid',
    alternativeNames: ['mct', 'medium chain triglycerides', 'c8', 'caprylic acid', 'c8 mct', 'brain octane'],
    description:
      'Medium-chain fats, usually from coconut or palm kernel oil, that the liver turns readily into ketones. Popular on ketogenic diets; large servings can upset the stomach.',
    ...MEDLINEPLUS,
  },
];

const BOTANICALS: ReferenceSupplementSeed[] = [
  {
    name: 'Ashwagandha',
    category: 'botanical',
    alternativeNames: ['withania somnifera', 'ksm-66', 'sensoril', 'indian ginseng', 'winter cherry', 'ashwaganda'],
    description:
      'An Ayurvedic root extract that people take for stress, sleep and energy. Rare cases of liver injury have been reported, and it may affect thyroid hormone levels.',
    ...nccih('ashwagandha'),
  },
  {
    name: 'Turmeric (Curcumin)',
    category: 'botanical',
    alternativeNames: ['turmeric', 'curcumin', 'curcuma longa', 'meriva', 'bcm-95', 'theracurmin', 'curcumin with piperine'],
    description:
      'A yellow spice root whose curcuminoids are poorly absorbed alone, so products often add black pepper extract or special formulations. People take it for joint comfort and general inflammation goals.',
    ...nccih('turmeric'),
  },
  {
    name: 'Ginger',
    category: 'botanical',
    alternativeNames: ['ginger root', 'zingiber officinale', 'ginger extract'],
    description:
      'A culinary root used for nausea, including motion sickness and pregnancy nausea. Usually taken as capsules, tea or chews.',
    ...nccih('ginger'),
  },
  {
    name: 'Garlic',
    category: 'botanical',
    alternativeNames: ['garlic extract', 'aged garlic extract', 'allicin', 'allium sativum', 'kyolic'],
    description:
      'Garlic powder, oil or aged extract, taken with blood pressure and cholesterol in mind. It may add to the effect of blood thinners.',
    ...nccih('garlic'),
  },
  {
    name: 'Echinacea',
    category: 'botanical',
    alternativeNames: ['echinacea purpurea', 'purple coneflower', 'echinacea angustifolia'],
    description:
      'A coneflower extract that people take at the start of a cold. Study results on colds are mixed.',
    ...nccih('echinacea'),
  },
  {
    name: 'Elderberry',
    category: 'botanical',
    alternativeNames: ['elderberry syrup', 'sambucus', 'sambucus nigra', 'black elderberry', 'european elder', 'sambucol'],
    description:
      'Syrups, gummies or lozenges made from cooked black elderberries, taken during colds and flu. Raw berries, leaves and stems are toxic.',
    ...nccih('european-elder'),
  },
  {
    name: 'Ginkgo Biloba',
    category: 'botanical',
    alternativeNames: ['ginkgo', 'gingko', 'ginkgo leaf extract', 'egb 761'],
    description:
      'A leaf extract from the ginkgo tree, taken for memory and circulation. Large trials did not find it prevents dementia, and it may increase bleeding risk with blood thinners.',
    ...nccih('ginkgo'),
  },
  {
    name: 'Panax Ginseng',
    category: 'botanical',
    alternativeNames: ['asian ginseng', 'korean ginseng', 'red ginseng', 'korean red ginseng', 'ginseng', 'panax'],
    description:
      'The root of Panax ginseng, used for energy, stamina and wellbeing. It may affect blood sugar and interact with some medicines.',
    ...nccih('asian-ginseng'),
  },
  {
    name: 'Green Tea Extract',
    category: 'botanical',
    alternativeNames: ['green tea', 'egcg', 'camellia sinensis', 'catechins', 'matcha extract'],
    description:
      'A concentrated extract of tea catechins such as EGCG, sold for weight and antioxidant goals. High-dose extracts, especially taken fasting, have been linked to liver injury.',
    ...nccih('green-tea'),
  },
  {
    name: 'Milk Thistle',
    category: 'botanical',
    alternativeNames: ['silymarin', 'silybin', 'silybum marianum', 'milk thistle seed'],
    description:
      'A seed extract containing silymarin, taken with liver health in mind. Study results in liver disease are inconsistent.',
    ...nccih('milk-thistle'),
  },
  {
    name: 'Saw Palmetto',
    category: 'botanical',
    alternativeNames: ['serenoa repens', 'saw palmetto berry', 'sabal'],
    description:
      'A berry extract that men take for urinary symptoms of an enlarged prostate. Large trials have found it no better than placebo for those symptoms.',
    ...nccih('saw-palmetto'),
  },
  {
    name: "St. John's Wort",
    category: 'botanical',
    alternativeNames: ['st johns wort', 'saint johns wort', 'hypericum', 'hypericum perforatum', 'sjw'],
    description:
      'A flowering herb taken for low mood. It interacts with many medicines, including birth control pills, antidepressants, blood thinners and HIV drugs, by speeding their breakdown.',
    ...nccih('st-johns-wort'),
  },
  {
    name: 'Valerian',
    category: 'botanical',
    alternativeNames: ['valerian root', 'valeriana officinalis'],
    description: 'A root extract used as a sleep aid, often as tea or capsules. Evidence for sleep is inconsistent.',
    ...nccih('valerian'),
  },
  {
    name: 'Chamomile',
    category: 'botanical',
    alternativeNames: ['chamomile tea', 'matricaria', 'german chamomile', 'camomile'],
    description: 'A daisy-like flower usually drunk as tea for relaxation, sleep and digestion.',
    ...nccih('chamomile'),
  },
  {
    name: 'Black Cohosh',
    category: 'botanical',
    alternativeNames: ['actaea racemosa', 'cimicifuga', 'remifemin', 'black snakeroot'],
    description:
      'A root extract taken for menopausal hot flashes, with mixed results. Rare cases of liver injury have been reported.',
    ...nccih('black-cohosh'),
  },
  {
    name: 'Cranberry',
    category: 'botanical',
    alternativeNames: ['cranberry extract', 'cranberry pills', 'vaccinium macrocarpon', 'pacs'],
    description:
      'Cranberry juice, capsules or extract, taken with urinary tract health in mind.',
    ...nccih('cranberry'),
  },
  {
    name: 'Rhodiola',
    category: 'botanical',
    alternativeNames: ['rhodiola rosea', 'golden root', 'arctic root', 'roseroot', 'shr-5'],
    description:
      'A root extract from cold mountain regions, taken for fatigue, stress and stamina. Few rigorous studies exist.',
    ...nccih('rhodiola'),
  },
  {
    name: 'Cinnamon',
    category: 'botanical',
    alternativeNames: ['cinnamon extract', 'ceylon cinnamon', 'cassia', 'cinnamomum'],
    description:
      'A spice sold in capsules, mainly for blood sugar goals. Cassia cinnamon contains coumarin, which can harm the liver in large amounts.',
    ...nccih('cinnamon'),
  },
  {
    name: 'Fenugreek',
    category: 'botanical',
    alternativeNames: ['trigonella foenum-graecum', 'fenugreek seed', 'testofen'],
    description:
      'A seed used in cooking and sold for blood sugar, breast milk supply and testosterone goals. It can give sweat a maple-syrup smell.',
    ...nccih('fenugreek'),
  },
  {
    name: 'Licorice Root',
    category: 'botanical',
    alternativeNames: ['licorice', 'liquorice', 'glycyrrhiza', 'dgl', 'deglycyrrhizinated licorice'],
    description:
      'A root used for digestive comfort. Regular use of licorice containing glycyrrhizin can raise blood pressure and lower potassium; DGL has it removed.',
    ...nccih('licorice-root'),
  },
  {
    name: 'Peppermint Oil',
    category: 'botanical',
    alternativeNames: ['peppermint', 'mentha piperita', 'enteric coated peppermint oil', 'ibgard'],
    description:
      'Enteric-coated capsules of mint oil, taken for IBS symptoms. It can worsen heartburn.',
    ...nccih('peppermint-oil'),
  },
  {
    name: 'Lavender',
    category: 'botanical',
    alternativeNames: ['lavender oil', 'silexan', 'lavandula', 'lavela'],
    description: 'Lavender oil capsules or aromatherapy, used for calm and sleep.',
    ...nccih('lavender'),
  },
  {
    name: 'Passionflower',
    category: 'botanical',
    alternativeNames: ['passiflora', 'passion flower', 'passiflora incarnata', 'maypop'],
    description: 'A vine whose leaves and flowers are used as tea or extract for anxiety and sleep.',
    ...nccih('passionflower'),
  },
  {
    name: 'Kava',
    category: 'botanical',
    alternativeNames: ['kava kava', 'piper methysticum', 'kavalactones'],
    description:
      'A Pacific Island root drink or extract used for anxiety. Kava has been linked to serious liver injury, and it should not be combined with alcohol.',
    ...nccih('kava'),
  },
  {
    name: 'Hawthorn',
    category: 'botanical',
    alternativeNames: ['crataegus', 'hawthorn berry', 'hawthorn leaf and flower'],
    description:
      'Leaf, flower and berry extracts traditionally used for the heart. It may interact with heart medicines.',
    ...nccih('hawthorn'),
  },
  {
    name: 'Bilberry',
    category: 'botanical',
    alternativeNames: ['vaccinium myrtillus', 'bilberry extract', 'european blueberry'],
    description: 'A blueberry relative rich in anthocyanins, sold for eyesight and circulation.',
    ...nccih('bilberry'),
  },
  {
    name: 'Grape Seed Extract',
    category: 'botanical',
    alternativeNames: ['grapeseed extract', 'gse', 'opc', 'proanthocyanidins', 'vitis vinifera'],
    description: 'An extract rich in proanthocyanidins, taken for circulation and blood pressure goals.',
    ...nccih('grape-seed-extract'),
  },
  {
    name: 'Horse Chestnut',
    category: 'botanical',
    alternativeNames: ['horse chestnut seed extract', 'aescin', 'escin', 'aesculus hippocastanum', 'hcse'],
    description:
      'A processed seed extract taken for leg vein problems. Raw horse chestnut is poisonous; only purified extracts are used.',
    ...nccih('horse-chestnut'),
  },
  {
    name: 'Dandelion',
    category: 'botanical',
    alternativeNames: ['dandelion root', 'taraxacum', 'dandelion leaf'],
    description: 'Root and leaf used as tea or extract for digestion and as a mild diuretic.',
    ...nccih('dandelion'),
  },
  {
    name: 'Aloe Vera',
    category: 'botanical',
    alternativeNames: ['aloe', 'aloe vera juice', 'aloe gel', 'aloe latex'],
    description:
      'Gel from aloe leaves, used on the skin and sometimes as a drink. Oral aloe latex is a strong laxative and is no longer sold as an over-the-counter laxative in the US.',
    ...nccih('aloe-vera'),
  },
  {
    name: 'Feverfew',
    category: 'botanical',
    alternativeNames: ['tanacetum parthenium', 'feverfew leaf'],
    description: 'A daisy-family herb taken to prevent migraines, with mixed evidence.',
    ...nccih('feverfew'),
  },
  {
    name: 'Goldenseal',
    category: 'botanical',
    alternativeNames: ['hydrastis canadensis', 'goldenseal root', 'echinacea goldenseal'],
    description:
      'A root that contains berberine, often combined with echinacea for colds. It interferes with the breakdown of many medicines.',
    ...nccih('goldenseal'),
  },
  {
    name: 'Astragalus',
    category: 'botanical',
    alternativeNames: ['astragalus membranaceus', 'huang qi', 'milk vetch'],
    description: 'A root from traditional Chinese medicine taken for immune support and energy.',
    ...nccih('astragalus'),
  },
  {
    name: 'Bitter Orange',
    category: 'botanical',
    alternativeNames: ['citrus aurantium', 'synephrine', 'seville orange', 'p-synephrine'],
    description:
      'A fruit extract containing synephrine, used in weight-loss and pre-workout products. Combined with caffeine it can raise heart rate and blood pressure.',
    ...nccih('bitter-orange'),
  },
  {
    name: "Cat's Claw",
    category: 'botanical',
    alternativeNames: ['cats claw', 'uncaria tomentosa', 'una de gato'],
    description: 'An Amazonian vine bark taken for joint comfort and immune support.',
    ...nccih('cats-claw'),
  },
  {
    name: 'Yohimbe',
    category: 'botanical',
    alternativeNames: ['yohimbine', 'pausinystalia johimbe', 'yohimbe bark'],
    description:
      'A bark extract sold for sexual function and fat loss. It can cause rapid heartbeat, high blood pressure and anxiety, and product labels often misstate the dose.',
    ...nccih('yohimbe'),
  },
  {
    name: 'Red Clover',
    category: 'botanical',
    alternativeNames: ['trifolium pratense', 'red clover isoflavones', 'promensil'],
    description: 'A legume rich in isoflavones, taken for menopause symptoms.',
    ...nccih('red-clover'),
  },
  {
    name: 'Soy Isoflavones',
    category: 'botanical',
    alternativeNames: ['soy', 'isoflavones', 'genistein', 'daidzein', 'soy extract'],
    description: 'Plant compounds from soybeans with weak estrogen-like activity, taken for menopause and bone goals.',
    ...nccih('soy'),
  },
  {
    name: 'Chasteberry',
    category: 'botanical',
    alternativeNames: ['vitex', 'vitex agnus-castus', 'chaste tree', 'agnus castus'],
    description: 'A fruit extract taken for premenstrual symptoms and cycle regularity.',
    ...nccih('chasteberry'),
  },
  {
    name: 'Dong Quai',
    category: 'botanical',
    alternativeNames: ['angelica sinensis', 'female ginseng', 'dang gui'],
    description: 'A root from traditional Chinese medicine used for menstrual and menopause symptoms. It may add to the effect of blood thinners.',
    ...nccih('dong-quai'),
  },
  {
    name: 'Red Yeast Rice',
    category: 'botanical',
    alternativeNames: ['red yeast rice', 'monascus purpureus', 'ryr', 'monacolin k'],
    description:
      'Rice fermented with a yeast that can produce monacolin K, chemically identical to the statin lovastatin. Content varies widely, and some products contain the kidney toxin citrinin.',
    ...nccih('red-yeast-rice'),
  },
  {
    name: 'Noni',
    category: 'botanical',
    alternativeNames: ['noni juice', 'morinda citrifolia', 'indian mulberry'],
    description:
      'A tropical fruit sold as juice. Noni juice is high in potassium, and cases of liver injury have been reported.',
    ...nccih('noni'),
  },
  {
    name: 'Bromelain',
    category: 'botanical',
    alternativeNames: ['pineapple enzyme', 'bromelain enzyme', 'ananas comosus'],
    description: 'A protein-digesting enzyme from pineapple stems, taken for digestion and swelling after injury.',
    ...nccih('bromelain'),
  },
  {
    name: 'Berberine',
    category: 'botanical',
    alternativeNames: ['berberine hcl', 'berberine hydrochloride', 'dihydroberberine', 'barberry', 'coptis'],
    description:
      'A yellow compound from plants such as barberry and goldenseal, popular for blood sugar and cholesterol goals. It affects the breakdown of many medicines.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Boswellia',
    category: 'botanical',
    alternativeNames: ['boswellia serrata', 'frankincense', 'indian frankincense', 'akba', '5-loxin'],
    description: 'A tree resin extract taken for joint comfort.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Maca',
    category: 'botanical',
    alternativeNames: ['maca root', 'lepidium meyenii', 'peruvian ginseng', 'gelatinized maca'],
    description: 'A Peruvian root vegetable powder taken for energy, libido and fertility goals.',
    ...MEDLINEPLUS,
  },
  {
    name: "Lion's Mane",
    category: 'botanical',
    alternativeNames: ['lions mane', 'hericium erinaceus', 'lions mane mushroom', 'yamabushitake'],
    description:
      'An edible mushroom sold as powder or extract for focus and nerve health. Human studies are few and small.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Reishi',
    category: 'botanical',
    alternativeNames: ['reishi mushroom', 'ganoderma lucidum', 'lingzhi', 'ling zhi'],
    description:
      'A woody mushroom from traditional Chinese medicine, taken for relaxation and immune support. Rare cases of liver injury have been reported with powdered products.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Cordyceps',
    category: 'botanical',
    alternativeNames: ['cordyceps militaris', 'cordyceps sinensis', 'cs-4', 'caterpillar fungus'],
    description: 'A fungus, now mostly grown in culture, taken for energy and exercise performance.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Turkey Tail',
    category: 'botanical',
    alternativeNames: ['turkey tail mushroom', 'trametes versicolor', 'coriolus', 'psk', 'psp'],
    description: 'A bracket mushroom whose polysaccharide extracts are taken for immune support.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Holy Basil',
    category: 'botanical',
    alternativeNames: ['tulsi', 'ocimum sanctum', 'ocimum tenuiflorum', 'holy basil extract'],
    description: 'An Ayurvedic herb taken as tea or extract for stress.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Tongkat Ali',
    category: 'botanical',
    alternativeNames: ['eurycoma longifolia', 'longjack', 'pasak bumi', 'tongkat'],
    description:
      'A Southeast Asian root extract sold for testosterone, libido and energy. Human studies are small.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Tribulus Terrestris',
    category: 'botanical',
    alternativeNames: ['tribulus', 'puncture vine', 'goat head'],
    description:
      'A plant extract marketed for testosterone and libido. Studies have not shown it raises testosterone or improves performance.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Saffron',
    category: 'botanical',
    alternativeNames: ['crocus sativus', 'saffron extract', 'affron', 'satiereal'],
    description: 'The dried stigmas of the saffron crocus, taken as a standardised extract for mood and appetite goals.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Black Seed Oil',
    category: 'botanical',
    alternativeNames: ['nigella sativa', 'black cumin', 'black seed', 'kalonji', 'thymoquinone'],
    description: 'Oil from Nigella sativa seeds, used in traditional medicine and taken for metabolic and allergy goals.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Moringa',
    category: 'botanical',
    alternativeNames: ['moringa oleifera', 'moringa leaf', 'drumstick tree', 'malunggay'],
    description: 'Dried leaves of the moringa tree, sold as a nutrient-dense powder.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Olive Leaf Extract',
    category: 'botanical',
    alternativeNames: ['olive leaf', 'oleuropein', 'olea europaea'],
    description: 'An extract rich in oleuropein, taken for blood pressure and immune goals.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Andrographis',
    category: 'botanical',
    alternativeNames: ['andrographis paniculata', 'king of bitters', 'kalmegh'],
    description: 'A bitter herb from South and Southeast Asia taken for colds and sore throats.',
    ...ods('ImmuneFunction'),
  },
  {
    name: 'Beetroot Powder',
    category: 'botanical',
    alternativeNames: ['beet root', 'beetroot juice', 'beet juice', 'dietary nitrate', 'beet powder'],
    description:
      'Beetroot juice or powder, a source of dietary nitrate that the body converts to nitric oxide. Athletes use it for endurance; it can turn urine pink.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Tart Cherry',
    category: 'botanical',
    alternativeNames: ['tart cherry juice', 'montmorency cherry', 'sour cherry', 'cherry extract'],
    description: 'Montmorency cherry juice or extract, taken for exercise recovery and sleep.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Garcinia Cambogia',
    category: 'botanical',
    alternativeNames: ['garcinia', 'hca', 'hydroxycitric acid', 'malabar tamarind'],
    description:
      'A fruit rind extract containing hydroxycitric acid, sold for weight loss. Studies show little or no effect, and liver injury has been reported.',
    ...ods('WeightLoss'),
  },
  {
    name: 'Psyllium Husk',
    category: 'botanical',
    alternativeNames: ['psyllium', 'ispaghula', 'metamucil', 'plantago ovata', 'fiber supplement'],
    description:
      'A soluble fibre from Plantago seed husks, taken for regularity and cholesterol. Take it with plenty of water and apart from other medicines.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Glucomannan',
    category: 'botanical',
    alternativeNames: ['konjac', 'konjac root', 'konjac fiber', 'amorphophallus konjac'],
    description:
      'A soluble fibre from konjac root that swells in water, sold for fullness and weight loss. Tablets must be taken with plenty of water.',
    ...ods('WeightLoss'),
  },
  {
    name: 'Black Pepper Extract (Piperine)',
    category: 'botanical',
    alternativeNames: ['piperine', 'bioperine', 'black pepper', 'piper nigrum'],
    description:
      'An extract added to other supplements, such as curcumin, to increase absorption. It can also raise blood levels of some medicines.',
    ...MEDLINEPLUS,
  },
];

const PROBIOTICS: ReferenceSupplementSeed[] = [
  {
    name: 'Probiotic (Multi-Strain)',
    category: 'probiotic',
    alternativeNames: ['probiotic', 'probiotics', 'multi-strain probiotic', 'cfu', 'good bacteria'],
    description:
      'Live microorganisms, usually several Lactobacillus and Bifidobacterium strains. Effects depend on the specific strain and dose, so note the strains on the label.',
    ...ods('Probiotics'),
  },
  {
    name: 'Lactobacillus rhamnosus GG',
    category: 'probiotic',
    alternativeNames: ['lgg', 'l. rhamnosus gg', 'lacticaseibacillus rhamnosus gg', 'culturelle'],
    description:
      'One of the most studied probiotic strains, often taken during or after a course of antibiotics.',
    ...ods('Probiotics'),
  },
  {
    name: 'Lactobacillus acidophilus',
    category: 'probiotic',
    alternativeNames: ['acidophilus', 'l. acidophilus', 'ncfm'],
    description: 'A common probiotic species found in yoghurt and many supplements.',
    ...ods('Probiotics'),
  },
  {
    name: 'Lactobacillus plantarum',
    category: 'probiotic',
    alternativeNames: ['l. plantarum', 'lactiplantibacillus plantarum', 'lp299v'],
    description: 'A probiotic species from fermented vegetables; strain 299v is studied for IBS symptoms.',
    ...ods('Probiotics'),
  },
  {
    name: 'Lactobacillus reuteri',
    category: 'probiotic',
    alternativeNames: ['l. reuteri', 'limosilactobacillus reuteri', 'biogaia', 'dsm 17938'],
    description: 'A probiotic species studied for infant colic and gut comfort.',
    ...ods('Probiotics'),
  },
  {
    name: 'Bifidobacterium longum',
    category: 'probiotic',
    alternativeNames: ['b. longum', 'bifidus', 'bifidobacteria'],
    description: 'A Bifidobacterium species common in the adult gut and in probiotic blends.',
    ...ods('Probiotics'),
  },
  {
    name: 'Bifidobacterium lactis',
    category: 'probiotic',
    alternativeNames: ['b. lactis', 'bifidobacterium animalis subsp. lactis', 'bb-12', 'hn019'],
    description: 'A hardy Bifidobacterium used in yoghurts and supplements, studied for regularity.',
    ...ods('Probiotics'),
  },
  {
    name: 'Saccharomyces boulardii',
    category: 'probiotic',
    alternativeNames: ['s. boulardii', 'boulardii', 'florastor', 'probiotic yeast'],
    description:
      'A probiotic yeast, unaffected by antibiotics, often taken to lower the risk of antibiotic-associated diarrhoea.',
    ...ods('Probiotics'),
  },
  {
    name: 'Bacillus coagulans',
    category: 'probiotic',
    alternativeNames: ['b. coagulans', 'ganeden', 'gbi-30', 'spore probiotic', 'heyndrickxia coagulans'],
    description: 'A spore-forming probiotic that survives heat and stomach acid, studied for IBS and digestion.',
    ...ods('Probiotics'),
  },
  {
    name: 'Streptococcus salivarius K12',
    category: 'probiotic',
    alternativeNames: ['k12', 'blis k12', 's. salivarius', 'oral probiotic'],
    description: 'An oral probiotic lozenge strain taken for throat and breath health.',
    ...ods('Probiotics'),
  },
];

const OTHER: ReferenceSupplementSeed[] = [
  {
    name: 'Creatine Monohydrate',
    category: 'other',
    alternativeNames: ['creatine', 'creatine mono', 'creapure', 'micronized creatine', 'creatine hcl'],
    description:
      'A compound made from amino acids that helps muscles regenerate energy, the most studied sports supplement. It raises blood creatinine slightly, which can look like reduced kidney function on lab tests.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Coenzyme Q10 (Ubiquinone)',
    category: 'other',
    alternativeNames: ['coq10', 'co q10', 'ubiquinone', 'coenzyme q10', 'ubidecarenone'],
    description:
      'A compound used in cellular energy production that the body makes itself. People often take it while on statins or with heart health in mind.',
    ...nccih('coenzyme-q10'),
  },
  {
    name: 'Ubiquinol',
    category: 'other',
    alternativeNames: ['ubiquinol coq10', 'reduced coq10', 'kaneka ubiquinol'],
    description: 'The reduced form of coenzyme Q10, marketed as better absorbed, especially in older adults.',
    ...nccih('coenzyme-q10'),
  },
  {
    name: 'PQQ (Pyrroloquinoline Quinone)',
    category: 'other',
    alternativeNames: ['pqq', 'pyrroloquinoline quinone', 'biopqq'],
    description: 'A compound found in small amounts in foods, sold for mitochondrial and cognitive support. Human evidence is limited.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Alpha-Lipoic Acid',
    category: 'other',
    alternativeNames: ['ala', 'lipoic acid', 'thioctic acid', 'r-lipoic acid', 'r-ala'],
    description:
      'An antioxidant compound used in energy metabolism, taken with nerve health and blood sugar in mind. It may lower blood sugar, which matters for people on diabetes medicines.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Melatonin',
    category: 'other',
    alternativeNames: ['melatonin', 'mel', 'sleep hormone', 'extended release melatonin'],
    description:
      'A hormone that signals night to the body, taken for jet lag and sleep timing. Products often contain doses different from the label.',
    ...nccih('melatonin-what-you-need-to-know'),
  },
  {
    name: 'Glucosamine',
    category: 'other',
    alternativeNames: ['glucosamine sulfate', 'glucosamine hcl', 'glucosamine hydrochloride'],
    description:
      'A building block of cartilage, usually from shellfish, taken for joint comfort. Trial results for knee osteoarthritis are mixed.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Chondroitin',
    category: 'other',
    alternativeNames: ['chondroitin sulfate', 'glucosamine chondroitin', 'chondroitin sulphate'],
    description: 'A cartilage component, often combined with glucosamine, taken for joint comfort.',
    ...MEDLINEPLUS,
  },
  {
    name: 'MSM (Methylsulfonylmethane)',
    category: 'other',
    alternativeNames: ['msm', 'methylsulfonylmethane', 'dimethyl sulfone', 'organic sulfur'],
    description: 'A sulfur compound sold for joint comfort, often alongside glucosamine.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Collagen Peptides',
    category: 'other',
    alternativeNames: ['collagen', 'hydrolyzed collagen', 'collagen hydrolysate', 'type 1 collagen', 'marine collagen', 'uc-ii'],
    description:
      'Hydrolysed protein from animal skin, bone or fish, taken for skin, joints and hair. It is an incomplete protein.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Whey Protein',
    category: 'other',
    alternativeNames: ['whey', 'whey isolate', 'whey concentrate', 'protein powder', 'wpi'],
    description: 'A milk protein powder used to meet protein targets, especially around training.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Plant Protein Powder',
    category: 'other',
    alternativeNames: ['pea protein', 'vegan protein', 'rice protein', 'soy protein', 'plant protein'],
    description: 'Protein powder from pea, rice, soy or other plants, used by vegans and people avoiding dairy.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Hyaluronic Acid',
    category: 'other',
    alternativeNames: ['hyaluronan', 'sodium hyaluronate', 'ha'],
    description: 'A moisture-binding molecule in skin and joint fluid, taken by mouth for skin and joint goals.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Lutein',
    category: 'other',
    alternativeNames: ['lutein', 'floraglo', 'marigold extract'],
    description:
      'A yellow carotenoid concentrated in the retina. Combined with zeaxanthin it was used in the AREDS2 eye study formula.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Zeaxanthin',
    category: 'other',
    alternativeNames: ['zeaxanthin', 'meso-zeaxanthin', 'lutein zeaxanthin'],
    description: 'A carotenoid that sits alongside lutein in the macula, usually taken together with it.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Astaxanthin',
    category: 'other',
    alternativeNames: ['astaxanthin', 'haematococcus pluvialis', 'bioastin', 'astareal'],
    description: 'A red carotenoid from microalgae that colours salmon and krill, sold as an antioxidant for skin and exercise recovery.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Lycopene',
    category: 'other',
    alternativeNames: ['lycopene', 'tomato extract', 'lyc-o-mato'],
    description: 'A red carotenoid from tomatoes, taken with prostate and heart health in mind.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Resveratrol',
    category: 'other',
    alternativeNames: ['trans-resveratrol', 'resveratrol', 'japanese knotweed', 'polygonum cuspidatum'],
    description: 'A polyphenol found in grape skins and knotweed, popular for healthy ageing. Human evidence is limited.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Quercetin',
    category: 'other',
    alternativeNames: ['quercetin dihydrate', 'quercetin phytosome', 'quercetin bromelain'],
    description: 'A flavonoid from onions, apples and capers, taken for allergy, immune and exercise goals.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Fisetin',
    category: 'other',
    alternativeNames: ['fisetin', 'strawberry flavonoid'],
    description: 'A flavonoid from strawberries studied in the lab for effects on ageing cells; human data are very limited.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Sulforaphane',
    category: 'other',
    alternativeNames: ['broccoli sprout extract', 'glucoraphanin', 'sulforaphane glucosinolate', 'broccoli seed extract'],
    description: 'A compound formed from broccoli sprouts, taken for its effect on the body’s antioxidant defences.',
    ...MEDLINEPLUS,
  },
  {
    name: 'SAMe (S-Adenosylmethionine)',
    category: 'other',
    alternativeNames: ['same', 's-adenosyl-l-methionine', 's-adenosylmethionine', 'ademetionine'],
    description:
      'A compound the body makes from methionine, taken for mood and joint comfort. It should not be combined with antidepressants without a clinician.',
    ...MEDLINEPLUS,
  },
  {
    name: 'DHEA',
    category: 'other',
    alternativeNames: ['dehydroepiandrosterone', 'dhea', '7-keto dhea', 'prasterone'],
    description:
      'A hormone precursor made by the adrenal glands, sold for ageing, libido and fertility goals. It can raise sex hormone levels, so it is best used with medical supervision and lab monitoring.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Caffeine',
    category: 'other',
    alternativeNames: ['caffeine', 'caffeine pills', 'caffeine anhydrous', 'pre-workout', 'no-doz'],
    description:
      'A stimulant taken for alertness and performance. Up to about 400 mg a day is generally considered safe for healthy adults; pure powders are dangerous because tiny amounts are very potent.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Choline Bitartrate',
    category: 'other',
    alternativeNames: ['choline', 'choline bitartrate', 'choline chloride'],
    description:
      'An inexpensive choline salt; choline is needed for cell membranes and the neurotransmitter acetylcholine. Choline bitartrate is about 41% choline by weight, and the upper limit applies to choline itself.',
    ...ods('Choline'),
    ...nutrientWithLimit('choline'),
  },
  {
    name: 'Alpha-GPC',
    category: 'other',
    alternativeNames: ['alpha gpc', 'choline alfoscerate', 'l-alpha-glycerylphosphorylcholine', 'glycerophosphocholine'],
    description:
      'A choline compound taken for focus and exercise. It supplies choline, roughly 40% by weight, which adds to total choline intake.',
    ...ods('Choline'),
  },
  {
    name: 'Citicoline (CDP-Choline)',
    category: 'other',
    alternativeNames: ['citicoline', 'cdp-choline', 'cdp choline', 'cognizin'],
    description:
      'A choline compound taken for focus and memory. It supplies a smaller share of choline by weight than choline bitartrate, which adds to total choline intake.',
    ...ods('Choline'),
  },
  {
    name: 'Phosphatidylserine',
    category: 'other',
    alternativeNames: ['ps', 'phosphatidyl serine', 'sharp ps'],
    description: 'A phospholipid in cell membranes, especially in the brain, taken for memory and stress goals.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Inositol',
    category: 'other',
    alternativeNames: ['myo-inositol', 'myo inositol', 'd-chiro-inositol', 'vitamin b8', 'inositol powder'],
    description: 'A sugar alcohol involved in cell signalling, taken by people with PCOS and for mood or sleep.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Betaine (TMG)',
    category: 'other',
    alternativeNames: ['tmg', 'trimethylglycine', 'betaine anhydrous', 'betaine hcl'],
    description:
      'A compound from beets that donates methyl groups and can lower homocysteine. Betaine HCl is a different product taken as a digestive acid.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'D-Ribose',
    category: 'other',
    alternativeNames: ['ribose', 'd ribose'],
    description: 'A simple sugar the body uses to build ATP, sold for energy and exercise recovery.',
    ...ods('ExerciseAndAthleticPerformance'),
  },
  {
    name: 'Spirulina',
    category: 'other',
    alternativeNames: ['spirulina', 'arthrospira', 'blue-green algae', 'blue spirulina', 'phycocyanin'],
    description:
      'A dried blue-green alga rich in protein and pigments. Choose tested products, as some have been contaminated with microcystins.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Chlorella',
    category: 'other',
    alternativeNames: ['chlorella', 'chlorella vulgaris', 'broken cell chlorella'],
    description: 'A green freshwater alga sold as tablets or powder. It contains vitamin K, which matters for people on warfarin.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Colostrum',
    category: 'other',
    alternativeNames: ['bovine colostrum', 'colostrum powder', 'igg'],
    description: 'The first milk from cows, rich in antibodies and growth factors, taken for gut and immune goals.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Beta-Glucan',
    category: 'other',
    alternativeNames: ['beta glucan', 'oat beta-glucan', 'yeast beta-glucan', 'wellmune'],
    description:
      'Soluble fibres from oats, barley, yeast or mushrooms. Oat beta-glucan is taken for cholesterol; yeast beta-glucan for immune goals.',
    ...ods('WeightLoss'),
  },
  {
    name: 'Inulin',
    category: 'other',
    alternativeNames: ['inulin fiber', 'chicory root fiber', 'fos', 'fructooligosaccharides', 'prebiotic'],
    description: 'A prebiotic fibre from chicory root and other plants that feeds gut bacteria. It can cause gas at first.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Digestive Enzymes',
    category: 'other',
    alternativeNames: ['digestive enzyme', 'enzyme blend', 'lactase', 'alpha-galactosidase', 'beano', 'protease lipase amylase'],
    description: 'Blends of enzymes such as protease, lipase, amylase or lactase, taken with meals for digestion.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Nattokinase',
    category: 'other',
    alternativeNames: ['natto', 'nattokinase enzyme', 'nsk-sd'],
    description:
      'An enzyme from fermented soybeans, taken for circulation. It may add to the effect of blood thinners.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Cannabidiol (CBD)',
    category: 'other',
    alternativeNames: ['cbd', 'cbd oil', 'hemp extract', 'full spectrum hemp', 'cannabidiol'],
    description:
      'A non-intoxicating compound from cannabis, used for sleep, anxiety and pain. It can raise liver enzymes and interact with medicines, and product labels are often inaccurate.',
    ...nccih('cannabis-marijuana-and-cannabinoids-what-you-need-to-know'),
  },
  {
    name: 'Apple Cider Vinegar',
    category: 'other',
    alternativeNames: ['acv', 'apple cider vinegar gummies', 'acv capsules'],
    description: 'Vinegar from fermented apple juice, taken as drinks, capsules or gummies for blood sugar and weight goals.',
    ...MEDLINEPLUS,
  },
  {
    name: 'Activated Charcoal',
    category: 'other',
    alternativeNames: ['charcoal', 'activated carbon', 'charcoal capsules'],
    description:
      'A porous carbon taken for gas and bloating. It can bind medicines and nutrients, so it is best kept hours apart from them.',
    ...MEDLINEPLUS,
  },
];

export const REFERENCE_SUPPLEMENTS: ReferenceSupplementSeed[] = [
  ...VITAMINS,
  ...MINERALS,
  ...AMINO_ACIDS,
  ...FATTY_ACIDS,
  ...BOTANICALS,
  ...PROBIOTICS,
  ...OTHER,
];
