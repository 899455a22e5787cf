/**
 * Test names and unit spellings as labs print them in German, French, Italian, Spanish,
 * Portuguese and Dutch, keyed by the catalogue's marker keys. names.ts adds these to each
 * marker's English aliases; units.ts spells a local unit the international way before keying it.
 * Accents need not be exact: names are matched with diacritics folded ("Hämoglobin" meets
 * "Hamoglobin"). A bare cell type ("Neutrofili") is listed under both the percent and the
 * absolute marker, as in English, and the printed unit decides.
 */

const CELL_TYPES: Record<string, { names: string[]; absolute: string[] }> = {
  neutrophils: {
    names: ['Neutrophile', 'Neutrophile Granulozyten', 'Segmentkernige', 'Segmentkernige Neutrophile', 'Neutrophiles', 'Polynucléaires neutrophiles', 'PNN', 'Neutrofili', 'Granulociti neutrofili', 'Neutrófilos', 'Segmentados', 'Neutrofielen', 'Neutrofiele granulocyten'],
    absolute: ['Neutrophile absolut', 'Neutrophile Granulozyten absolut', 'Neutrophiles (valeur absolue)', 'Polynucléaires neutrophiles (valeur absolue)', 'Neutrofili assoluti', 'Neutrofili (assoluti)', 'Neutrófilos absolutos', 'Neutrófilos (absolutos)', 'Neutrofielen absoluut'],
  },
  lymphocytes: {
    names: ['Lymphozyten', 'Linfociti', 'Linfocitos', 'Linfócitos', 'Lymfocyten'],
    absolute: ['Lymphozyten absolut', 'Lymphocytes (valeur absolue)', 'Linfociti assoluti', 'Linfociti (assoluti)', 'Linfocitos absolutos', 'Linfócitos absolutos', 'Lymfocyten absoluut'],
  },
  monocytes: {
    names: ['Monozyten', 'Monociti', 'Monocitos', 'Monócitos', 'Monocyten'],
    absolute: ['Monozyten absolut', 'Monocytes (valeur absolue)', 'Monociti assoluti', 'Monocitos absolutos', 'Monócitos absolutos', 'Monocyten absoluut'],
  },
  eosinophils: {
    names: ['Eosinophile', 'Eosinophile Granulozyten', 'Éosinophiles', 'Polynucléaires éosinophiles', 'Eosinofili', 'Eosinófilos', 'Eosinofielen'],
    absolute: ['Eosinophile absolut', 'Éosinophiles (valeur absolue)', 'Eosinofili assoluti', 'Eosinófilos absolutos', 'Eosinofielen absoluut'],
  },
  basophils: {
    names: ['Basophile', 'Basophile Granulozyten', 'Basophiles', 'Polynucléaires basophiles', 'Basofili', 'Basófilos', 'Basofielen'],
    absolute: ['Basophile absolut', 'Basophiles (valeur absolue)', 'Basofili assoluti', 'Basófilos absolutos', 'Basofielen absoluut'],
  },
};

