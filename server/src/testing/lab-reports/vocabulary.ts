/**
 * How labs print things, by language: test names, units, labels, dates. Written for the generator
 * from lab practice in each country, independently of the reader's alias tables, so that a name
 * or unit the reader does not know shows up as a lost row.
 */

export const LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pt', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

type ByLanguage<T> = Record<Language, T>;

export type UnitOption = {
  /** Spellings by language; `any` where a language has none of its own. */
  spellings: Partial<ByLanguage<string[]>> & { any: string[] };
  lo: number;
  hi: number;
  decimals: number;
  ref: [number | null, number | null];
  /** Counts per microlitre: printed with the report's thousands separator. */
  grouped?: boolean;
};

export type MarkerVocabulary = {
  /** The catalogue key the reader should find. */
  key: string;
  /** Printed names by language; the first is the most common. */
  names: ByLanguage<string[]>;
  /** Conventional units first, then SI. */
  units: UnitOption[];
  panel: 'cbc' | 'chemistry' | 'lipids' | 'other';
};

const same = (...names: string[]): ByLanguage<string[]> => ({ en: names, de: names, fr: names, it: names, es: names, pt: names, nl: names });

const THOUSANDS_PER_UL = (lo: number, hi: number, ref: [number, number], dec: number): UnitOption[] => [
  { spellings: { any: ['10^3/µL', 'x10^3/µL'], en: ['10^3/µL', 'K/µL', 'x10^3/µL', 'thou/cumm'], de: ['Tsd./µl', '/nl', 'G/l'], fr: ['G/L', '10^9/L'], pt: ['mil/mm³', '10^3/µL'], nl: ['10^9/l', '10E9/L'] }, lo, hi, decimals: dec, ref },
  { spellings: { any: ['x10^9/L', '10^9/L'] }, lo, hi, decimals: dec, ref },
];

