import type { Severity } from '#contract/interactions.ts';

/**
 * Seed of the interaction table (product.md, Medications and interactions): pairs of agents
 * (`interaction-agents.data.ts`) with how serious it is, what happens and what to do, in our own
 * words, and where it is documented. Sources are the NIH Office of Dietary Supplements' fact sheets
 * for health professionals (their "Interactions with medications" sections), NCCIH's herb pages,
 * the FDA's safety communication on biotin, FDA-approved labels as published on DailyMed, and,
 * where no NIH page covers the pair, the National Library of Medicine's MedlinePlus herb and
 * supplement monographs.
 *
 * Severity: `major` — the combination is best avoided or needs a clinician's plan; `moderate` —
 * it can change how well a medicine works or needs spacing or monitoring; `minor` — worth
 * knowing, rarely a problem. None of it is medical advice, and the app says so.
 */


export type InteractionSeed = {
  a: string;
  b: string;
  severity: Severity;
  effect: string;
  advice: string;
  source: string;
  sourceUrl: string;
};

type Source = { source: string; sourceUrl: string };

const ods = (factSheet: string, title: string): Source => ({
  source: `NIH Office of Dietary Supplements, ${title} fact sheet for health professionals`,
  sourceUrl: `https://ods.od.nih.gov/factsheets/${factSheet}-HealthProfessional/`,
});
const nccih = (slug: string, title: string): Source => ({
  source: `NIH National Center for Complementary and Integrative Health, ${title}`,
  sourceUrl: `https://www.nccih.nih.gov/health/${slug}`,
});
const label = (drugName: string, section: string): Source => ({
  source: `FDA-approved prescribing information for ${drugName} (${section}), on DailyMed`,
  sourceUrl: `https://dailymed.nlm.nih.gov/dailymed/search.cfm?labeltype=all&query=${encodeURIComponent(drugName)}`,
});

const ODS = {
  vitaminK: ods('VitaminK', 'Vitamin K'),
  omega3: ods('Omega3FattyAcids', 'Omega-3 Fatty Acids'),
  vitaminE: ods('VitaminE', 'Vitamin E'),
  vitaminD: ods('VitaminD', 'Vitamin D'),
  vitaminA: ods('VitaminA', 'Vitamin A'),
  vitaminB6: ods('VitaminB6', 'Vitamin B6'),
  vitaminB12: ods('VitaminB12', 'Vitamin B12'),
  folate: ods('Folate', 'Folate'),
  biotin: ods('Biotin', 'Biotin'),
  calcium: ods('Calcium', 'Calcium'),
  iron: ods('Iron', 'Iron'),
  magnesium: ods('Magnesium', 'Magnesium'),
  zinc: ods('Zinc', 'Zinc'),
  potassium: ods('Potassium', 'Potassium'),
  iodine: ods('Iodine', 'Iodine'),
  chromium: ods('Chromium', 'Chromium'),
} as const;

const NCCIH = {
  stJohnsWort: nccih('st-johns-wort', "St. John's Wort"),
  ginkgo: nccih('ginkgo', 'Ginkgo'),
  garlic: nccih('garlic', 'Garlic'),
  ginseng: nccih('asian-ginseng', 'Asian Ginseng'),
  greenTea: nccih('green-tea', 'Green Tea'),
  goldenseal: nccih('goldenseal', 'Goldenseal'),
  kava: nccih('kava', 'Kava'),
  licorice: nccih('licorice-root', 'Licorice Root'),
  redYeastRice: nccih('red-yeast-rice', 'Red Yeast Rice'),
  coq10: nccih('coenzyme-q10', 'Coenzyme Q10'),
  dongQuai: nccih('dong-quai', 'Dong Quai'),
  hawthorn: nccih('hawthorn', 'Hawthorn'),
  cranberry: nccih('cranberry', 'Cranberry'),
  cinnamon: nccih('cinnamon', 'Cinnamon'),
  bitterOrange: nccih('bitter-orange', 'Bitter Orange'),
} as const;

const MEDLINEPLUS: Source = {
  source: 'MedlinePlus Herbs and Supplements (National Library of Medicine)',
  sourceUrl: 'https://medlineplus.gov/druginfo/herb_All.html',
};

const FDA_BIOTIN: Source = {
  source: 'US Food and Drug Administration, "Biotin may interfere with lab tests" safety communication (2017, updated 2019)',
  sourceUrl: 'https://www.fda.gov/medical-devices/safety-communications/update-fda-warns-biotin-may-interfere-lab-tests-fda-safety-communication',
};