const NAMES: Record<string, string[]> = {
  hemoglobin: ['Hämoglobin', 'Hémoglobine', 'Emoglobina', 'Hemoglobina', 'Hemoglobine', 'Hb'],
  hematocrit: ['Hämatokrit', 'Hématocrite', 'Ematocrito', 'Hematocrito', 'Hematócrito', 'Hematocriet'],
  rbc: ['Erythrozyten', 'Hématies', 'Globules rouges', 'Érythrocytes', 'Globuli rossi', 'Eritrociti', 'Hematíes', 'Eritrocitos', 'Hemácias', 'Eritrócitos', 'Erytrocyten'],
  wbc: ['Leukozyten', 'Leucocytes', 'Globules blancs', 'Globuli bianchi', 'Leucociti', 'Leucocitos', 'Leucócitos', 'Leukocyten'],
  platelets: ['Thrombozyten', 'Plaquettes', 'Piastrine', 'Plaquetas', 'Trombocyten', 'Trombociti'],
  mcv: ['VGM', 'VCM'],
  mch: ['TCMH', 'HCM'],
  mchc: ['CCMH', 'CHCM'],
  glucose: ['Glukose', 'Glycémie', 'Glucosio', 'Glicemia', 'Glucosa', 'Glicose', 'Glucose'],
  'glucose-fasting': ['Nüchternglukose', 'Glukose nüchtern', 'Glycémie à jeun', 'Glucose à jeun', 'Glicemia a digiuno', 'Glucosa en ayunas', 'Glicose em jejum', 'Glicemia de jejum', 'Nuchtere glucose'],
  creatinine: ['Kreatinin', 'Créatinine', 'Créatininémie', 'Creatinina', 'Kreatinine'],
  urea: ['Harnstoff', 'Urée', 'Azotemia', 'Ureia', 'Ureum'],
  'cholesterol-total': ['Cholesterin gesamt', 'Gesamtcholesterin', 'Gesamt-Cholesterin', 'Cholesterin', 'Cholestérol total', 'Cholestérol', 'Colesterolo totale', 'Colesterolo', 'Colesterol total', 'Colesterol', 'Cholesterol totaal', 'Totaal cholesterol'],
  hdl: ['HDL-Cholesterin', 'Cholesterin HDL', 'Cholestérol HDL', 'HDL-cholestérol', 'Colesterolo HDL', 'Colesterol HDL', 'HDL-colesterol', 'HDL-cholesterol'],
  ldl: ['LDL-Cholesterin', 'Cholesterin LDL', 'Cholestérol LDL', 'LDL-cholestérol', 'Colesterolo LDL', 'Colesterol LDL', 'LDL-colesterol', 'LDL-cholesterol'],
  triglycerides: ['Triglyceride', 'Triglycérides', 'Trigliceridi', 'Triglicéridos', 'Triglicerídeos', 'Triglyceriden'],
  alt: ['GPT', 'ALAT', 'TGP', 'Alanin-Aminotransferase', 'Alanine aminotransférase', 'Alanina aminotransferasi', 'Alanina aminotransferasa', 'Alanina aminotransferase'],
  ast: ['GOT', 'ASAT', 'TGO', 'Aspartat-Aminotransferase', 'Aspartate aminotransférase', 'Aspartato aminotransferasi', 'Aspartato aminotransferasa', 'Aspartato aminotransferase'],
  ggt: ['Gamma-GT', 'Gamma GT', 'Gama GT', 'Gama-GT', 'γ-GT', 'Gamma-Glutamyltransferase', 'Gamma-glutamyltransférase', 'Gamma glutamil transferasi'],
  alp: ['Alkalische Phosphatase', 'AP', 'Phosphatases alcalines', 'Phosphatase alcaline', 'PAL', 'Fosfatasi alcalina', 'Fosfatasa alcalina', 'Fosfatase alcalina', 'Alkalische fosfatase'],
  'bilirubin-total': ['Bilirubin gesamt', 'Gesamtbilirubin', 'Gesamt-Bilirubin', 'Bilirubine totale', 'Bilirubina totale', 'Bilirrubina total', 'Bilirubine totaal', 'Totaal bilirubine'],
  'bilirubin-direct': ['Bilirubin direkt', 'Bilirubine directe', 'Bilirubine conjuguée', 'Bilirubina diretta', 'Bilirrubina directa', 'Bilirrubina direta', 'Bilirubine direct'],
  sodium: ['Natrium', 'Natrémie', 'Sodio', 'Sódio'],
  potassium: ['Kalium', 'Kaliémie', 'Potassio', 'Potasio', 'Potássio'],
  chloride: ['Chlorid', 'Chlore', 'Chlorures', 'Cloro', 'Cloreto', 'Chloor'],
  calcium: ['Kalzium', 'Calcémie', 'Calcio', 'Cálcio'],
  magnesium: ['Magnésium', 'Magnesio', 'Magnésio'],
  phosphorus: ['Phosphat', 'Phosphore', 'Fosforo', 'Fósforo', 'Fosfaat'],
  tsh: ['TSH basal', 'TSH ultrasensible', 'TSH ultrasensibile', 'Tirotropina', 'Tireotropina', 'Hormônio tireoestimulante', 'Hormona estimulante del tiroides'],
  'free-t4': ['freies T4', 'fT4', 'T4 libre', 'T4 livre', 'Vrij T4', 'T4 libera', 'Tiroxina libera', 'Tiroxina libre', 'Tiroxina livre', 'Thyroxine libre', 'freies Thyroxin'],
  ferritin: ['Ferritine', 'Ferritina'],
  'vitamin-b12': ['Vitamine B12', 'Vitamina B12', 'Cobalamine', 'Cobalamina'],
  folate: ['Folsäure', 'Folates', 'Acide folique', 'Acido folico', 'Ácido fólico', 'Foliumzuur'],
  'vitamin-d-25oh': ['25-OH-Vitamin D', 'Vitamin D (25-OH)', '25-Hydroxy-Vitamin D', 'Vitamine D (25-OH)', '25-OH vitamine D', '25-OH-vitamine D', '25-Hydroxyvitamine D', 'Vitamine D', 'Vitamina D (25-OH)', '25-OH vitamina D', '25-Idrossivitamina D', '25-Hidroxivitamina D', 'Vitamina D'],
  hba1c: ['Glykiertes Hämoglobin', 'Hémoglobine glyquée', 'Emoglobina glicata', 'Hemoglobina glicosilada', 'Hemoglobina glicada', 'Hemoglobina glucosilada', 'Geglyceerd hemoglobine'],
  crp: ['C-reaktives Protein', 'Protéine C réactive', 'Proteina C reattiva', 'Proteína C reactiva', 'Proteína C reativa', 'PCR'],
  'uric-acid': ['Harnsäure', 'Acide urique', 'Uricémie', 'Acido urico', 'Uricemia', 'Ácido úrico', 'Urinezuur'],
  albumin: ['Albumine', 'Albumina', 'Albúmina'],
  'protein-total': ['Gesamteiweiß', 'Gesamteiweiss', 'Gesamtprotein', 'Protéines totales', 'Protidémie', 'Proteine totali', 'Proteínas totales', 'Proteínas totais', 'Totaal eiwit', 'Eiwit totaal'],
  iron: ['Eisen', 'Fer', 'Fer sérique', 'Ferro', 'Ferro sérico', 'Sideremia', 'Hierro', 'IJzer'],
  transferrin: ['Transferrine', 'Transferrina'],
  esr: ['BSG', 'Blutsenkung', 'Blutkörperchensenkungsgeschwindigkeit', 'Vitesse de sédimentation', 'VS', 'VES', 'Velocità di eritrosedimentazione', 'VSG', 'Velocidad de sedimentación globular', 'VHS', 'BSE', 'Bezinking'],
  ldh: ['Laktatdehydrogenase', 'Lactate déshydrogénase', 'Lattato deidrogenasi', 'Lactato deshidrogenasa', 'Desidrogenase láctica'],
  ck: ['Kreatinkinase', 'Créatine kinase', 'Creatinchinasi', 'Creatina quinasa', 'Creatinoquinase', 'CPK'],
  amylase: ['Amilasi', 'Amilasa', 'Amilase'],
  lipase: ['Lipasi', 'Lipasa'],
  insulin: ['Insuline', 'Insulina'],
  cortisol: ['Kortisol', 'Cortisolo'],
  'testosterone-total': ['Testosteron', 'Testostérone', 'Testosterona'],
  estradiol: ['Östradiol', 'Oestradiol', 'Estradiolo'],
  homocysteine: ['Homocystein', 'Homocystéine', 'Omocisteina', 'Homocisteína', 'Homocysteïne'],
};

