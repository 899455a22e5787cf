import type { AGENT_KINDS } from '#contract/interactions.ts';

/**
 * The things an interaction is between (product.md, Medications and interactions): supplements,
 * single medicines, drug classes and lab tests. An item of the user's stack stands for an agent
 * when one of the agent's terms appears in its name as whole words, ignoring case, spacing and
 * punctuation ("Vitamin K2 (MK-7)" has "vitamin k2"; "Levothyroxine 50 mcg" has "levothyroxine").
 *
 * A drug class is matched by a short list of common generic and brand names in it, not by the
 * class name alone: people write the name on their pack. Lab tests are never in a stack; their
 * rows say which supplements distort a result, and which biomarkers of the lab catalogue they
 * concern.
 */

export type AgentKind = (typeof AGENT_KINDS)[number];

export type InteractionAgent = {
  key: string;
  label: string;
  kind: AgentKind;
  /** Names an item of the stack may carry; none for lab tests. */
  terms: readonly string[];
  /** Lab tests only: the catalogue's biomarker keys the test reports. */
  biomarkers?: readonly string[];
};

const supplement = (key: string, label: string, terms: string[]): InteractionAgent => ({ key, label, kind: 'supplement', terms });
const drug = (key: string, label: string, terms: string[]): InteractionAgent => ({ key, label, kind: 'drug', terms });
const drugClass = (key: string, label: string, terms: string[]): InteractionAgent => ({ key, label, kind: 'drug-class', terms });
const labTest = (key: string, label: string, biomarkers: string[]): InteractionAgent => ({ key, label, kind: 'lab-test', terms: [], biomarkers });