const LEVOTHYROXINE_LABEL = label('levothyroxine', 'Drug Interactions');
const DOXYCYCLINE_LABEL = label('doxycycline', 'Drug Interactions');
const CIPROFLOXACIN_LABEL = label('ciprofloxacin', 'Drug Interactions');
const ALENDRONATE_LABEL = label('alendronate', 'Dosage and Administration');
const EPIDIOLEX_LABEL = label('Epidiolex', 'Warnings and Drug Interactions');
const NIASPAN_LABEL = label('Niaspan', 'Warnings and Precautions');

const CREATINE_CREATININE: Source = {
  source:
    'Williamson L, New D. How the use of creatine supplements can elevate serum creatinine in the absence of underlying kidney pathology. BMJ Case Reports, 2014 (PubMed)',
  sourceUrl: 'https://pubmed.ncbi.nlm.nih.gov/?term=creatine+supplements+elevate+serum+creatinine+absence+kidney+pathology',
};

const ASCORBIC_ACID_METERS: Source = {
  source: 'PubMed: studies of ascorbic acid (vitamin C) interference with point-of-care glucose meters',
  sourceUrl: 'https://pubmed.ncbi.nlm.nih.gov/?term=ascorbic+acid+interference+glucose+meter',
};

const pair = (a: string, b: string, severity: Severity, effect: string, advice: string, source: Source): InteractionSeed => ({
  a,
  b,
  severity,
  effect,
  advice,
  ...source,
});

// Texts shared by several rows.
const BLEEDING = 'Both can slow blood clotting, so together they may raise the chance of bruising or bleeding.';
const BLEEDING_ADVICE = 'Tell the doctor who prescribes your blood thinner about it, and ask before starting or stopping it, especially before surgery.';
const MINERAL_ANTIBIOTIC =
  'binds these antibiotics in the gut, so less of the antibiotic is absorbed and it may not clear the infection.';
const ANTIBIOTIC_SPACING = 'Take the antibiotic at least 2 hours before or 4 to 6 hours after it, or ask your pharmacist how to space them.';
const THYROID_SPACING = 'Take your thyroid medicine on an empty stomach and this at least 4 hours apart; tell your doctor if you start or stop it, since your dose may need checking.';
const SEROTONIN =
  'Both raise serotonin; together they can cause serotonin syndrome (agitation, sweating, fast heartbeat, tremor, fever), which can be serious.';
const SEROTONIN_ADVICE = 'Do not combine them without your prescriber agreeing. Seek care at once for agitation, high temperature or muscle twitching.';
const SJW_INDUCER =
  "St John's wort speeds up how the liver and gut clear many medicines, so this medicine can drop to levels where it no longer works.";
const SJW_ADVICE = "Avoid St John's wort with this medicine unless your prescriber agrees; do not stop it suddenly either, as levels can then rise. Ask first.";
const SEDATION = 'Both make you drowsy; together the sleepiness and slowed reactions can add up.';
const SEDATION_ADVICE = 'Avoid driving until you know how the combination affects you, and tell your prescriber you take both.';
const BIOTIN_ASSAY =
  'High-dose biotin (common in hair, skin and nail products) can make some immunoassays read falsely high or low, and results can look like a disease that is not there, or hide one that is.';
const BIOTIN_ADVICE = 'Tell whoever orders the test that you take biotin; many labs ask you to stop it for at least 2 to 3 days before the blood draw. Ask before stopping anything prescribed.';
const SUGAR_LOWERING = 'It may lower blood sugar a little, adding to the effect of diabetes medicines and raising the chance of a low.';
const SUGAR_ADVICE = 'Check your blood sugar more often when you start or stop it, and tell your doctor.';