for (const [cell, { names, absolute }] of Object.entries(CELL_TYPES)) {
  NAMES[`${cell}-pct`] = [...(NAMES[`${cell}-pct`] ?? []), ...names];
  NAMES[`${cell}-abs`] = [...(NAMES[`${cell}-abs`] ?? []), ...names, ...absolute];
}

/** Local printed names of a catalogue marker (none for a key this table does not know). */
export function localNamesOf(key: string): string[] {
  return NAMES[key] ?? [];
}

/**
 * Local unit spellings in their international form. Case matters here and only here: a capital
 * G or T before a litre is giga/tera (cells), never grams ("G/l" is 10^9/L, "g/l" grams).
 */
const UNIT_SPELLINGS: Array<[RegExp, string]> = [
  [/^G\s*\/\s*[lL]$/, '10^9/L'],
  [/^T\s*\/\s*[lL]$/, '10^12/L'],
  [/^(?:\/|pro\s*)nl$/i, '10^9/L'],
  [/^(?:\/|pro\s*)pl$/i, '10^12/L'],
  [/^(?:Tsd|Tausend|mil|miles|milhares|mille)\.?\s*\/\s*(?:µl|μl|ul|mm³|mm3)$/i, '10^3/uL'],
  [/^(?:Mio|Millionen|milhões|milhoes|millones|milioni)\.?\s*\/\s*(?:µl|μl|ul|mm³|mm3)$/i, '10^6/uL'],
  // Same quantity, other prefixes: µg/L is ng/mL and ng/L is pg/mL for every analyte.
  [/^(?:µ|μ|u|mc)g\s*\/\s*l$/i, 'ng/mL'],
  [/^ng\s*\/\s*l$/i, 'pg/mL'],
];

export function internationalUnitSpelling(printed: string): string {
  const trimmed = printed.trim();
  for (const [pattern, international] of UNIT_SPELLINGS) if (pattern.test(trimmed)) return international;
  // "UI" is the Romance-language order of "IU" (mUI/L, µUI/mL, UI/L).
  return trimmed.replace(/(^|[mµμuk])UI(?=\/)/g, '$1IU');
}

/** Words of results-table column headings in the seven languages. */
const COLUMN_HEADINGS = new Set(
  [
    'test', 'tests', 'result', 'results', 'unit', 'units', 'reference', 'range', 'interval', 'flag', 'investigation', 'parameter', 'value',
    'untersuchung', 'ergebnis', 'einheit', 'referenzbereich', 'normbereich', 'analyse', 'analyses', 'résultat', 'unité', 'valeurs', 'de', 'référence',
    'esame', 'risultato', 'unità', 'valori', 'di', 'riferimento', 'prueba', 'resultado', 'resultados', 'unidades', 'unidad', 'valores', 'valor', 'referencia', 'rango', 'intervalo', 'exame', 'exames', 'unidade', 'referência', 'ref', 'biological', 'normal', 'normalwerte', 'risultati', 'résultats', 'unités',
    'bepaling', 'uitslag', 'eenheid', 'referentiewaarde', 'referentiewaarden', 'normaalwaarde',
  ],
);

export function isColumnHeading(word: string): boolean {
  return COLUMN_HEADINGS.has(word.toLowerCase().replace(/[:.]$/, ''));
}