export const MARKERS: readonly MarkerVocabulary[] = [
  {
    key: 'hemoglobin', panel: 'cbc',
    names: { en: ['Hemoglobin', 'Haemoglobin', 'Hemoglobin (Hb)'], de: ['Hämoglobin', 'Hämoglobin (Hb)'], fr: ['Hémoglobine'], it: ['Emoglobina', 'Emoglobina (Hb)'], es: ['Hemoglobina'], pt: ['Hemoglobina'], nl: ['Hemoglobine', 'Hb'] },
    units: [
      { spellings: { any: ['g/dL'], de: ['g/dl'], pt: ['g/dL'] }, lo: 10, hi: 17.5, decimals: 1, ref: [12, 16] },
      { spellings: { any: ['g/L'], de: ['g/l'] }, lo: 100, hi: 175, decimals: 0, ref: [120, 160] },
      { spellings: { any: ['mmol/L'], nl: ['mmol/l'] }, lo: 6.5, hi: 11, decimals: 1, ref: [7.5, 10] },
    ],
  },
  {
    key: 'hematocrit', panel: 'cbc',
    names: { en: ['Hematocrit', 'Haematocrit (HCT)', 'PCV'], de: ['Hämatokrit'], fr: ['Hématocrite'], it: ['Ematocrito'], es: ['Hematocrito'], pt: ['Hematócrito'], nl: ['Hematocriet'] },
    units: [{ spellings: { any: ['%'] }, lo: 33, hi: 52, decimals: 1, ref: [36, 48] }],
  },
  {
    key: 'rbc', panel: 'cbc',
    names: { en: ['RBC count', 'Red Blood Cells', 'Erythrocytes'], de: ['Erythrozyten'], fr: ['Hématies', 'Globules rouges'], it: ['Globuli rossi', 'Eritrociti'], es: ['Hematíes', 'Eritrocitos'], pt: ['Hemácias', 'Eritrócitos'], nl: ['Erytrocyten'] },
    units: [
      { spellings: { any: ['10^6/µL', 'x10^6/µL'], en: ['10^6/µL', 'M/µL', 'mill/cumm'], de: ['Mio./µl', 'T/l'], fr: ['T/L', '10^12/L'], pt: ['milhões/mm³', '10^6/µL'], nl: ['10^12/l'] }, lo: 3.8, hi: 6.1, decimals: 2, ref: [4.2, 5.8] },
      { spellings: { any: ['x10^12/L', '10^12/L'] }, lo: 3.8, hi: 6.1, decimals: 2, ref: [4.2, 5.8] },
    ],
  },
  {
    key: 'wbc', panel: 'cbc',
    names: { en: ['WBC count', 'White Blood Cells', 'Total Leucocyte Count'], de: ['Leukozyten'], fr: ['Leucocytes', 'Globules blancs'], it: ['Globuli bianchi', 'Leucociti'], es: ['Leucocitos'], pt: ['Leucócitos'], nl: ['Leukocyten'] },
    units: [
      ...THOUSANDS_PER_UL(3.2, 13, [4, 10], 1),
      { spellings: { any: ['/µL'], en: ['/cumm', 'cells/µL'], pt: ['/mm³'], fr: ['/mm³'] }, lo: 3200, hi: 13000, decimals: 0, ref: [4000, 10000], grouped: true },
    ],
  },
  {
    key: 'platelets', panel: 'cbc',
    names: { en: ['Platelet count', 'Platelets'], de: ['Thrombozyten'], fr: ['Plaquettes'], it: ['Piastrine'], es: ['Plaquetas'], pt: ['Plaquetas'], nl: ['Trombocyten'] },
    units: [
      ...THOUSANDS_PER_UL(120, 480, [150, 400], 0),
      { spellings: { any: ['/µL'], en: ['/cumm'], pt: ['/mm³'], fr: ['/mm³'] }, lo: 120000, hi: 480000, decimals: 0, ref: [150000, 400000], grouped: true },
      { spellings: { any: ['lakhs/cumm'] }, lo: 1.2, hi: 4.8, decimals: 2, ref: [1.5, 4.1] },
    ],
  },
  { key: 'mcv', panel: 'cbc', names: { ...same('MCV'), fr: ['VGM', 'MCV'], es: ['VCM'], pt: ['VCM'] }, units: [{ spellings: { any: ['fL'], de: ['fl'] }, lo: 76, hi: 102, decimals: 1, ref: [80, 98] }] },
  { key: 'mch', panel: 'cbc', names: { ...same('MCH'), fr: ['TCMH'], es: ['HCM'], pt: ['HCM'] }, units: [{ spellings: { any: ['pg'] }, lo: 25, hi: 35, decimals: 1, ref: [27, 33] }] },
  {
    key: 'mchc', panel: 'cbc', names: { ...same('MCHC'), fr: ['CCMH'], es: ['CHCM'], pt: ['CHCM'] },
    units: [{ spellings: { any: ['g/dL'], de: ['g/dl'] }, lo: 31, hi: 37, decimals: 1, ref: [32, 36] }, { spellings: { any: ['g/L'], de: ['g/l'] }, lo: 310, hi: 370, decimals: 0, ref: [320, 360] }],
  },
  {
    key: 'neutrophils-pct', panel: 'cbc',
    names: { en: ['Neutrophils', 'Neutrophils %'], de: ['Neutrophile', 'Neutrophile Granulozyten'], fr: ['Polynucléaires neutrophiles', 'Neutrophiles'], it: ['Neutrofili'], es: ['Neutrófilos'], pt: ['Neutrófilos', 'Segmentados'], nl: ['Neutrofielen'] },
    units: [{ spellings: { any: ['%'] }, lo: 35, hi: 78, decimals: 1, ref: [40, 75] }],
  },
  {
    key: 'lymphocytes-pct', panel: 'cbc',
    names: { en: ['Lymphocytes', 'Lymphocytes %'], de: ['Lymphozyten'], fr: ['Lymphocytes'], it: ['Linfociti'], es: ['Linfocitos'], pt: ['Linfócitos'], nl: ['Lymfocyten'] },
    units: [{ spellings: { any: ['%'] }, lo: 15, hi: 50, decimals: 1, ref: [20, 45] }],
  },
  {
    key: 'neutrophils-abs', panel: 'cbc',
    names: { en: ['Absolute Neutrophil Count', 'Neutrophils, Absolute'], de: ['Neutrophile absolut'], fr: ['Neutrophiles (valeur absolue)'], it: ['Neutrofili assoluti'], es: ['Neutrófilos absolutos'], pt: ['Neutrófilos absolutos'], nl: ['Neutrofielen absoluut'] },
    units: [{ spellings: { any: ['x10^9/L', '10^9/L'], en: ['10^3/µL', 'x10^9/L'], de: ['/nl', 'G/l'], fr: ['G/L'] }, lo: 1.6, hi: 8.5, decimals: 2, ref: [1.8, 7.7] }],
  },
  {
    key: 'lymphocytes-abs', panel: 'cbc',
    names: { en: ['Absolute Lymphocyte Count', 'Lymphocytes, Absolute'], de: ['Lymphozyten absolut'], fr: ['Lymphocytes (valeur absolue)'], it: ['Linfociti assoluti'], es: ['Linfocitos absolutos'], pt: ['Linfócitos absolutos'], nl: ['Lymfocyten absoluut'] },
    units: [{ spellings: { any: ['x10^9/L', '10^9/L'], en: ['10^3/µL'], de: ['/nl', 'G/l'], fr: ['G/L'] }, lo: 0.9, hi: 4.2, decimals: 2, ref: [1, 4] }],
  },
  {
    key: 'glucose', panel: 'chemistry',
    names: { en: ['Glucose', 'Glucose, Serum'], de: ['Glukose', 'Glucose'], fr: ['Glycémie', 'Glucose'], it: ['Glicemia', 'Glucosio'], es: ['Glucosa'], pt: ['Glicose', 'Glicemia'], nl: ['Glucose'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'], it: ['mg/dl'] }, lo: 65, hi: 140, decimals: 0, ref: [70, 100] },
      { spellings: { any: ['mmol/L'], de: ['mmol/l'], nl: ['mmol/l'] }, lo: 3.6, hi: 7.8, decimals: 1, ref: [3.9, 5.6] },
    ],
  },
  {
    key: 'creatinine', panel: 'chemistry',
    names: { en: ['Creatinine', 'Serum Creatinine'], de: ['Kreatinin'], fr: ['Créatinine'], it: ['Creatinina'], es: ['Creatinina'], pt: ['Creatinina'], nl: ['Kreatinine', 'Creatinine'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 0.55, hi: 1.45, decimals: 2, ref: [0.6, 1.2] },
      { spellings: { any: ['µmol/L'], de: ['µmol/l'], nl: ['µmol/l', 'umol/l'] }, lo: 50, hi: 125, decimals: 0, ref: [53, 106] },
    ],
  },
  {
    key: 'urea', panel: 'chemistry',
    names: { en: ['Urea'], de: ['Harnstoff'], fr: ['Urée'], it: ['Urea', 'Azotemia'], es: ['Urea'], pt: ['Ureia'], nl: ['Ureum'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 15, hi: 55, decimals: 0, ref: [17, 43] },
      { spellings: { any: ['mmol/L'], nl: ['mmol/l'] }, lo: 2.5, hi: 9, decimals: 1, ref: [2.8, 7.2] },
    ],
  },
  {
    key: 'cholesterol-total', panel: 'lipids',
    names: { en: ['Total Cholesterol', 'Cholesterol, Total'], de: ['Cholesterin gesamt', 'Gesamtcholesterin'], fr: ['Cholestérol total'], it: ['Colesterolo totale'], es: ['Colesterol total'], pt: ['Colesterol total'], nl: ['Cholesterol totaal', 'Totaal cholesterol'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 140, hi: 280, decimals: 0, ref: [null, 200] },
      { spellings: { any: ['mmol/L'], nl: ['mmol/l'] }, lo: 3.6, hi: 7.2, decimals: 2, ref: [null, 5.2] },
    ],
  },
  {
    key: 'hdl', panel: 'lipids',
    names: { en: ['HDL Cholesterol', 'HDL-C'], de: ['HDL-Cholesterin'], fr: ['Cholestérol HDL', 'HDL-cholestérol'], it: ['Colesterolo HDL'], es: ['Colesterol HDL'], pt: ['Colesterol HDL', 'HDL-colesterol'], nl: ['HDL-cholesterol'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 32, hi: 85, decimals: 0, ref: [40, null] },
      { spellings: { any: ['mmol/L'], nl: ['mmol/l'] }, lo: 0.8, hi: 2.2, decimals: 2, ref: [1.0, null] },
    ],
  },
  {
    key: 'ldl', panel: 'lipids',
    names: { en: ['LDL Cholesterol', 'LDL-C (calculated)'], de: ['LDL-Cholesterin'], fr: ['Cholestérol LDL', 'LDL-cholestérol'], it: ['Colesterolo LDL'], es: ['Colesterol LDL'], pt: ['Colesterol LDL'], nl: ['LDL-cholesterol'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 60, hi: 190, decimals: 0, ref: [null, 130] },
      { spellings: { any: ['mmol/L'], nl: ['mmol/l'] }, lo: 1.6, hi: 4.9, decimals: 2, ref: [null, 3.4] },
    ],
  },
  {
    key: 'triglycerides', panel: 'lipids',
    names: { en: ['Triglycerides'], de: ['Triglyceride'], fr: ['Triglycérides'], it: ['Trigliceridi'], es: ['Triglicéridos'], pt: ['Triglicerídeos', 'Triglicéridos'], nl: ['Triglyceriden'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 50, hi: 260, decimals: 0, ref: [null, 150] },
      { spellings: { any: ['mmol/L'], nl: ['mmol/l'] }, lo: 0.6, hi: 2.9, decimals: 2, ref: [null, 1.7] },
    ],
  },
  {
    key: 'alt', panel: 'chemistry',
    names: { en: ['ALT (SGPT)', 'Alanine Aminotransferase'], de: ['GPT (ALT)', 'ALAT'], fr: ['ALAT (TGP)', 'ALAT'], it: ['ALT (GPT)', 'Alanina aminotransferasi'], es: ['ALT (GPT)', 'GPT'], pt: ['TGP (ALT)', 'ALT'], nl: ['ALAT', 'ALT'] },
    units: [{ spellings: { any: ['U/L'], de: ['U/l'], nl: ['U/l'] }, lo: 8, hi: 70, decimals: 0, ref: [null, 45] }],
  },
  {
    key: 'ast', panel: 'chemistry',
    names: { en: ['AST (SGOT)', 'Aspartate Aminotransferase'], de: ['GOT (AST)', 'ASAT'], fr: ['ASAT (TGO)', 'ASAT'], it: ['AST (GOT)'], es: ['AST (GOT)', 'GOT'], pt: ['TGO (AST)', 'AST'], nl: ['ASAT', 'AST'] },
    units: [{ spellings: { any: ['U/L'], de: ['U/l'], nl: ['U/l'] }, lo: 10, hi: 60, decimals: 0, ref: [null, 40] }],
  },
  {
    key: 'ggt', panel: 'chemistry',
    names: { en: ['GGT', 'Gamma GT'], de: ['Gamma-GT', 'GGT'], fr: ['Gamma GT', 'GGT'], it: ['Gamma GT'], es: ['GGT', 'Gamma GT'], pt: ['Gama GT', 'GGT'], nl: ['Gamma-GT'] },
    units: [{ spellings: { any: ['U/L'], de: ['U/l'], nl: ['U/l'] }, lo: 8, hi: 90, decimals: 0, ref: [null, 55] }],
  },
  {
    key: 'alp', panel: 'chemistry',
    names: { en: ['Alkaline Phosphatase', 'ALP'], de: ['Alkalische Phosphatase', 'AP'], fr: ['Phosphatases alcalines', 'PAL'], it: ['Fosfatasi alcalina'], es: ['Fosfatasa alcalina'], pt: ['Fosfatase alcalina'], nl: ['Alkalische fosfatase'] },
    units: [{ spellings: { any: ['U/L'], de: ['U/l'], nl: ['U/l'] }, lo: 35, hi: 150, decimals: 0, ref: [40, 130] }],
  },
  {
    key: 'bilirubin-total', panel: 'chemistry',
    names: { en: ['Total Bilirubin', 'Bilirubin, Total'], de: ['Bilirubin gesamt', 'Gesamtbilirubin'], fr: ['Bilirubine totale'], it: ['Bilirubina totale'], es: ['Bilirrubina total'], pt: ['Bilirrubina total'], nl: ['Bilirubine totaal', 'Totaal bilirubine'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 0.2, hi: 1.6, decimals: 2, ref: [0.3, 1.2] },
      { spellings: { any: ['µmol/L'], nl: ['µmol/l', 'umol/l'] }, lo: 4, hi: 26, decimals: 0, ref: [5, 21] },
    ],
  },
  { key: 'sodium', panel: 'chemistry', names: { en: ['Sodium', 'Sodium (Na+)'], de: ['Natrium'], fr: ['Sodium'], it: ['Sodio'], es: ['Sodio'], pt: ['Sódio'], nl: ['Natrium'] }, units: [{ spellings: { any: ['mmol/L', 'mEq/L'], de: ['mmol/l'], nl: ['mmol/l'] }, lo: 132, hi: 148, decimals: 0, ref: [135, 145] }] },
  { key: 'potassium', panel: 'chemistry', names: { en: ['Potassium', 'Potassium (K+)'], de: ['Kalium'], fr: ['Potassium'], it: ['Potassio'], es: ['Potasio'], pt: ['Potássio'], nl: ['Kalium'] }, units: [{ spellings: { any: ['mmol/L', 'mEq/L'], de: ['mmol/l'], nl: ['mmol/l'] }, lo: 3.3, hi: 5.4, decimals: 1, ref: [3.5, 5.1] }] },
  { key: 'chloride', panel: 'chemistry', names: { en: ['Chloride'], de: ['Chlorid'], fr: ['Chlore', 'Chlorures'], it: ['Cloro'], es: ['Cloro'], pt: ['Cloro', 'Cloreto'], nl: ['Chloride'] }, units: [{ spellings: { any: ['mmol/L'], de: ['mmol/l'], nl: ['mmol/l'] }, lo: 96, hi: 110, decimals: 0, ref: [98, 107] }] },
  {
    key: 'calcium', panel: 'chemistry', names: { en: ['Calcium', 'Calcium, Total'], de: ['Calcium', 'Kalzium'], fr: ['Calcium', 'Calcémie'], it: ['Calcio'], es: ['Calcio'], pt: ['Cálcio'], nl: ['Calcium'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 8.3, hi: 10.8, decimals: 1, ref: [8.6, 10.3] },
      { spellings: { any: ['mmol/L'], de: ['mmol/l'], nl: ['mmol/l'] }, lo: 2.1, hi: 2.7, decimals: 2, ref: [2.2, 2.6] },
    ],
  },
  {
    key: 'tsh', panel: 'other', names: { en: ['TSH', 'Thyroid Stimulating Hormone'], de: ['TSH', 'TSH basal'], fr: ['TSH', 'TSH ultrasensible'], it: ['TSH'], es: ['TSH', 'Tirotropina'], pt: ['TSH', 'Hormônio tireoestimulante'], nl: ['TSH'] },
    units: [{ spellings: { any: ['mIU/L', 'µIU/mL'], de: ['mU/l', 'µIU/ml'], fr: ['mUI/L', 'µUI/mL'], it: ['µUI/mL', 'mUI/L'], es: ['µUI/mL', 'mUI/L'], pt: ['µUI/mL'], nl: ['mU/l'] }, lo: 0.3, hi: 5.5, decimals: 2, ref: [0.4, 4.0] }],
  },
  {
    key: 'free-t4', panel: 'other', names: { en: ['Free T4', 'FT4'], de: ['freies T4', 'fT4'], fr: ['T4 libre', 'FT4'], it: ['FT4', 'Tiroxina libera'], es: ['T4 libre'], pt: ['T4 livre'], nl: ['Vrij T4', 'FT4'] },
    units: [
      { spellings: { any: ['ng/dL'], de: ['ng/dl'] }, lo: 0.7, hi: 1.9, decimals: 2, ref: [0.8, 1.8] },
      { spellings: { any: ['pmol/L'], de: ['pmol/l'], nl: ['pmol/l'] }, lo: 9, hi: 24, decimals: 1, ref: [10, 22] },
    ],
  },
  {
    key: 'ferritin', panel: 'other', names: { en: ['Ferritin'], de: ['Ferritin'], fr: ['Ferritine'], it: ['Ferritina'], es: ['Ferritina'], pt: ['Ferritina'], nl: ['Ferritine'] },
    units: [{ spellings: { any: ['ng/mL'], de: ['ng/ml', 'µg/l'], fr: ['µg/L', 'ng/mL'], nl: ['µg/l'] }, lo: 12, hi: 320, decimals: 0, ref: [30, 300] }],
  },
  {
    key: 'vitamin-b12', panel: 'other', names: { en: ['Vitamin B12', 'Cobalamin'], de: ['Vitamin B12'], fr: ['Vitamine B12'], it: ['Vitamina B12'], es: ['Vitamina B12'], pt: ['Vitamina B12'], nl: ['Vitamine B12'] },
    units: [
      { spellings: { any: ['pg/mL'], de: ['pg/ml', 'ng/l'] }, lo: 180, hi: 900, decimals: 0, ref: [200, 900] },
      { spellings: { any: ['pmol/L'], nl: ['pmol/l'] }, lo: 130, hi: 650, decimals: 0, ref: [145, 570] },
    ],
  },
  {
    key: 'vitamin-d-25oh', panel: 'other', names: { en: ['Vitamin D, 25-Hydroxy', '25-OH Vitamin D'], de: ['25-OH-Vitamin D', 'Vitamin D (25-OH)'], fr: ['Vitamine D (25-OH)', '25-OH vitamine D'], it: ['Vitamina D (25-OH)', '25-OH vitamina D'], es: ['Vitamina D (25-OH)', '25-OH vitamina D'], pt: ['25-Hidroxivitamina D', 'Vitamina D (25-OH)'], nl: ['25-OH-vitamine D', 'Vitamine D'] },
    units: [
      { spellings: { any: ['ng/mL'], de: ['ng/ml'] }, lo: 12, hi: 60, decimals: 1, ref: [30, 100] },
      { spellings: { any: ['nmol/L'], de: ['nmol/l'], nl: ['nmol/l'] }, lo: 30, hi: 150, decimals: 0, ref: [75, 250] },
    ],
  },
  {
    key: 'hba1c', panel: 'other', names: { en: ['HbA1c', 'Glycated Hemoglobin (HbA1c)'], de: ['HbA1c'], fr: ['Hémoglobine glyquée (HbA1c)', 'HbA1c'], it: ['Emoglobina glicata (HbA1c)', 'HbA1c'], es: ['Hemoglobina glicosilada (HbA1c)', 'HbA1c'], pt: ['Hemoglobina glicada (HbA1c)', 'HbA1c'], nl: ['HbA1c'] },
    units: [
      { spellings: { any: ['%'] }, lo: 4.6, hi: 7.2, decimals: 1, ref: [4, 5.6] },
      { spellings: { any: ['mmol/mol'] }, lo: 27, hi: 55, decimals: 0, ref: [20, 42] },
    ],
  },
  { key: 'crp', panel: 'other', names: { en: ['CRP', 'C-Reactive Protein'], de: ['CRP', 'C-reaktives Protein'], fr: ['CRP', 'Protéine C réactive'], it: ['PCR', 'Proteina C reattiva'], es: ['PCR', 'Proteína C reactiva'], pt: ['PCR', 'Proteína C reativa'], nl: ['CRP'] }, units: [{ spellings: { any: ['mg/L'], de: ['mg/l'], nl: ['mg/l'] }, lo: 0.4, hi: 9.5, decimals: 1, ref: [null, 5] }] },
  {
    key: 'uric-acid', panel: 'chemistry', names: { en: ['Uric Acid'], de: ['Harnsäure'], fr: ['Acide urique'], it: ['Acido urico', 'Uricemia'], es: ['Ácido úrico'], pt: ['Ácido úrico'], nl: ['Urinezuur'] },
    units: [
      { spellings: { any: ['mg/dL'], de: ['mg/dl'] }, lo: 3, hi: 8, decimals: 1, ref: [3.5, 7.2] },
      { spellings: { any: ['µmol/L'], nl: ['µmol/l', 'umol/l'] }, lo: 180, hi: 480, decimals: 0, ref: [200, 430] },
    ],
  },
  {
    key: 'albumin', panel: 'chemistry', names: { en: ['Albumin', 'Albumin, Serum'], de: ['Albumin'], fr: ['Albumine'], it: ['Albumina'], es: ['Albúmina'], pt: ['Albumina'], nl: ['Albumine'] },
    units: [{ spellings: { any: ['g/dL'], de: ['g/dl'] }, lo: 3.3, hi: 5.2, decimals: 1, ref: [3.5, 5] }, { spellings: { any: ['g/L'], de: ['g/l'], nl: ['g/l'] }, lo: 33, hi: 52, decimals: 0, ref: [35, 50] }],
  },
  {
    key: 'protein-total', panel: 'chemistry', names: { en: ['Total Protein', 'Protein, Total'], de: ['Gesamteiweiß', 'Gesamtprotein'], fr: ['Protéines totales'], it: ['Proteine totali'], es: ['Proteínas totales'], pt: ['Proteínas totais'], nl: ['Totaal eiwit'] },
    units: [{ spellings: { any: ['g/dL'], de: ['g/dl'] }, lo: 6.0, hi: 8.5, decimals: 1, ref: [6.4, 8.3] }, { spellings: { any: ['g/L'], de: ['g/l'], nl: ['g/l'] }, lo: 60, hi: 85, decimals: 0, ref: [64, 83] }],
  },
  {
    key: 'iron', panel: 'other', names: { en: ['Iron', 'Serum Iron'], de: ['Eisen'], fr: ['Fer sérique', 'Fer'], it: ['Ferro', 'Sideremia'], es: ['Hierro'], pt: ['Ferro sérico', 'Ferro'], nl: ['IJzer'] },
    units: [{ spellings: { any: ['µg/dL'], de: ['µg/dl'], en: ['µg/dL', 'mcg/dL'] }, lo: 45, hi: 190, decimals: 0, ref: [60, 170] }, { spellings: { any: ['µmol/L'], de: ['µmol/l'], nl: ['µmol/l'] }, lo: 8, hi: 34, decimals: 1, ref: [10, 30] }],
  },
  { key: 'magnesium', panel: 'chemistry', names: { en: ['Magnesium'], de: ['Magnesium'], fr: ['Magnésium'], it: ['Magnesio'], es: ['Magnesio'], pt: ['Magnésio'], nl: ['Magnesium'] }, units: [{ spellings: { any: ['mmol/L'], de: ['mmol/l'], nl: ['mmol/l'] }, lo: 0.65, hi: 1.1, decimals: 2, ref: [0.7, 1.05] }, { spellings: { any: ['mg/dL'] }, lo: 1.6, hi: 2.7, decimals: 1, ref: [1.7, 2.5] }] },
  { key: 'esr', panel: 'cbc', names: { en: ['ESR'], de: ['BSG', 'Blutsenkung'], fr: ['Vitesse de sédimentation', 'VS'], it: ['VES'], es: ['VSG'], pt: ['VHS'], nl: ['BSE', 'Bezinking'] }, units: [{ spellings: { any: ['mm/h'], en: ['mm/hr', 'mm/1st hr'] }, lo: 2, hi: 35, decimals: 0, ref: [null, 20] }] },
];

/** Labels printed around the results, by language. */
export const LABELS: ByLanguage<{
  title: string; test: string; result: string; unit: string; range: string; flag: string;
  patient: string; birth: string; collected: string; received: string; reported: string; printed: string;
  page: (n: number, of: number) => string; copy: string; guideline: string; interpretation: string; method: string;
  desirable: string; borderline: string; high: string; prediabetes: string; diabetes: string; deficient: string; sufficient: string;
  validated: string; panels: Record<MarkerVocabulary['panel'], string>; low: string; highFlag: string;
}> = {
  en: { title: 'LABORATORY REPORT', test: 'Test', result: 'Result', unit: 'Unit', range: 'Reference range', flag: 'Flag', patient: 'Patient', birth: 'Date of birth', collected: 'Collected', received: 'Received', reported: 'Report date', printed: 'Printed', page: (n, of) => `Page ${n} of ${of}`, copy: 'COPY', guideline: 'Guideline values', interpretation: 'Interpretation', method: 'Method', desirable: 'Desirable', borderline: 'Borderline high', high: 'High', prediabetes: 'Prediabetes', diabetes: 'Diabetes', deficient: 'Deficient', sufficient: 'Sufficient', validated: 'Validated by', panels: { cbc: 'COMPLETE BLOOD COUNT', chemistry: 'CLINICAL CHEMISTRY', lipids: 'LIPID PROFILE', other: 'HORMONES AND VITAMINS' }, low: 'L', highFlag: 'H' },
  de: { title: 'LABORBEFUND', test: 'Untersuchung', result: 'Ergebnis', unit: 'Einheit', range: 'Referenzbereich', flag: '', patient: 'Patient', birth: 'Geburtsdatum', collected: 'Entnahme', received: 'Eingang', reported: 'Befunddatum', printed: 'Gedruckt', page: (n, of) => `Seite ${n} von ${of}`, copy: 'KOPIE', guideline: 'Zielwerte', interpretation: 'Beurteilung', method: 'Methode', desirable: 'wünschenswert', borderline: 'grenzwertig', high: 'hoch', prediabetes: 'Prädiabetes', diabetes: 'Diabetes', deficient: 'Mangel', sufficient: 'ausreichend', validated: 'Validiert von', panels: { cbc: 'BLUTBILD', chemistry: 'KLINISCHE CHEMIE', lipids: 'FETTSTOFFWECHSEL', other: 'HORMONE UND VITAMINE' }, low: 'L', highFlag: 'H' },
  fr: { title: "COMPTE RENDU D'ANALYSES", test: 'Analyse', result: 'Résultat', unit: 'Unité', range: 'Valeurs de référence', flag: '', patient: 'Patient', birth: 'Date de naissance', collected: 'Prélevé le', received: 'Reçu le', reported: 'Édité le', printed: 'Imprimé le', page: (n, of) => `Page ${n}/${of}`, copy: 'DUPLICATA', guideline: 'Objectifs', interpretation: 'Interprétation', method: 'Méthode', desirable: 'souhaitable', borderline: 'limite', high: 'élevé', prediabetes: 'prédiabète', diabetes: 'diabète', deficient: 'carence', sufficient: 'suffisance', validated: 'Validé par', panels: { cbc: 'HÉMATOLOGIE - NUMÉRATION', chemistry: 'BIOCHIMIE', lipids: 'BILAN LIPIDIQUE', other: 'HORMONOLOGIE - VITAMINES' }, low: 'B', highFlag: 'H' },
  it: { title: 'REFERTO DI LABORATORIO', test: 'Esame', result: 'Risultato', unit: 'Unità', range: 'Valori di riferimento', flag: '', patient: 'Paziente', birth: 'Data di nascita', collected: 'Data prelievo', received: 'Data accettazione', reported: 'Data referto', printed: 'Stampato il', page: (n, of) => `Pagina ${n} di ${of}`, copy: 'COPIA', guideline: 'Valori desiderabili', interpretation: 'Interpretazione', method: 'Metodo', desirable: 'desiderabile', borderline: 'limite', high: 'alto', prediabetes: 'prediabete', diabetes: 'diabete', deficient: 'carenza', sufficient: 'sufficienza', validated: 'Validato da', panels: { cbc: 'EMOCROMO', chemistry: 'CHIMICA CLINICA', lipids: 'PROFILO LIPIDICO', other: 'ORMONI E VITAMINE' }, low: 'L', highFlag: 'H' },
  es: { title: 'INFORME DE LABORATORIO', test: 'Prueba', result: 'Resultado', unit: 'Unidades', range: 'Valores de referencia', flag: '', patient: 'Paciente', birth: 'Fecha de nacimiento', collected: 'Fecha de extracción', received: 'Fecha de recepción', reported: 'Fecha de informe', printed: 'Impreso', page: (n, of) => `Página ${n} de ${of}`, copy: 'COPIA', guideline: 'Valores deseables', interpretation: 'Interpretación', method: 'Método', desirable: 'deseable', borderline: 'límite', high: 'alto', prediabetes: 'prediabetes', diabetes: 'diabetes', deficient: 'deficiencia', sufficient: 'suficiencia', validated: 'Validado por', panels: { cbc: 'HEMOGRAMA', chemistry: 'BIOQUÍMICA', lipids: 'PERFIL LIPÍDICO', other: 'HORMONAS Y VITAMINAS' }, low: 'L', highFlag: 'H' },
  pt: { title: 'LAUDO LABORATORIAL', test: 'Exame', result: 'Resultado', unit: 'Unidade', range: 'Valores de referência', flag: '', patient: 'Paciente', birth: 'Data de nascimento', collected: 'Data da coleta', received: 'Recebido em', reported: 'Liberado em', printed: 'Impresso em', page: (n, of) => `Página ${n} de ${of}`, copy: 'CÓPIA', guideline: 'Valores desejáveis', interpretation: 'Interpretação', method: 'Método', desirable: 'desejável', borderline: 'limítrofe', high: 'alto', prediabetes: 'pré-diabetes', diabetes: 'diabetes', deficient: 'deficiência', sufficient: 'suficiência', validated: 'Liberado por', panels: { cbc: 'HEMOGRAMA COMPLETO', chemistry: 'BIOQUÍMICA', lipids: 'PERFIL LIPÍDICO', other: 'HORMÔNIOS E VITAMINAS' }, low: 'L', highFlag: 'H' },
  nl: { title: 'LABORATORIUMUITSLAGEN', test: 'Bepaling', result: 'Uitslag', unit: 'Eenheid', range: 'Referentiewaarde', flag: '', patient: 'Patiënt', birth: 'Geboortedatum', collected: 'Afnamedatum', received: 'Ontvangen', reported: 'Rapportdatum', printed: 'Afgedrukt', page: (n, of) => `Pagina ${n} van ${of}`, copy: 'KOPIE', guideline: 'Streefwaarden', interpretation: 'Interpretatie', method: 'Methode', desirable: 'gewenst', borderline: 'grenswaarde', high: 'hoog', prediabetes: 'prediabetes', diabetes: 'diabetes', deficient: 'tekort', sufficient: 'voldoende', validated: 'Gevalideerd door', panels: { cbc: 'HEMATOLOGIE', chemistry: 'KLINISCHE CHEMIE', lipids: 'LIPIDENPROFIEL', other: 'HORMONEN EN VITAMINES' }, low: 'L', highFlag: 'H' },
};

export const METHODS = ['enzymatic colorimetric', 'photometry (SLS)', 'ECLIA', 'ion-selective electrode', 'flow cytometry', 'IFCC without P5P'];

/**
 * How the large US national labs print names: terse, often in capitals, with the specimen,
 * "total" or the method after a comma. Used for reports made with `usLab` (report.ts).
 */
export const US_LAB_NAMES: Record<string, string[]> = {
  hemoglobin: ['HEMOGLOBIN', 'Hemoglobin'],
  hematocrit: ['HEMATOCRIT', 'Hematocrit'],
  rbc: ['RED BLOOD CELL COUNT', 'RBC'],
  wbc: ['WHITE BLOOD CELL COUNT', 'WBC'],
  platelets: ['PLATELET COUNT', 'Platelets'],
  'neutrophils-abs': ['ABSOLUTE NEUTROPHILS', 'Neutrophils (Absolute)'],
  'lymphocytes-abs': ['ABSOLUTE LYMPHOCYTES', 'Lymphs (Absolute)'],
  glucose: ['GLUCOSE', 'Glucose', 'Glucose, Serum'],
  creatinine: ['CREATININE', 'Creatinine'],
  'cholesterol-total': ['CHOLESTEROL, TOTAL', 'Cholesterol, Total'],
  hdl: ['HDL CHOLESTEROL', 'HDL Cholesterol'],
  ldl: ['LDL-CHOLESTEROL', 'LDL Chol Calc (NIH)'],
  triglycerides: ['TRIGLYCERIDES', 'Triglycerides'],
  alt: ['ALT', 'ALT (SGPT)'],
  ast: ['AST', 'AST (SGOT)'],
  alp: ['ALKALINE PHOSPHATASE', 'Alkaline Phosphatase'],
  'bilirubin-total': ['BILIRUBIN, TOTAL', 'Bilirubin, Total'],
  sodium: ['SODIUM', 'Sodium'],
  potassium: ['POTASSIUM', 'Potassium'],
  chloride: ['CHLORIDE', 'Chloride'],
  calcium: ['CALCIUM', 'Calcium'],
  tsh: ['TSH'],
  'free-t4': ['T4, FREE', 'Free T4'],
  ferritin: ['FERRITIN', 'Ferritin'],
  'vitamin-b12': ['VITAMIN B12', 'Vitamin B12'],
  'vitamin-d-25oh': ['VITAMIN D,25-OH,TOTAL,IA', 'Vitamin D, 25-Hydroxy'],
  hba1c: ['HEMOGLOBIN A1c', 'Hemoglobin A1c'],
  'uric-acid': ['URIC ACID', 'Uric Acid'],
  albumin: ['ALBUMIN', 'Albumin'],
  'protein-total': ['PROTEIN, TOTAL', 'Protein, Total'],
  iron: ['IRON, TOTAL', 'Iron, Serum'],
  magnesium: ['MAGNESIUM', 'Magnesium'],
};

/** Ranges written in words, as many labs in each language print them: "70 a 99", "bis 5,0", "supérieur à 40". */
export const RANGE_WORDS: ByLanguage<{ between: string; upTo: string; above: string }> = {
  en: { between: 'to', upTo: 'up to', above: 'above' },
  de: { between: 'bis', upTo: 'bis', above: 'über' },
  fr: { between: 'à', upTo: 'inférieur à', above: 'supérieur à' },
  it: { between: 'a', upTo: 'inferiore a', above: 'superiore a' },
  es: { between: 'a', upTo: 'hasta', above: 'mayor de' },
  pt: { between: 'a', upTo: 'até', above: 'maior que' },
  nl: { between: 'tot', upTo: 'tot', above: 'hoger dan' },
};