export const INTERACTION_AGENTS: readonly InteractionAgent[] = [
  // ─── Supplements ────────────────────────────────────────────────────────────────────────────
  supplement('vitamin-k', 'Vitamin K', ['vitamin k', 'vitamin k1', 'vitamin k2', 'vit k', 'vit k2', 'phylloquinone', 'phytonadione', 'menaquinone', 'menaquinone 7', 'menatetrenone', 'mk 7', 'mk7', 'mk 4', 'mk4']),
  supplement('omega-3', 'Fish oil and omega-3', ['fish oil', 'omega 3', 'omega3', 'epa', 'dha', 'krill oil', 'cod liver oil', 'algal oil', 'algae oil', 'icosapent ethyl']),
  supplement('vitamin-e', 'Vitamin E', ['vitamin e', 'vit e', 'tocopherol', 'tocopherols', 'alpha tocopherol', 'tocotrienol', 'tocotrienols']),
  supplement('vitamin-d', 'Vitamin D', ['vitamin d', 'vitamin d3', 'vitamin d2', 'vit d', 'vit d3', 'd3', 'cholecalciferol', 'ergocalciferol']),
  supplement('vitamin-a', 'Vitamin A', ['vitamin a', 'vit a', 'retinol', 'retinyl palmitate', 'retinyl acetate', 'cod liver oil']),
  supplement('vitamin-c', 'Vitamin C', ['vitamin c', 'vit c', 'ascorbic acid', 'ascorbate', 'ascorbates']),
  supplement('vitamin-b6', 'Vitamin B6', ['vitamin b6', 'vit b6', 'b6', 'pyridoxine', 'pyridoxal', 'p5p']),
  supplement('vitamin-b12', 'Vitamin B12', ['vitamin b12', 'vit b12', 'b12', 'cobalamin', 'cyanocobalamin', 'methylcobalamin', 'hydroxocobalamin', 'adenosylcobalamin']),
  supplement('folate', 'Folate and folic acid', ['folic acid', 'folate', 'methylfolate', 'l methylfolate', '5 mthf', 'folinic acid']),
  supplement('niacin', 'Niacin', ['niacin', 'nicotinic acid', 'vitamin b3']),
  supplement('biotin', 'Biotin', ['biotin', 'vitamin b7', 'vit b7', 'b7', 'vitamin h']),
  supplement('calcium', 'Calcium', ['calcium', 'oyster shell calcium', 'coral calcium']),
  supplement('iron', 'Iron', ['iron', 'ferrous', 'ferric', 'heme iron', 'ferrous sulfate', 'ferrous gluconate', 'ferrous fumarate']),
  supplement('magnesium', 'Magnesium', ['magnesium']),
  supplement('zinc', 'Zinc', ['zinc']),
  supplement('copper', 'Copper', ['copper']),
  supplement('potassium', 'Potassium', ['potassium']),
  supplement('iodine', 'Iodine', ['iodine', 'iodide', 'potassium iodide', 'kelp']),
  supplement('chromium', 'Chromium', ['chromium']),
  supplement('creatine', 'Creatine', ['creatine']),
  supplement('st-johns-wort', "St John's wort", ['st john s wort', 'st johns wort', 'st john wort', 'saint john s wort', 'saint johns wort', 'hypericum']),
  supplement('ginkgo', 'Ginkgo', ['ginkgo', 'ginkgo biloba', 'gingko']),
  supplement('garlic', 'Garlic', ['garlic', 'allicin', 'aged garlic']),
  supplement('ginseng', 'Ginseng', ['ginseng', 'panax', 'panax ginseng']),
  supplement('turmeric', 'Turmeric and curcumin', ['turmeric', 'curcumin', 'curcuminoids']),
  supplement('green-tea', 'Green tea extract', ['green tea', 'green tea extract', 'egcg']),
  supplement('goldenseal', 'Goldenseal', ['goldenseal', 'hydrastis']),
  supplement('berberine', 'Berberine', ['berberine']),
  supplement('kava', 'Kava', ['kava', 'kava kava']),
  supplement('valerian', 'Valerian', ['valerian', 'valerian root']),
  supplement('melatonin', 'Melatonin', ['melatonin']),
  supplement('licorice', 'Licorice root', ['licorice', 'liquorice', 'licorice root', 'glycyrrhiza']),
  supplement('red-yeast-rice', 'Red yeast rice', ['red yeast rice', 'monacolin']),
  supplement('5-htp', '5-HTP', ['5 htp', '5htp', '5 hydroxytryptophan', 'oxitriptan']),
  supplement('tryptophan', 'L-tryptophan', ['tryptophan', 'l tryptophan']),
  supplement('same', 'SAMe', ['same', 's adenosylmethionine', 's adenosyl methionine', 's adenosyl l methionine']),
  supplement('coq10', 'Coenzyme Q10', ['coq10', 'co q10', 'coenzyme q10', 'ubiquinone', 'ubiquinol']),
  supplement('dong-quai', 'Dong quai', ['dong quai', 'angelica sinensis']),
  supplement('feverfew', 'Feverfew', ['feverfew']),
  supplement('hawthorn', 'Hawthorn', ['hawthorn']),
  supplement('cranberry', 'Cranberry', ['cranberry']),
  supplement('cinnamon', 'Cinnamon', ['cinnamon']),
  supplement('echinacea', 'Echinacea', ['echinacea']),
  supplement('yohimbe', 'Yohimbe', ['yohimbe', 'yohimbine']),
  supplement('bitter-orange', 'Bitter orange', ['bitter orange', 'synephrine', 'citrus aurantium']),
  supplement('caffeine', 'Caffeine', ['caffeine', 'guarana', 'caffeine anhydrous']),
  supplement('cbd', 'Cannabidiol (CBD)', ['cbd', 'cannabidiol', 'cbd oil']),

  // ─── Single medicines ───────────────────────────────────────────────────────────────────────
  drug('warfarin', 'Warfarin', ['warfarin', 'coumadin', 'jantoven']),
  drug('metformin', 'Metformin', ['metformin', 'glucophage', 'glumetza', 'fortamet', 'riomet']),
  drug('digoxin', 'Digoxin', ['digoxin', 'lanoxin']),
  drug('nadolol', 'Nadolol', ['nadolol', 'corgard']),
  drug('clobazam', 'Clobazam', ['clobazam', 'onfi', 'sympazan']),
  drug('methotrexate', 'Methotrexate', ['methotrexate', 'trexall', 'otrexup', 'rasuvo']),
  drug('levodopa', 'Levodopa', ['levodopa', 'carbidopa levodopa', 'sinemet', 'rytary', 'madopar']),

  // ─── Drug classes, by common names in them ──────────────────────────────────────────────────
  drugClass('anticoagulants', 'Anticoagulants (blood thinners)', [
    'warfarin', 'coumadin', 'jantoven', 'apixaban', 'eliquis', 'rivaroxaban', 'xarelto', 'dabigatran', 'pradaxa', 'edoxaban', 'savaysa',
    'heparin', 'enoxaparin', 'lovenox', 'dalteparin', 'fragmin', 'acenocoumarol', 'phenprocoumon',
  ]),
  drugClass('antiplatelets', 'Antiplatelet medicines', ['clopidogrel', 'plavix', 'prasugrel', 'effient', 'ticagrelor', 'brilinta', 'aspirin', 'dipyridamole', 'cilostazol']),
  drugClass('nsaids', 'NSAID pain relievers', ['ibuprofen', 'advil', 'motrin', 'naproxen', 'aleve', 'diclofenac', 'voltaren', 'celecoxib', 'celebrex', 'meloxicam', 'indomethacin', 'ketorolac']),
  drugClass('ssris', 'SSRI antidepressants', [
    'fluoxetine', 'prozac', 'sertraline', 'zoloft', 'citalopram', 'celexa', 'escitalopram', 'lexapro', 'cipralex', 'paroxetine', 'paxil', 'seroxat', 'fluvoxamine', 'luvox', 'vortioxetine', 'trintellix',
  ]),
  drugClass('snris', 'SNRI antidepressants', ['venlafaxine', 'effexor', 'duloxetine', 'cymbalta', 'desvenlafaxine', 'pristiq', 'levomilnacipran', 'fetzima', 'milnacipran']),
  drugClass('maois', 'MAO inhibitors', ['phenelzine', 'nardil', 'tranylcypromine', 'parnate', 'isocarboxazid', 'marplan', 'selegiline', 'emsam', 'rasagiline', 'azilect', 'moclobemide']),
  drugClass('triptans', 'Triptans (migraine medicines)', ['sumatriptan', 'imitrex', 'rizatriptan', 'maxalt', 'zolmitriptan', 'zomig', 'eletriptan', 'relpax', 'naratriptan', 'almotriptan', 'frovatriptan']),
  drugClass('thyroid-hormone', 'Thyroid hormone', ['levothyroxine', 'synthroid', 'levoxyl', 'unithroid', 'euthyrox', 'tirosint', 'eltroxin', 'liothyronine', 'cytomel', 'armour thyroid', 'np thyroid', 'thyroid hormone']),
  drugClass('antithyroid', 'Antithyroid medicines', ['methimazole', 'tapazole', 'carbimazole', 'propylthiouracil']),
  drugClass('tetracyclines', 'Tetracycline antibiotics', ['tetracycline', 'doxycycline', 'vibramycin', 'minocycline', 'minocin', 'solodyn', 'demeclocycline', 'sarecycline', 'omadacycline']),
  drugClass('quinolones', 'Quinolone antibiotics', ['ciprofloxacin', 'cipro', 'levofloxacin', 'levaquin', 'moxifloxacin', 'avelox', 'ofloxacin', 'norfloxacin', 'delafloxacin']),
  drugClass('bisphosphonates', 'Bisphosphonates (bone medicines)', ['alendronate', 'fosamax', 'risedronate', 'actonel', 'atelvia', 'ibandronate', 'boniva']),
  drugClass('statins', 'Statins', ['atorvastatin', 'lipitor', 'simvastatin', 'zocor', 'rosuvastatin', 'crestor', 'pravastatin', 'pravachol', 'lovastatin', 'mevacor', 'fluvastatin', 'pitavastatin', 'livalo']),
  drugClass('hormonal-contraceptives', 'Hormonal birth control', [
    'birth control', 'birth control pill', 'oral contraceptive', 'contraceptive pill', 'the pill', 'ethinyl estradiol', 'levonorgestrel', 'norethindrone', 'drospirenone', 'desogestrel', 'norgestimate', 'etonogestrel', 'yaz', 'yasmin', 'nexplanon', 'nuvaring',
  ]),
  drugClass('immunosuppressants', 'Transplant and immune-suppressing medicines', ['cyclosporine', 'ciclosporin', 'neoral', 'sandimmune', 'tacrolimus', 'prograf', 'envarsus', 'sirolimus', 'rapamune', 'everolimus', 'mycophenolate', 'cellcept', 'azathioprine']),
  drugClass('hiv-antivirals', 'HIV protease inhibitors and NNRTIs', ['ritonavir', 'norvir', 'darunavir', 'prezista', 'atazanavir', 'reyataz', 'lopinavir', 'kaletra', 'saquinavir', 'indinavir', 'efavirenz', 'nevirapine', 'rilpivirine', 'etravirine', 'doravirine']),
  drugClass('cancer-medicines', 'Some cancer medicines', ['irinotecan', 'camptosar', 'imatinib', 'gleevec', 'docetaxel', 'taxotere']),
  drugClass('diabetes-medicines', 'Diabetes medicines', [
    'metformin', 'glucophage', 'insulin', 'glipizide', 'glyburide', 'glibenclamide', 'glimepiride', 'gliclazide', 'sitagliptin', 'januvia', 'pioglitazone', 'empagliflozin', 'jardiance', 'dapagliflozin', 'farxiga', 'semaglutide', 'ozempic', 'liraglutide', 'victoza', 'dulaglutide', 'trulicity', 'tirzepatide', 'mounjaro', 'repaglinide',
  ]),
  drugClass('ace-arb', 'ACE inhibitors and ARBs (blood pressure)', [
    'lisinopril', 'zestril', 'enalapril', 'ramipril', 'benazepril', 'captopril', 'quinapril', 'perindopril', 'losartan', 'cozaar', 'valsartan', 'diovan', 'irbesartan', 'olmesartan', 'candesartan', 'telmisartan',
  ]),
  drugClass('potassium-sparing-diuretics', 'Potassium-sparing diuretics', ['spironolactone', 'aldactone', 'eplerenone', 'inspra', 'amiloride', 'triamterene']),
  drugClass('thiazide-diuretics', 'Thiazide diuretics', ['hydrochlorothiazide', 'hctz', 'chlorthalidone', 'indapamide', 'metolazone', 'chlorothiazide', 'bendroflumethiazide']),
  drugClass('loop-diuretics', 'Loop diuretics', ['furosemide', 'lasix', 'bumetanide', 'bumex', 'torsemide', 'torasemide']),
  drugClass('acid-reducers', 'Stomach acid reducers (PPIs and H2 blockers)', [
    'omeprazole', 'prilosec', 'esomeprazole', 'nexium', 'lansoprazole', 'prevacid', 'pantoprazole', 'protonix', 'rabeprazole', 'dexlansoprazole', 'famotidine', 'pepcid', 'cimetidine', 'tagamet', 'nizatidine',
  ]),
  drugClass('sedatives', 'Sedatives and sleeping pills', [
    'alprazolam', 'xanax', 'lorazepam', 'ativan', 'diazepam', 'valium', 'clonazepam', 'klonopin', 'temazepam', 'restoril', 'triazolam', 'zolpidem', 'ambien', 'eszopiclone', 'lunesta', 'zopiclone', 'zaleplon',
  ]),
  drugClass('anticonvulsants', 'Anti-seizure medicines', [
    'phenytoin', 'dilantin', 'fosphenytoin', 'carbamazepine', 'tegretol', 'phenobarbital', 'primidone', 'mysoline', 'valproate', 'valproic acid', 'divalproex', 'depakote',
  ]),
  drugClass('corticosteroids', 'Corticosteroids', ['prednisone', 'prednisolone', 'methylprednisolone', 'medrol', 'dexamethasone', 'hydrocortisone', 'cortisone']),
  drugClass('orlistat', 'Orlistat (weight loss)', ['orlistat', 'xenical', 'alli']),
  drugClass('retinoids', 'Retinoid medicines', ['isotretinoin', 'accutane', 'absorica', 'claravis', 'acitretin', 'soriatane', 'bexarotene', 'alitretinoin']),

  // ─── Lab tests (biomarker keys of the lab catalogue) ────────────────────────────────────────
  labTest('thyroid-tests', 'Thyroid blood tests', ['tsh', 'free-t4', 'total-t4', 'free-t3', 'total-t3']),
  labTest('troponin-tests', 'Troponin (heart) tests', ['troponin-i-hs', 'troponin-t-hs']),
  labTest('hormone-tests', 'Hormone immunoassays', ['pth', 'testosterone-total', 'testosterone-free', 'estradiol', 'cortisol']),
  labTest('creatinine-tests', 'Creatinine and eGFR', ['creatinine', 'egfr', 'bun-creatinine-ratio']),
  labTest('glucose-meters', 'Glucose meter readings', ['glucose', 'glucose-fasting', 'glucose-pp']),
];

export const AGENTS_BY_KEY: ReadonlyMap<string, InteractionAgent> = new Map(INTERACTION_AGENTS.map((agent) => [agent.key, agent]));