export const INTERACTION_SEEDS: readonly InteractionSeed[] = [
  // ─── Blood thinners and bleeding ────────────────────────────────────────────────────────────
  pair('vitamin-k', 'warfarin', 'major',
    'Warfarin works by blocking vitamin K. Starting, stopping or changing a vitamin K supplement (K1 or K2) changes how well warfarin works and moves your INR.',
    'Do not start or stop vitamin K on your own; keep the amount steady, tell your anticoagulation clinic, and expect extra INR checks.', ODS.vitaminK),
  pair('omega-3', 'anticoagulants', 'moderate',
    'High doses of fish oil (about 3 g or more of EPA and DHA a day) may add to the effect of blood thinners and raise the chance of bleeding.',
    BLEEDING_ADVICE, ODS.omega3),
  pair('omega-3', 'antiplatelets', 'moderate', `High-dose fish oil and antiplatelet medicines: ${BLEEDING}`, BLEEDING_ADVICE, ODS.omega3),
  pair('vitamin-e', 'anticoagulants', 'moderate',
    'Vitamin E in supplement doses may slow clotting and add to the effect of blood thinners such as warfarin.', BLEEDING_ADVICE, ODS.vitaminE),
  pair('vitamin-e', 'antiplatelets', 'minor', `Vitamin E and antiplatelet medicines: ${BLEEDING}`, BLEEDING_ADVICE, ODS.vitaminE),
  pair('ginkgo', 'anticoagulants', 'major', `Ginkgo and blood thinners: ${BLEEDING} Bleeding has been reported with this combination.`, BLEEDING_ADVICE, NCCIH.ginkgo),
  pair('ginkgo', 'antiplatelets', 'moderate', `Ginkgo and antiplatelet medicines: ${BLEEDING}`, BLEEDING_ADVICE, NCCIH.ginkgo),
  pair('ginkgo', 'nsaids', 'moderate', `Ginkgo and NSAIDs such as ibuprofen: ${BLEEDING}`, 'Use NSAIDs sparingly and ask your pharmacist about a safer pain reliever.', NCCIH.ginkgo),
  pair('garlic', 'anticoagulants', 'moderate', `Garlic supplements and blood thinners: ${BLEEDING}`, BLEEDING_ADVICE, NCCIH.garlic),
  pair('garlic', 'antiplatelets', 'minor', `Garlic supplements and antiplatelet medicines: ${BLEEDING}`, BLEEDING_ADVICE, NCCIH.garlic),
  pair('turmeric', 'anticoagulants', 'moderate', `Concentrated turmeric or curcumin and blood thinners: ${BLEEDING}`, BLEEDING_ADVICE, MEDLINEPLUS),
  pair('turmeric', 'antiplatelets', 'minor', `Concentrated turmeric or curcumin and antiplatelet medicines: ${BLEEDING}`, BLEEDING_ADVICE, MEDLINEPLUS),
  pair('dong-quai', 'anticoagulants', 'moderate', 'Dong quai may increase the effect of warfarin and other blood thinners and raise the chance of bleeding.', BLEEDING_ADVICE, NCCIH.dongQuai),
  pair('feverfew', 'anticoagulants', 'moderate', `Feverfew and blood thinners: ${BLEEDING}`, BLEEDING_ADVICE, MEDLINEPLUS),
  pair('coq10', 'warfarin', 'moderate', 'Coenzyme Q10 is chemically close to vitamin K and may make warfarin work less well.', 'Tell your anticoagulation clinic before starting or stopping it; your INR may need extra checks.', NCCIH.coq10),
  pair('ginseng', 'warfarin', 'moderate', 'Ginseng may make warfarin work less well, lowering the INR.', 'Tell your anticoagulation clinic before starting or stopping it; your INR may need extra checks.', MEDLINEPLUS),
  pair('cranberry', 'warfarin', 'minor', 'Large amounts of cranberry products have been reported to raise the INR in people on warfarin, though studies disagree.', 'Keep the amount you take steady and mention it at your next INR check.', NCCIH.cranberry),
  pair('omega-3', 'ginkgo', 'moderate', `Fish oil and ginkgo: ${BLEEDING}`, 'Mention both to your doctor, especially before surgery or dental work.', MEDLINEPLUS),
  pair('ginkgo', 'garlic', 'moderate', `Ginkgo and garlic supplements: ${BLEEDING}`, 'Mention both to your doctor, especially before surgery or dental work.', MEDLINEPLUS),
  pair('ginkgo', 'vitamin-e', 'minor', `Ginkgo and vitamin E: ${BLEEDING}`, 'Mention both to your doctor, especially before surgery or dental work.', MEDLINEPLUS),
  pair('omega-3', 'garlic', 'minor', `Fish oil and garlic supplements: ${BLEEDING}`, 'Mention both to your doctor, especially before surgery or dental work.', MEDLINEPLUS),

  // ─── St John's wort ─────────────────────────────────────────────────────────────────────────
  pair('st-johns-wort', 'ssris', 'major', SEROTONIN, SEROTONIN_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', 'snris', 'major', SEROTONIN, SEROTONIN_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', 'maois', 'major', SEROTONIN, SEROTONIN_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', 'triptans', 'moderate', `St John's wort and triptans: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('st-johns-wort', 'hormonal-contraceptives', 'major',
    "St John's wort lowers the level of hormones from birth control pills, implants and rings; breakthrough bleeding and unplanned pregnancies have been reported.",
    'Use another method of contraception as well, or avoid St John\'s wort; ask your prescriber.', NCCIH.stJohnsWort),
  pair('st-johns-wort', 'immunosuppressants', 'major', `${SJW_INDUCER} With transplant medicines such as cyclosporine this has led to organ rejection.`, SJW_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', 'digoxin', 'major', `${SJW_INDUCER} Digoxin levels fall, and the heart condition may be less well controlled.`, SJW_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', 'hiv-antivirals', 'major', `${SJW_INDUCER} With HIV medicines this can let the virus grow and become resistant.`, SJW_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', 'anticoagulants', 'major', `${SJW_INDUCER} Warfarin and several newer blood thinners can then fail to prevent clots.`, SJW_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', 'cancer-medicines', 'major', `${SJW_INDUCER} With some cancer medicines this can make treatment less effective.`, SJW_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', 'statins', 'moderate', `${SJW_INDUCER} Some statins (simvastatin, atorvastatin) lower cholesterol less.`, 'Ask your prescriber whether your cholesterol should be rechecked, or whether to avoid it.', MEDLINEPLUS),
  pair('st-johns-wort', 'sedatives', 'moderate', `${SJW_INDUCER} Some sleeping pills and anxiety medicines (such as alprazolam) work less well.`, SJW_ADVICE, MEDLINEPLUS),
  pair('st-johns-wort', 'anticonvulsants', 'moderate', `${SJW_INDUCER} Seizure control could change.`, SJW_ADVICE, NCCIH.stJohnsWort),
  pair('st-johns-wort', '5-htp', 'major', `St John's wort and 5-HTP: ${SEROTONIN}`, 'Avoid taking them together; ask your doctor or pharmacist.', MEDLINEPLUS),
  pair('st-johns-wort', 'tryptophan', 'major', `St John's wort and L-tryptophan: ${SEROTONIN}`, 'Avoid taking them together; ask your doctor or pharmacist.', MEDLINEPLUS),
  pair('st-johns-wort', 'same', 'moderate', `St John's wort and SAMe: ${SEROTONIN}`, 'Avoid taking them together; ask your doctor or pharmacist.', MEDLINEPLUS),

  // ─── Serotonin from other supplements ───────────────────────────────────────────────────────
  pair('5-htp', 'ssris', 'major', `5-HTP and SSRIs: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('5-htp', 'snris', 'major', `5-HTP and SNRIs: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('5-htp', 'maois', 'major', `5-HTP and MAO inhibitors: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('5-htp', 'triptans', 'moderate', `5-HTP and triptans: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('tryptophan', 'ssris', 'major', `L-tryptophan and SSRIs: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('tryptophan', 'maois', 'major', `L-tryptophan and MAO inhibitors: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('same', 'ssris', 'moderate', `SAMe and SSRIs: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('same', 'maois', 'moderate', `SAMe and MAO inhibitors: ${SEROTONIN}`, SEROTONIN_ADVICE, MEDLINEPLUS),
  pair('5-htp', 'tryptophan', 'moderate', 'Both are turned into serotonin; together they add up and may cause serotonin excess.', 'Take one, not both, unless a clinician advises otherwise.', MEDLINEPLUS),
  pair('yohimbe', 'maois', 'major', 'Yohimbe raises blood pressure and heart rate; with MAO inhibitors the rise can be dangerous.', 'Do not combine them; ask your prescriber.', MEDLINEPLUS),

  // ─── Thyroid medicine timing ────────────────────────────────────────────────────────────────
  pair('calcium', 'thyroid-hormone', 'moderate', 'Calcium binds levothyroxine in the gut, so less of your thyroid medicine is absorbed and your TSH can rise.', THYROID_SPACING, ODS.calcium),
  pair('iron', 'thyroid-hormone', 'moderate', 'Iron binds levothyroxine in the gut, so less of your thyroid medicine is absorbed and your TSH can rise.', THYROID_SPACING, ODS.iron),
  pair('magnesium', 'thyroid-hormone', 'moderate', 'Magnesium (as in antacids and many supplements) can reduce how much levothyroxine is absorbed.', THYROID_SPACING, LEVOTHYROXINE_LABEL),
  pair('chromium', 'thyroid-hormone', 'minor', 'Chromium taken at the same time may reduce how much levothyroxine is absorbed.', THYROID_SPACING, ODS.chromium),
  pair('biotin', 'thyroid-hormone', 'minor',
    'Biotin does not change how thyroid medicine works, but it can distort thyroid blood tests, so a dose may be changed for a result that is not real.',
    BIOTIN_ADVICE, FDA_BIOTIN),
  pair('iodine', 'antithyroid', 'moderate', 'Large amounts of iodine (including kelp) can change how antithyroid medicines such as methimazole work, and can worsen thyroid problems.', 'Ask your doctor before taking iodine or kelp while you are treated for an overactive thyroid.', ODS.iodine),

  // ─── Minerals and antibiotics ───────────────────────────────────────────────────────────────
  pair('calcium', 'tetracyclines', 'moderate', `Calcium ${MINERAL_ANTIBIOTIC}`, ANTIBIOTIC_SPACING, ODS.calcium),
  pair('calcium', 'quinolones', 'moderate', `Calcium ${MINERAL_ANTIBIOTIC}`, ANTIBIOTIC_SPACING, ODS.calcium),
  pair('iron', 'tetracyclines', 'moderate', `Iron ${MINERAL_ANTIBIOTIC}`, ANTIBIOTIC_SPACING, DOXYCYCLINE_LABEL),
  pair('iron', 'quinolones', 'moderate', `Iron ${MINERAL_ANTIBIOTIC}`, ANTIBIOTIC_SPACING, CIPROFLOXACIN_LABEL),
  pair('magnesium', 'tetracyclines', 'moderate', `Magnesium ${MINERAL_ANTIBIOTIC}`, ANTIBIOTIC_SPACING, ODS.magnesium),
  pair('magnesium', 'quinolones', 'moderate', `Magnesium ${MINERAL_ANTIBIOTIC}`, ANTIBIOTIC_SPACING, ODS.magnesium),
  pair('zinc', 'tetracyclines', 'moderate', `Zinc ${MINERAL_ANTIBIOTIC} The antibiotic can also lower zinc absorption.`, ANTIBIOTIC_SPACING, ODS.zinc),
  pair('zinc', 'quinolones', 'moderate', `Zinc ${MINERAL_ANTIBIOTIC} The antibiotic can also lower zinc absorption.`, ANTIBIOTIC_SPACING, ODS.zinc),

  // ─── Bones, stomach acid and diuretics ──────────────────────────────────────────────────────
  pair('calcium', 'bisphosphonates', 'moderate', 'Calcium taken with a bisphosphonate such as alendronate stops the medicine from being absorbed.', 'Take the bisphosphonate first thing with plain water, and wait at least 30 minutes (longer for some) before calcium or food.', ALENDRONATE_LABEL),
  pair('magnesium', 'bisphosphonates', 'moderate', 'Magnesium taken close to a bisphosphonate reduces how much of the medicine is absorbed.', 'Keep at least 2 hours between them.', ODS.magnesium),
  pair('iron', 'bisphosphonates', 'moderate', 'Iron taken with a bisphosphonate reduces how much of the medicine is absorbed.', 'Take the bisphosphonate alone with plain water and leave the iron for later in the day.', ALENDRONATE_LABEL),
  pair('calcium', 'thiazide-diuretics', 'moderate', 'Thiazide diuretics make the kidneys keep calcium; with calcium supplements, blood calcium can climb too high.', 'Ask your doctor whether your calcium should be checked and how much to take.', ODS.calcium),
  pair('vitamin-d', 'thiazide-diuretics', 'minor', 'Thiazides raise blood calcium; high doses of vitamin D on top can push it too high, mainly in older adults.', 'Ask your doctor whether your calcium should be checked.', ODS.vitaminD),
  pair('magnesium', 'acid-reducers', 'minor', 'Taking a proton pump inhibitor for a year or more can lower blood magnesium.', 'Ask your doctor whether your magnesium should be checked; supplements may help if it is low.', ODS.magnesium),
  pair('magnesium', 'loop-diuretics', 'minor', 'Loop diuretics make you lose more magnesium in urine, which can lower your level.', 'Ask your doctor whether your magnesium should be checked.', ODS.magnesium),
  pair('magnesium', 'thiazide-diuretics', 'minor', 'Thiazide diuretics make you lose more magnesium in urine, which can lower your level.', 'Ask your doctor whether your magnesium should be checked.', ODS.magnesium),
  pair('magnesium', 'potassium-sparing-diuretics', 'minor', 'Potassium-sparing diuretics reduce magnesium loss; with supplements the level can rise.', 'Mention your magnesium supplement to your prescriber.', ODS.magnesium),
  pair('zinc', 'thiazide-diuretics', 'minor', 'Thiazide diuretics increase the zinc lost in urine.', 'Mention your zinc supplement to your prescriber; a blood test can show whether you need it.', ODS.zinc),
  pair('iron', 'acid-reducers', 'minor', 'Less stomach acid means less iron absorbed from supplements and food.', 'Ask your doctor whether your iron should be checked if you take both for a long time.', ODS.iron),
  pair('vitamin-b12', 'acid-reducers', 'minor', 'Long-term use of stomach acid reducers lowers how much vitamin B12 you absorb from food.', 'Ask your doctor whether your B12 should be checked; a supplement can make up for it.', ODS.vitaminB12),
  pair('vitamin-b12', 'metformin', 'minor', 'Metformin taken for years can lower vitamin B12 levels.', 'Ask your doctor whether your B12 should be checked; keep taking the supplement if advised.', ODS.vitaminB12),

  // ─── Potassium, iodine and blood pressure ───────────────────────────────────────────────────
  pair('potassium', 'ace-arb', 'major', 'ACE inhibitors and ARBs make the body keep potassium; potassium supplements on top can raise blood potassium to a dangerous level.', 'Do not take potassium supplements with these medicines unless your doctor has told you to, and have your potassium checked.', ODS.potassium),
  pair('potassium', 'potassium-sparing-diuretics', 'major', 'These diuretics make the body keep potassium; supplements on top can raise blood potassium to a dangerous level.', 'Do not take potassium supplements with these medicines unless your doctor has told you to.', ODS.potassium),
  pair('potassium', 'loop-diuretics', 'minor', 'Loop diuretics make you lose potassium; doctors sometimes prescribe potassium with them for that reason.', 'Take potassium in the amount your doctor set, and keep up with your blood tests.', ODS.potassium),
  pair('iodine', 'ace-arb', 'minor', 'Potassium iodide adds potassium; with ACE inhibitors or ARBs blood potassium can rise.', 'Ask your doctor before taking potassium iodide regularly.', ODS.iodine),
  pair('iodine', 'potassium-sparing-diuretics', 'minor', 'Potassium iodide adds potassium; with potassium-sparing diuretics blood potassium can rise.', 'Ask your doctor before taking potassium iodide regularly.', ODS.iodine),
  pair('licorice', 'ace-arb', 'moderate', 'Licorice (not deglycyrrhizinated, DGL) can raise blood pressure and work against blood pressure medicines.', 'Choose DGL products or avoid licorice root; check your blood pressure.', NCCIH.licorice),
  pair('licorice', 'thiazide-diuretics', 'moderate', 'Licorice and thiazide diuretics both lower potassium; together the level can fall too low.', 'Avoid licorice root (DGL is the exception) unless your doctor agrees; ask about a potassium check.', NCCIH.licorice),
  pair('licorice', 'loop-diuretics', 'moderate', 'Licorice and loop diuretics both lower potassium; together the level can fall too low.', 'Avoid licorice root (DGL is the exception) unless your doctor agrees; ask about a potassium check.', NCCIH.licorice),
  pair('licorice', 'digoxin', 'moderate', 'Licorice can lower potassium, and low potassium makes the heart more sensitive to digoxin side effects.', 'Avoid licorice root unless your doctor agrees.', NCCIH.licorice),
  pair('licorice', 'corticosteroids', 'minor', 'Licorice can strengthen the effects of corticosteroids, including salt and water retention.', 'Mention it to your prescriber.', NCCIH.licorice),
  pair('hawthorn', 'digoxin', 'moderate', 'Hawthorn acts on the heart and may add to the effects of digoxin.', 'Ask your cardiologist before taking hawthorn with heart medicines.', NCCIH.hawthorn),
  pair('green-tea', 'nadolol', 'moderate', 'Green tea, especially in concentrated extracts, can sharply lower the amount of nadolol absorbed, weakening its effect on blood pressure.', 'Avoid green tea extract with nadolol or ask your doctor; check your blood pressure.', NCCIH.greenTea),
  pair('bitter-orange', 'caffeine', 'moderate', 'Bitter orange (synephrine) with caffeine can raise heart rate and blood pressure more than either alone.', 'Avoid the combination if you have heart or blood pressure problems; ask your doctor.', NCCIH.bitterOrange),

  // ─── Cholesterol and diabetes medicines ─────────────────────────────────────────────────────
  pair('red-yeast-rice', 'statins', 'major', 'Red yeast rice can contain monacolin K, the same substance as lovastatin; with a statin the dose adds up, raising the risk of muscle and liver side effects.', 'Do not take red yeast rice with a statin.', NCCIH.redYeastRice),
  pair('niacin', 'statins', 'moderate', 'High-dose niacin with a statin may raise the chance of muscle and liver side effects and has not been shown to add benefit.', 'Take high-dose niacin only if your doctor prescribes it with the statin.', NIASPAN_LABEL),
  pair('niacin', 'diabetes-medicines', 'minor', 'High-dose niacin can raise blood sugar, working against diabetes medicines.', SUGAR_ADVICE, NIASPAN_LABEL),
  pair('chromium', 'diabetes-medicines', 'minor', `Chromium: ${SUGAR_LOWERING}`, SUGAR_ADVICE, ODS.chromium),
  pair('ginseng', 'diabetes-medicines', 'moderate', `Ginseng: ${SUGAR_LOWERING}`, SUGAR_ADVICE, NCCIH.ginseng),
  pair('cinnamon', 'diabetes-medicines', 'minor', `Cinnamon supplements: ${SUGAR_LOWERING}`, SUGAR_ADVICE, NCCIH.cinnamon),
  pair('berberine', 'diabetes-medicines', 'moderate', `Berberine: ${SUGAR_LOWERING}`, SUGAR_ADVICE, MEDLINEPLUS),
  pair('goldenseal', 'metformin', 'moderate', 'Goldenseal can lower the amount of metformin in the blood and changes how the body handles many other medicines.', 'Ask your doctor or pharmacist before taking goldenseal with any prescription medicine.', NCCIH.goldenseal),

  // ─── Sleep, mood and seizures ───────────────────────────────────────────────────────────────
  pair('kava', 'sedatives', 'major', `${SEDATION} Kava can also harm the liver.`, SEDATION_ADVICE, NCCIH.kava),
  pair('valerian', 'sedatives', 'moderate', SEDATION, SEDATION_ADVICE, MEDLINEPLUS),
  pair('melatonin', 'sedatives', 'moderate', SEDATION, SEDATION_ADVICE, MEDLINEPLUS),
  pair('melatonin', 'valerian', 'minor', SEDATION, 'Start with one, and avoid driving until you know how the pair affects you.', MEDLINEPLUS),
  pair('kava', 'valerian', 'moderate', SEDATION, 'Avoid taking them together, and never with alcohol.', MEDLINEPLUS),
  pair('cbd', 'clobazam', 'moderate', 'Cannabidiol raises the level of clobazam\'s active breakdown product, which can cause more sleepiness.', 'Tell your neurologist; the clobazam dose may need adjusting.', EPIDIOLEX_LABEL),
  pair('cbd', 'anticonvulsants', 'moderate', 'Cannabidiol with valproate raises the chance of liver enzyme increases; with other seizure medicines levels can change.', 'Tell your neurologist; liver tests may be needed.', EPIDIOLEX_LABEL),
  pair('cbd', 'sedatives', 'moderate', `Cannabidiol and sedatives: ${SEDATION}`, SEDATION_ADVICE, EPIDIOLEX_LABEL),
  pair('echinacea', 'immunosuppressants', 'moderate', 'Echinacea is taken to stimulate the immune system, which may work against medicines meant to suppress it.', 'Ask your transplant or specialist team before taking it.', MEDLINEPLUS),

  // ─── Vitamins with medicines ────────────────────────────────────────────────────────────────
  pair('vitamin-a', 'retinoids', 'major', 'Retinoid medicines such as isotretinoin are forms of vitamin A; vitamin A supplements on top can cause vitamin A toxicity.', 'Do not take vitamin A supplements (including cod liver oil) with these medicines unless your doctor says so.', ODS.vitaminA),
  pair('vitamin-a', 'orlistat', 'minor', 'Orlistat reduces how much fat-soluble vitamins, including vitamin A, you absorb.', 'Take a multivitamin at least 2 hours before or after orlistat, for example at bedtime.', ODS.vitaminA),
  pair('vitamin-d', 'orlistat', 'minor', 'Orlistat reduces how much vitamin D you absorb.', 'Take vitamin D at least 2 hours before or after orlistat, for example at bedtime.', ODS.vitaminD),
  pair('vitamin-d', 'corticosteroids', 'minor', 'Corticosteroids such as prednisone lower calcium absorption and vitamin D activity, which over time can weaken bones.', 'Ask your doctor whether you need vitamin D and calcium while on steroids.', ODS.vitaminD),
  pair('vitamin-d', 'statins', 'minor', 'Vitamin D may lower the amount of some statins (such as atorvastatin) in the blood.', 'Mention it to your doctor; your cholesterol tests will show the combined effect.', ODS.vitaminD),
  pair('folate', 'methotrexate', 'moderate', 'Methotrexate works against folate. Folic acid is often prescribed with low-dose methotrexate, but extra folate can weaken high-dose cancer treatment.', 'Take folic acid only as your prescriber set with methotrexate.', ODS.folate),
  pair('folate', 'anticonvulsants', 'moderate', 'Some seizure medicines (phenytoin, carbamazepine, valproate) lower folate, and folic acid in turn can lower their levels.', 'Ask your neurologist before starting or stopping folic acid.', ODS.folate),
  pair('vitamin-b6', 'anticonvulsants', 'minor', 'Some seizure medicines lower vitamin B6, and high doses of B6 may lower phenytoin levels.', 'Ask your neurologist before taking high-dose B6.', ODS.vitaminB6),
  pair('biotin', 'anticonvulsants', 'minor', 'Long-term use of some seizure medicines (carbamazepine, phenytoin, phenobarbital, primidone) can lower biotin levels.', 'Mention it to your neurologist; a supplement may be suggested.', ODS.biotin),
  pair('iron', 'levodopa', 'moderate', 'Iron binds levodopa in the gut, so less is absorbed and Parkinson\'s symptoms may be less controlled.', 'Take iron at least 2 hours away from levodopa.', ODS.iron),

  // ─── Supplement with supplement ─────────────────────────────────────────────────────────────
  pair('calcium', 'iron', 'minor', 'Calcium taken at the same time reduces how much iron is absorbed.', 'Take them at different meals if you rely on the iron.', ODS.iron),
  pair('zinc', 'copper', 'moderate', 'Zinc taken in high doses (above about 40 mg a day) for weeks blocks copper absorption and can cause copper deficiency and anemia.', 'Keep zinc within the upper limit, or ask about a product with copper.', ODS.zinc),
  pair('iron', 'zinc', 'minor', 'Iron and zinc compete for absorption when taken together on an empty stomach in high doses.', 'Take them at different times, or with food.', ODS.zinc),
  pair('vitamin-c', 'iron', 'minor', 'Vitamin C increases how much iron you absorb, usually a help; a concern for people with iron overload (hemochromatosis).', 'If you have hemochromatosis, avoid combining them; otherwise no change is needed.', ODS.iron),
  pair('folate', 'vitamin-b12', 'minor', 'High doses of folic acid can hide the anemia of vitamin B12 deficiency while nerve damage goes on.', 'If you take high-dose folic acid, make sure your B12 status is known.', ODS.folate),

  // ─── Lab tests ──────────────────────────────────────────────────────────────────────────────
  pair('biotin', 'thyroid-tests', 'major', `${BIOTIN_ASSAY} Thyroid tests can suggest an overactive thyroid that is not there.`, BIOTIN_ADVICE, FDA_BIOTIN),
  pair('biotin', 'troponin-tests', 'major', `${BIOTIN_ASSAY} A falsely low troponin can hide a heart attack.`, `${BIOTIN_ADVICE} In an emergency, tell the staff you take biotin.`, FDA_BIOTIN),
  pair('biotin', 'hormone-tests', 'moderate', `${BIOTIN_ASSAY} Hormone results (PTH, testosterone, estradiol, cortisol) may be affected.`, BIOTIN_ADVICE, FDA_BIOTIN),
  pair('creatine', 'creatinine-tests', 'minor', 'Creatine is broken down to creatinine, so blood creatinine can rise and eGFR fall without any kidney damage.', 'Tell whoever reads your kidney tests that you take creatine; a cystatin C test is not affected by it.', CREATINE_CREATININE),
  pair('vitamin-c', 'glucose-meters', 'moderate', 'High doses of vitamin C can make some glucose meters and test strips read falsely high; lab analysers are less affected.', 'Check your meter\'s leaflet for vitamin C (ascorbic acid) interference, and confirm surprising readings another way.', ASCORBIC_ACID_METERS),
];
