/**
 * Seed posts for the blog: "learn" explainers and "research" evidence pages (product.md, Blog,
 * product.md, Blog). Written for StackLab; educational, never medical advice.
 *
 * Citations are real, published studies. DOIs and PubMed ids were checked against the published
 * records; where an id could not be confirmed it is left out rather than guessed.
 *
 * We ship no stock images: each post carries an abstract inline SVG thumbnail with a <title>.
 */

export type BlogSection = 'learn' | 'research';

export type Citation = {
  title: string;
  authors: string;
  year: number;
  journal: string;
  doi?: string;
  pubmedId?: string;
  url: string;
};

type SeedPostBase = {
  slug: string;
  title: string;
  excerpt: string;
  contentMarkdown: string;
  /** ISO 8601 date. */
  publishedAt: string;
  /** A self-contained SVG document (viewBox 0 0 640 360) with an accessible <title>. */
  thumbnail: string;
};

export type LearnSeedPost = SeedPostBase & { section: 'learn'; citations?: Citation[] };
export type ResearchSeedPost = SeedPostBase & { section: 'research'; citations: Citation[] };
export type SeedPost = LearnSeedPost | ResearchSeedPost;

const CLOSING_LINE =
  '*This article is for education only and is not medical advice. Please discuss any change to your supplements, medicines or lab testing with your clinician.*';

// ─── Thumbnails ─────────────────────────────────────────────────────────────────────────────────

type Motif = 'sun' | 'drops' | 'waves' | 'bars' | 'rings' | 'grid' | 'leaf' | 'pulse' | 'layers' | 'orbit';

const PALETTES = {
  teal: { from: '#0f766e', to: '#14b8a6', ink: '#ecfeff' },
  amber: { from: '#b45309', to: '#f59e0b', ink: '#fffbeb' },
  indigo: { from: '#3730a3', to: '#6366f1', ink: '#eef2ff' },
  rose: { from: '#9f1239', to: '#f43f5e', ink: '#fff1f2' },
  emerald: { from: '#065f46', to: '#10b981', ink: '#ecfdf5' },
  sky: { from: '#075985', to: '#0ea5e9', ink: '#f0f9ff' },
  slate: { from: '#1e293b', to: '#475569', ink: '#f8fafc' },
} as const;
type PaletteName = keyof typeof PALETTES;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function motifShapes(motif: Motif, ink: string): string {
  switch (motif) {
    case 'sun':
      return `<circle cx="460" cy="150" r="70" fill="${ink}" fill-opacity="0.9"/><circle cx="460" cy="150" r="110" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="6"/><circle cx="460" cy="150" r="150" fill="none" stroke="${ink}" stroke-opacity="0.18" stroke-width="6"/>`;
    case 'drops':
      return [0, 1, 2, 3]
        .map((i) => {
          const x = 360 + i * 70;
          const y = 120 + (i % 2) * 70;
          return `<path d="M${x} ${y} q28 44 0 70 q-28 -26 0 -70z" fill="${ink}" fill-opacity="${0.45 + i * 0.15}"/>`;
        })
        .join('');
    case 'waves':
      return [0, 1, 2]
        .map(
          (i) =>
            `<path d="M0 ${220 + i * 34} C160 ${170 + i * 34} 320 ${270 + i * 34} 640 ${200 + i * 34}" fill="none" stroke="${ink}" stroke-opacity="${0.7 - i * 0.2}" stroke-width="10" stroke-linecap="round"/>`,
        )
        .join('');
    case 'bars':
      return [90, 150, 120, 200, 170, 240]
        .map((h, i) => `<rect x="${330 + i * 46}" y="${300 - h}" width="30" height="${h}" rx="8" fill="${ink}" fill-opacity="${0.4 + i * 0.1}"/>`)
        .join('');
    case 'rings':
      return [60, 95, 130]
        .map((r, i) => `<circle cx="480" cy="180" r="${r}" fill="none" stroke="${ink}" stroke-opacity="${0.8 - i * 0.25}" stroke-width="14"/>`)
        .join('');
    case 'grid':
      return Array.from({ length: 20 }, (_, i) => {
        const x = 360 + (i % 5) * 52;
        const y = 80 + Math.floor(i / 5) * 52;
        return `<circle cx="${x}" cy="${y}" r="${10 + ((i * 7) % 9)}" fill="${ink}" fill-opacity="${0.25 + ((i * 3) % 7) / 10}"/>`;
      }).join('');
    case 'leaf':
      return `<path d="M360 290 C360 150 470 70 600 70 C600 210 500 290 360 290z" fill="${ink}" fill-opacity="0.85"/><path d="M380 270 L580 90" stroke="${ink}" stroke-opacity="0.4" stroke-width="6"/>`;
    case 'pulse':
      return `<polyline points="300,190 380,190 410,110 450,270 490,150 520,190 640,190" fill="none" stroke="${ink}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`;
    case 'layers':
      return [0, 1, 2]
        .map((i) => `<rect x="${370 + i * 30}" y="${90 + i * 45}" width="190" height="110" rx="18" fill="${ink}" fill-opacity="${0.3 + i * 0.25}"/>`)
        .join('');
    case 'orbit':
      return `<ellipse cx="470" cy="180" rx="140" ry="60" fill="none" stroke="${ink}" stroke-opacity="0.5" stroke-width="6" transform="rotate(-20 470 180)"/><circle cx="470" cy="180" r="42" fill="${ink}" fill-opacity="0.9"/><circle cx="590" cy="140" r="16" fill="${ink}"/>`;
  }
}

function thumbnailSvg(options: { slug: string; label: string; palette: PaletteName; motif: Motif }): string {
  const { from, to, ink } = PALETTES[options.palette];
  const id = `thumb-${options.slug}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" role="img" aria-labelledby="${id}-title">`,
    `<title id="${id}-title">${escapeXml(options.label)}</title>`,
    `<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="640" height="360" fill="url(#${id}-bg)"/>`,
    `<circle cx="80" cy="320" r="160" fill="${ink}" fill-opacity="0.06"/>`,
    motifShapes(options.motif, ink),
    '</svg>',
  ].join('');
}

// ─── Posts ──────────────────────────────────────────────────────────────────────────────────────

const vitaminDGuide: LearnSeedPost = {
  slug: 'vitamin-d-and-your-25-oh-d-result',
  section: 'learn',
  title: 'Vitamin D and Your 25-OH D Result: A Practical Guide',
  excerpt:
    'What the 25-hydroxyvitamin D test measures, how to read ng/mL and nmol/L, and why your number may move slowly after you change your dose.',
  publishedAt: '2025-02-10',
  thumbnail: thumbnailSvg({
    slug: 'vitamin-d-and-your-25-oh-d-result',
    label: 'Abstract sun with rings, illustrating vitamin D',
    palette: 'amber',
    motif: 'sun',
  }),
  contentMarkdown: `Vitamin D is one of the most common supplements in any stack, and the blood test that goes with it, **25-hydroxyvitamin D** (often written 25-OH D or 25(OH)D), is one of the most common lab results people upload to StackLab. Here is how the two fit together.

## What the test measures

When you take vitamin D or make it in your skin, the liver converts it to 25-hydroxyvitamin D. This form circulates for weeks, so it reflects your vitamin D supply from sun, food and supplements over the previous couple of months. The kidneys then make the active hormone (1,25-dihydroxyvitamin D) in tightly controlled amounts. That active form is **not** a good measure of your vitamin D status, which is why 25-OH D is the test that is usually ordered.

## Reading the units

Labs report 25-OH D in one of two units:

- **ng/mL**, common in the United States
- **nmol/L**, common in Europe, Canada and Australia

To convert, multiply ng/mL by about 2.5 to get nmol/L (20 ng/mL is about 50 nmol/L). StackLab stores the value as reported and also converts it to one unit, so a series never mixes the two.

## What the numbers are often taken to mean

Cut-offs differ between organisations, which is one reason two clinicians may describe the same result differently. The US National Academies, whose figures the NIH Office of Dietary Supplements uses, describe roughly these bands:

- Below about **12 ng/mL (30 nmol/L)**: associated with deficiency
- **12–20 ng/mL (30–50 nmol/L)**: possibly inadequate for some people
- **20 ng/mL (50 nmol/L) and above**: adequate for bone health in most people
- Above about **50 ng/mL (125 nmol/L)**: no added benefit shown, and possible harm at much higher levels

Some groups and many labs use 30 ng/mL (75 nmol/L) as the lower end of their range. Neither number is a target everyone must reach; your clinician will read the result alongside your health and history.

## Why your number moves slowly

25-OH D takes weeks to settle after a change in dose, so a test two weeks after you start a supplement says little. Many clinicians retest after about three months. How much a given dose raises your level also varies a lot from person to person. Things that tend to matter:

- **Starting level**: the lower you start, the larger the rise from the same dose
- **Body size**: people with more body fat often see smaller rises
- **Season and sun**: summer sun can raise levels without any change to your stack
- **Absorption**: conditions that affect fat absorption reduce uptake
- **Consistency**: missed days add up

## D3, D2 and IU

Supplements come as vitamin D3 (cholecalciferol) or D2 (ergocalciferol). Both raise 25-OH D, and D3 tends to raise it somewhat more and for longer. Labels use micrograms or international units: **1 mcg = 40 IU**, so 2,000 IU is 50 mcg.

For adults, the recommended intake is 600 IU (15 mcg) a day up to age 70 and 800 IU (20 mcg) after that. The **tolerable upper intake level is 4,000 IU (100 mcg) a day** from all sources. Clinicians sometimes prescribe more for a limited time to correct a deficiency, with follow-up testing.

## Using StackLab for this

- Log every product that contains vitamin D, including multivitamins and cod liver oil. StackLab adds D3 and D2 together against the upper limit.
- Upload each 25-OH D result and pick **Vitamin D** in the biomarker chart to see the trend next to the dates you changed your dose.
- Ask the assistant, for example: "How has my vitamin D changed since I started 2,000 IU?"

${CLOSING_LINE}`,
};

const ironFerritin: LearnSeedPost = {
  slug: 'iron-and-ferritin-explained',
  section: 'learn',
  title: 'Iron and Ferritin, Explained',
  excerpt:
    'Ferritin is the lab number most people use to follow their iron stores. Here is what it can and cannot tell you, and what to know before reaching for an iron supplement.',
  publishedAt: '2025-03-03',
  thumbnail: thumbnailSvg({
    slug: 'iron-and-ferritin-explained',
    label: 'Abstract red drops, illustrating iron and blood',
    palette: 'rose',
    motif: 'drops',
  }),
  contentMarkdown: `Iron carries oxygen in your red blood cells, and the body stores what it does not need right away. Because both too little and too much iron cause problems, iron is a supplement best taken with lab numbers in view.

## The iron panel

A typical iron panel includes several results, and each answers a different question:

- **Ferritin**: a protein that stores iron. Its level in blood roughly tracks how much iron you have in storage.
- **Serum iron**: iron circulating right now. It swings with meals and time of day, so one value says little on its own.
- **Transferrin saturation (TSAT)**: the share of the iron transport protein that is carrying iron. Low values suggest too little iron available; high values can point to iron overload.
- **TIBC or transferrin**: how much capacity the blood has to carry iron. It tends to rise when stores are low.
- **Hemoglobin** (from a complete blood count): the oxygen-carrying protein itself. It falls late, after stores are already depleted.

## What ferritin tells you

A **low ferritin** is a reliable sign of low iron stores, even when hemoglobin is still normal. Lab reference ranges vary, and the level at which a clinician considers treatment depends on your symptoms and situation.

A **normal or high ferritin does not always mean plenty of iron**. Ferritin also rises with inflammation, infection, liver conditions and heavy alcohol use, so it can look normal or high even when stores are low. That is why clinicians often read it together with transferrin saturation and a marker of inflammation such as CRP.

## Who tends to run low

- People who menstruate, especially with heavy periods
- Pregnancy
- Frequent blood donors
- Endurance athletes
- Vegetarians and vegans, since plant iron is absorbed less well
- People with conditions that affect absorption, such as coeliac disease, or who take acid-reducing medicines long term

Unexplained low iron, particularly in men and after menopause, is something clinicians usually investigate rather than simply treat, because it can be a sign of blood loss.

## If you take an iron supplement

- **Check the elemental iron.** Ferrous sulfate is about 20% iron by weight, ferrous gluconate about 12% and ferrous fumarate about 33%. Labels list the elemental amount, and that is what counts.
- **Timing matters.** Vitamin C can help absorption; calcium, coffee, tea and some medicines, such as thyroid hormone and certain antibiotics, can reduce it or be reduced by it. Many people space iron a few hours from these.
- **Side effects are common**: constipation, nausea and dark stools. Some studies suggest that taking iron on alternate days can be absorbed about as well with fewer side effects; ask your clinician whether that suits you.
- **Know the limit.** The adult tolerable upper intake level is **45 mg of elemental iron a day**. Clinicians often prescribe more than that for a limited time to treat deficiency; that is a medical decision with follow-up, not a reason to self-dose.
- **Keep iron away from children.** Accidental iron overdose is a well-known cause of serious poisoning in young children.

## Too much iron

Hereditary hemochromatosis, one of the most common genetic conditions in people of Northern European descent, causes the body to absorb too much iron. Taking iron without knowing your levels can make it worse. A high ferritin together with a high transferrin saturation is the usual reason to look further.

## Following it in StackLab

- Upload each iron panel; StackLab reads ferritin, iron, TSAT and hemoglobin as separate biomarkers.
- Select **Ferritin** and **Hemoglobin** together in the chart to see stores and red cells side by side.
- Log your iron product with its elemental dose. Many people recheck after two to three months of a change, but follow the timing your clinician suggests.

${CLOSING_LINE}`,
};

const magnesiumSleep: LearnSeedPost = {
  slug: 'magnesium-forms-and-sleep',
  section: 'learn',
  title: 'Magnesium Forms, Elemental Doses and Sleep',
  excerpt:
    'Glycinate, citrate, oxide, threonate: what the names on the label mean, how much magnesium you are really taking, and what the evidence says about sleep.',
  publishedAt: '2025-04-07',
  thumbnail: thumbnailSvg({
    slug: 'magnesium-forms-and-sleep',
    label: 'Abstract night-blue waves, illustrating magnesium and sleep',
    palette: 'indigo',
    motif: 'waves',
  }),
  contentMarkdown: `Magnesium is involved in hundreds of enzyme reactions, from energy production to muscle and nerve function. It is also one of the supplements people most often take in the evening, hoping for better sleep. Here is how to make sense of the products and the evidence.

## How much you need

Adults are advised to get about **400–420 mg a day (men)** and **310–320 mg a day (women)** from all sources. Green leafy vegetables, nuts, seeds, legumes and whole grains are good sources. Surveys suggest many adults fall short of these amounts from food.

## The upper limit is only for supplements

The tolerable upper intake level for magnesium is **350 mg a day**, and it is unusual: it counts **only magnesium from supplements and medicines**, not from food and water. The main effect of going over it is diarrhoea and stomach cramps. People with reduced kidney function clear magnesium less well and should not take supplements without their clinician's advice.

## Salt weight versus elemental magnesium

Magnesium in supplements is always bound to something else, and the compound weighs more than the magnesium in it. A capsule of "magnesium glycinate 1,000 mg" may contain well under 200 mg of magnesium itself. The **Supplement Facts panel lists elemental magnesium**, and that is the number that counts toward your daily total and the upper limit.

## Common forms

- **Glycinate (bisglycinate)**: bound to the amino acid glycine. Popular in the evening and generally gentle on the stomach.
- **Citrate**: well absorbed; in larger amounts it acts as a laxative, which is why it is also sold for constipation.
- **Oxide**: a lot of magnesium per tablet, but a smaller share is absorbed. Also used as an antacid and laxative.
- **Malate, taurate, chloride**: other salts with similar uses; the differences are mostly in tolerability and marketing.
- **L-threonate**: marketed for the brain; it provides relatively little elemental magnesium per serving.

No form has been shown to be clearly better for sleep than another.

## What the evidence says about sleep

Magnesium plays a part in nerve signalling, and low magnesium has been linked with poor sleep in observational studies. Trials of supplements, however, are mostly small, short and of mixed quality, many in older adults. Reviews have concluded that the evidence is **limited and inconsistent**: some people may benefit, especially if their intake is low, but magnesium is not a proven sleep treatment.

If you try it, it helps to be systematic:

1. Change one thing at a time, so you can tell what made a difference.
2. Keep the dose and timing steady for a few weeks.
3. Rate your sleep each day, including on nights you forget.

## About the blood test

Serum magnesium is tightly controlled and mostly reflects the small amount in the blood, not the much larger stores in bone and cells. A normal result does not rule out low intake, and a single value rarely changes much with supplements. Clinicians usually order it for specific reasons, such as certain medicines or kidney conditions.

## Magnesium and medicines

Magnesium can reduce the absorption of some antibiotics (tetracyclines and quinolones) and of bisphosphonates used for osteoporosis, so these are usually taken a few hours apart. Long-term use of acid-reducing proton pump inhibitors and some diuretics can lower magnesium levels.

## Using StackLab

- Log each magnesium product with its **elemental** amount. StackLab adds all forms together against the 350 mg supplemental limit.
- Rate sleep daily and look at your history over a few weeks rather than night by night.
- Ask the assistant, for example: "Has my sleep rating changed since I started magnesium glycinate?"

${CLOSING_LINE}`,
};

const creatineKidney: LearnSeedPost = {
  slug: 'creatine-and-your-kidney-labs',
  section: 'learn',
  title: 'Creatine and Your Kidney Labs',
  excerpt:
    'Creatine is the most studied sports supplement, and it can nudge your creatinine result upward. Here is why that happens and how it affects the way eGFR is read.',
  publishedAt: '2025-05-12',
  thumbnail: thumbnailSvg({
    slug: 'creatine-and-your-kidney-labs',
    label: 'Abstract rising bars, illustrating strength and lab values',
    palette: 'teal',
    motif: 'bars',
  }),
  contentMarkdown: `Creatine monohydrate helps muscles regenerate energy during short, intense efforts. It is one of the best-studied supplements in sport and increasingly studied in older adults. It also has one well-known side effect on lab reports, which can cause needless worry.

## What creatine does

Your body makes about a gram of creatine a day, and meat and fish supply more. Most of it is stored in muscle as phosphocreatine, which quickly regenerates ATP during sprints and heavy lifts. Supplements raise these stores, typically by 20–40% in people who start low, such as vegetarians.

Common ways to take it:

- **3–5 g a day** of creatine monohydrate, which fills muscle stores over three to four weeks
- An optional **loading phase** of about 20 g a day, split into four doses, for five to seven days, which fills stores faster

A gain of one to two kilograms in the first weeks is common and is mostly water held inside muscle.

## Creatine, creatinine and eGFR

Creatine is slowly broken down into **creatinine**, which the kidneys filter out. Labs measure creatinine in blood and use it, with age and sex, to estimate kidney filtration as **eGFR**.

Taking creatine increases the amount of creatinine your body produces. Blood creatinine can therefore **rise modestly**, and the calculated eGFR can **fall**, without any change in how well your kidneys work. Having more muscle has the same effect, and a large meat meal before the test can too.

If your creatinine looks higher than expected:

- Tell your clinician that you take creatine, and how much.
- A test called **cystatin C** estimates kidney function without depending on muscle or creatine, and is sometimes used to check.
- Some clinicians suggest pausing creatine for a few weeks before a repeat test to see the underlying value.

## Is creatine safe for kidneys?

In healthy people, studies lasting months to several years have not shown harm to kidney function at usual doses. People with kidney disease, or with conditions that put the kidneys at risk such as diabetes or high blood pressure, were mostly not included in those studies and should talk to their clinician first.

## Other practical points

- **Monohydrate** is the form with the most evidence; more expensive forms have not been shown to work better.
- Drink normally; there is no need for extreme amounts of water.
- Some people get stomach upset from large single doses; splitting the dose helps.
- Quality varies between products, so look for third-party testing.

## Using StackLab

- Log creatine with its daily dose so the assistant can take it into account when it reads your kidney labs.
- Upload creatinine, eGFR and, if you have it, cystatin C. Selecting them together in the chart shows whether a change in creatinine lines up with when you started.
- Ask the assistant, for example: "Did my creatinine change after I started creatine?"

${CLOSING_LINE}`,
};

const upperLimits: LearnSeedPost = {
  slug: 'upper-limits-adding-up-your-stack',
  section: 'learn',
  title: 'Upper Limits: How to Add Up Your Stack',
  excerpt:
    'A multivitamin, a separate vitamin D, a zinc lozenge: nutrients from different products add up. Here is how tolerable upper intake levels work and which ones are easy to exceed.',
  publishedAt: '2025-06-09',
  thumbnail: thumbnailSvg({
    slug: 'upper-limits-adding-up-your-stack',
    label: 'Abstract stacked layers, illustrating supplements adding up',
    palette: 'slate',
    motif: 'layers',
  }),
  contentMarkdown: `Most people who track their supplements take more than one product, and many products overlap. A multivitamin, a separate vitamin D and an immune blend can each contain the same nutrient. The **tolerable upper intake level (UL)** is the tool for checking whether those amounts add up to too much.

## What a UL is, and is not

A UL is the **highest daily intake that is unlikely to cause harm for almost all healthy adults** over the long term. It is set by the US National Academies (and published by the NIH Office of Dietary Supplements), with a safety margin built in.

A UL is **not**:

- a target or a recommended dose
- a line at which harm suddenly starts
- a limit on treatment your clinician prescribes for a specific reason for a limited time

Many supplements, especially herbs, have no UL at all. That means one has not been set, not that any amount is safe.

## Examples of adult ULs

- **Vitamin D**: 4,000 IU (100 mcg)
- **Vitamin A** (preformed, as retinol or retinyl esters): 3,000 mcg RAE (10,000 IU)
- **Vitamin B6**: 100 mg
- **Zinc**: 40 mg
- **Iron**: 45 mg
- **Selenium**: 400 mcg
- **Iodine**: 1,100 mcg
- **Calcium**: 2,500 mg up to age 50, 2,000 mg after
- **Magnesium from supplements**: 350 mg

## Four details that change the math

1. **Some ULs count food, others only supplements.** Vitamin D, zinc, selenium and calcium ULs cover everything you eat and take. The magnesium, niacin, folic acid and vitamin E ULs count only what you get from supplements (and, for some of them, fortified foods or medicines). Because StackLab sees your supplements but not your meals, leave room for food where it counts.
2. **Count the nutrient, not the compound.** A 220 mg zinc sulfate tablet contains about 50 mg of zinc. Labels list the elemental amount; use that.
3. **Convert IU correctly.** For vitamin D, 40 IU = 1 mcg. For preformed vitamin A, 1 IU = 0.3 mcg RAE. For vitamin E, 1 IU of natural d-alpha-tocopherol = 0.67 mg, and 1 IU of synthetic dl-alpha-tocopherol = 0.45 mg. Beta-carotene does not count toward the vitamin A UL at all.
4. **Count every dose.** Two capsules twice a day is four servings. Zinc lozenges taken every few hours during a cold can pass the zinc UL within a day.

## The usual suspects

- **Vitamin B6**: present in B complexes, magnesium blends, energy drinks and "sleep" formulas. Long-term high intakes have been linked to nerve symptoms such as tingling and numbness.
- **Zinc**: long-term intakes above the UL can lower copper and cause anaemia and nerve problems.
- **Vitamin A**: high preformed vitamin A over time can affect the liver and bones, and is a particular concern in pregnancy.
- **Selenium**: Brazil nuts can contain very large amounts, in addition to supplements.
- **Iodine**: kelp and iodine drops can far exceed the UL in one serving.

## How StackLab helps

Reference supplements in StackLab carry a **nutrient key**, so vitamin D3 and D2, or magnesium citrate and glycinate, add up to one daily total, compared with the UL from the NIH Office of Dietary Supplements. When you log a custom product, adding its nutrients separately keeps the totals accurate.

Seeing a total above a UL is a reason to look more closely and talk to your clinician or pharmacist, not a reason to panic or to stop a prescribed treatment.

${CLOSING_LINE}`,
};

const b12PlantBased: LearnSeedPost = {
  slug: 'vitamin-b12-on-plant-based-diets',
  section: 'learn',
  title: 'Vitamin B12 on a Plant-Based Diet',
  excerpt:
    'B12 is the one nutrient every vegan needs to plan for. How much, which form, and which lab tests show whether it is working.',
  publishedAt: '2025-07-14',
  thumbnail: thumbnailSvg({
    slug: 'vitamin-b12-on-plant-based-diets',
    label: 'Abstract green leaf, illustrating plant-based eating',
    palette: 'emerald',
    motif: 'leaf',
  }),
  contentMarkdown: `Vitamin B12 is needed to make red blood cells and to keep nerves healthy. It is made by microbes, not plants, and reliable food sources are animal foods and fortified products. That makes B12 the one nutrient that anyone eating a fully plant-based diet needs to plan for.

## How much you need

The recommended intake for adults is **2.4 mcg a day**, a little more in pregnancy and breastfeeding. There is **no upper limit**, because no harm has been shown from high intakes in healthy people.

Absorption is the tricky part. At normal food amounts, B12 is taken up through a carrier system that handles only a few micrograms at a time. At higher doses, a small percentage is absorbed passively. That is why supplements often contain hundreds or thousands of micrograms: only a fraction is absorbed.

## Ways to cover it

Common approaches, in consultation with a clinician or dietitian:

- A **daily supplement** in the tens of micrograms or more
- A **weekly larger dose**, often 1,000 mcg or more, relying on passive absorption
- **Fortified foods** such as some plant milks, cereals and nutritional yeast, eaten several times a day. Check labels; not every product is fortified.

Seaweed, spirulina and fermented foods are not reliable sources; some contain B12-like compounds that the body cannot use.

## Which form?

- **Cyanocobalamin** is the most studied, stable and inexpensive form.
- **Methylcobalamin**, **adenosylcobalamin** and **hydroxocobalamin** are natural forms the body uses or converts.

The body converts all of them into its active coenzymes. Claims that one form is clearly better for most people are not well supported.

## The lab tests

- **Serum B12**: the usual first test. Borderline values are hard to interpret, and high-dose supplements raise it quickly.
- **Methylmalonic acid (MMA)**: rises when cells are short of B12. Often used to clarify a borderline result; kidney disease can also raise it.
- **Homocysteine**: rises with low B12, and also with low folate or B6 and with kidney disease.
- **Holotranscobalamin ("active B12")**: the fraction available to cells; offered by some labs.
- **Complete blood count**: B12 deficiency can cause large red cells (a high MCV) and anaemia, but often only late.

A high **folate** intake can hide the anaemia of B12 deficiency while nerve damage continues, which is one reason B12 matters even when blood counts look normal.

## Others at risk

Not only vegans run low. Older adults absorb less B12 from food, and long-term use of **metformin** or **acid-reducing medicines** is associated with lower levels. Our research page on metformin and B12 looks at the trial evidence.

## Signs worth raising with a clinician

Tiredness, pale skin, a sore tongue, pins and needles, numbness, balance problems or memory changes can all have many causes, including low B12. Nerve symptoms are worth reporting promptly, because damage can become permanent if deficiency goes untreated.

## Using StackLab

- Log your B12 product and dose, including fortified foods you rely on, as notes.
- Upload results for B12, MMA and homocysteine; select them together to see the trend after a change.
- Ask the assistant, for example: "Is my B12 holding up since I went vegan?"

${CLOSING_LINE}`,
};

const vitalResearch: ResearchSeedPost = {
  slug: 'what-vital-taught-us-about-vitamin-d',
  section: 'research',
  title: 'What the Large Vitamin D Trials Found',
  excerpt:
    'VITAL, its fracture analysis and the D2d trial tested vitamin D in tens of thousands of adults. Here is what they found, and what they did not test.',
  publishedAt: '2025-08-04',
  thumbnail: thumbnailSvg({
    slug: 'what-vital-taught-us-about-vitamin-d',
    label: 'Abstract grid of dots, illustrating a large clinical trial',
    palette: 'amber',
    motif: 'grid',
  }),
  citations: [
    {
      title: 'Vitamin D Supplements and Prevention of Cancer and Cardiovascular Disease',
      authors: 'Manson JE, Cook NR, Lee IM, et al.',
      year: 2019,
      journal: 'New England Journal of Medicine',
      doi: '10.1056/NEJMoa1809944',
      pubmedId: '30415629',
      url: 'https://doi.org/10.1056/NEJMoa1809944',
    },
    {
      title: 'Supplemental Vitamin D and Incident Fractures in Midlife and Older Adults',
      authors: 'LeBoff MS, Chou SH, Ratliff KA, et al.',
      year: 2022,
      journal: 'New England Journal of Medicine',
      doi: '10.1056/NEJMoa2202106',
      pubmedId: '35939577',
      url: 'https://doi.org/10.1056/NEJMoa2202106',
    },
    {
      title: 'Vitamin D Supplementation and Prevention of Type 2 Diabetes',
      authors: 'Pittas AG, Dawson-Hughes B, Sheehan P, et al.',
      year: 2019,
      journal: 'New England Journal of Medicine',
      doi: '10.1056/NEJMoa1900906',
      pubmedId: '31173679',
      url: 'https://doi.org/10.1056/NEJMoa1900906',
    },
  ],
  contentMarkdown: `For years, observational studies linked low vitamin D levels with many conditions, from heart disease to diabetes. Observational links cannot show cause and effect, so large randomised trials set out to test whether taking vitamin D actually prevents disease. Three of the largest are summarised here.

## VITAL: cancer and cardiovascular disease

The **VITamin D and OmegA-3 TriaL (VITAL)** randomised **25,871** US adults (men 50 and older, women 55 and older) to **2,000 IU of vitamin D3 a day** or placebo, and separately to omega-3 or placebo. Participants were followed for a median of **5.3 years**.

What it found:

- No significant reduction in **invasive cancer** overall.
- No significant reduction in **major cardiovascular events** (heart attack, stroke or cardiovascular death).
- Secondary analyses hinted at fewer cancer deaths, particularly when the first years of follow-up were excluded. Secondary findings like this generate hypotheses; they do not prove an effect.

## VITAL: fractures

A later analysis of VITAL looked at fractures, one of the main reasons people take vitamin D. Among participants in the trial, vitamin D3 **did not lower the risk of total, non-vertebral or hip fractures** compared with placebo.

## D2d: type 2 diabetes

The **Vitamin D and Type 2 Diabetes (D2d)** trial randomised **2,423** adults with prediabetes to **4,000 IU of vitamin D3 a day** or placebo. After a median of about 2.5 years, diabetes developed slightly less often in the vitamin D group, but the difference was **not statistically significant**.

## Reading these results carefully

These trials are often summarised as "vitamin D doesn't work". That goes further than the evidence:

- **Most participants were not deficient.** The trials enrolled the general population, most of whom already had adequate 25-OH D levels. They tested whether adding vitamin D helps people who mostly have enough, not whether correcting a real deficiency helps.
- **Participants could take some vitamin D on their own.** VITAL allowed limited personal use, which narrows the difference between groups.
- **The questions were specific.** Each trial tested particular outcomes, doses and populations. They do not address, for example, people with conditions that impair absorption or who have very low levels.
- **Vitamin D still has established roles.** It remains essential for calcium absorption and bone health, and treating deficiency is standard care.

## What this means for a tracker

For most adults with adequate levels, these trials suggest that taking extra vitamin D is unlikely to prevent cancer, heart disease, fractures or diabetes on its own. For people who are deficient, testing and correcting the deficiency with a clinician remains reasonable.

That makes your own data more useful than a general rule. In StackLab you can:

- follow your **25-OH D** trend against the dates you changed your dose,
- keep your total vitamin D under the 4,000 IU upper limit unless a clinician has advised otherwise,
- and bring the chart to your next appointment to decide together whether you need a supplement at all.

${CLOSING_LINE}`,
};

const omega3Research: ResearchSeedPost = {
  slug: 'omega-3-trials-triglycerides-and-heart-outcomes',
  section: 'research',
  title: 'Omega-3s, Triglycerides and Heart Outcomes: Reading the Trials',
  excerpt:
    'REDUCE-IT reported a large benefit; STRENGTH, VITAL and ASCEND did not. What differed between the omega-3 trials, and what it means for a fish oil in your stack.',
  publishedAt: '2025-09-01',
  thumbnail: thumbnailSvg({
    slug: 'omega-3-trials-triglycerides-and-heart-outcomes',
    label: 'Abstract heartbeat line, illustrating cardiovascular research',
    palette: 'sky',
    motif: 'pulse',
  }),
  citations: [
    {
      title: 'Cardiovascular Risk Reduction with Icosapent Ethyl for Hypertriglyceridemia',
      authors: 'Bhatt DL, Steg PG, Miller M, et al.',
      year: 2019,
      journal: 'New England Journal of Medicine',
      doi: '10.1056/NEJMoa1812792',
      pubmedId: '30415628',
      url: 'https://doi.org/10.1056/NEJMoa1812792',
    },
    {
      title:
        'Effect of High-Dose Omega-3 Fatty Acids vs Corn Oil on Major Adverse Cardiovascular Events in Patients at High Cardiovascular Risk: The STRENGTH Randomized Clinical Trial',
      authors: 'Nicholls SJ, Lincoff AM, Garcia M, et al.',
      year: 2020,
      journal: 'JAMA',
      doi: '10.1001/jama.2020.22258',
      pubmedId: '33190147',
      url: 'https://doi.org/10.1001/jama.2020.22258',
    },
    {
      title: 'Marine n−3 Fatty Acids and Prevention of Cardiovascular Disease and Cancer',
      authors: 'Manson JE, Cook NR, Lee IM, et al.',
      year: 2019,
      journal: 'New England Journal of Medicine',
      doi: '10.1056/NEJMoa1811403',
      url: 'https://doi.org/10.1056/NEJMoa1811403',
    },
    {
      title: 'Effects of n−3 Fatty Acid Supplements in Diabetes Mellitus',
      authors: 'ASCEND Study Collaborative Group',
      year: 2018,
      journal: 'New England Journal of Medicine',
      doi: '10.1056/NEJMoa1804989',
      url: 'https://doi.org/10.1056/NEJMoa1804989',
    },
  ],
  contentMarkdown: `Omega-3 fatty acids from fish, EPA and DHA, reliably lower **triglycerides** at high doses. Whether they also prevent heart attacks and strokes has been tested in several large trials with strikingly different results.

## The trials at a glance

**REDUCE-IT (2019)** enrolled **8,179** adults already on statins who had cardiovascular disease, or diabetes plus other risk factors, and moderately raised triglycerides (roughly 135–499 mg/dL). They took **4 g a day of icosapent ethyl**, a purified prescription form of EPA, or a mineral oil placebo. Over a median of about 4.9 years, the primary composite of cardiovascular events was about **25% lower** in relative terms with icosapent ethyl. Atrial fibrillation was more common in the treatment group.

**STRENGTH (2020)** enrolled **13,078** statin-treated adults at high risk with high triglycerides and low HDL. They took **4 g a day of a combined EPA and DHA** prescription product, or corn oil. The trial was stopped early because it showed **no reduction** in major cardiovascular events.

**VITAL (2019)** tested **1 g a day** of a standard fish oil (EPA plus DHA) against placebo in **25,871** generally healthy older US adults. It found **no significant reduction** in its primary outcome of major cardiovascular events.

**ASCEND (2018)** gave **1 g a day** of omega-3s or olive oil placebo to **15,480** adults with diabetes but no known cardiovascular disease, for a mean of 7.4 years. There was **no significant reduction** in serious vascular events.

## Why the results differ

Researchers have debated several explanations:

- **Dose and ingredient.** REDUCE-IT used 4 g of purified EPA. VITAL and ASCEND used 1 g of mixed EPA and DHA, a typical supplement dose. STRENGTH used a high dose of EPA and DHA together and found no benefit, which raises the question of whether EPA on its own behaves differently.
- **The placebo.** REDUCE-IT's mineral oil placebo was associated with rises in LDL cholesterol and inflammation markers in the placebo group. Some argue that this made the active treatment look better than it was; others conclude that it explains only part of the difference. STRENGTH used corn oil instead.
- **Who was studied.** REDUCE-IT and STRENGTH enrolled people at high risk who were already treated with statins; VITAL and ASCEND enrolled people at lower risk.

## What about triglycerides?

Lowering triglycerides with omega-3s did not by itself guarantee fewer events: STRENGTH lowered triglycerides and still showed no benefit. Triglycerides are a useful marker to follow, but a change in the number is not the same as a change in outcomes.

## What this means for your stack

- An over-the-counter fish oil at 1 g a day is **not the same product or dose** as the prescription EPA studied in REDUCE-IT, and the large trials of typical doses did not show heart protection in the general population.
- Prescription omega-3s are medicines used for specific people under medical supervision.
- People eat fish or take omega-3s for many reasons; if you do, count the **EPA and DHA per serving**, not the capsule weight.
- Fish oil may add to the effect of blood thinners, and high doses have been associated with atrial fibrillation in some trials. Mention it to your clinician.

In StackLab, log the EPA and DHA content of your product, upload your lipid panels, and select **Triglycerides** with **LDL** and **HDL** to see how your numbers move over time.

${CLOSING_LINE}`,
};

const metforminB12Research: ResearchSeedPost = {
  slug: 'metformin-and-vitamin-b12',
  section: 'research',
  title: 'Metformin and Vitamin B12: What the Trials Show',
  excerpt:
    'Long-term metformin use is linked with lower vitamin B12. Two randomised studies show how large the effect is and why periodic testing is often recommended.',
  publishedAt: '2025-09-22',
  thumbnail: thumbnailSvg({
    slug: 'metformin-and-vitamin-b12',
    label: 'Abstract orbit around a core, illustrating a medicine and a nutrient',
    palette: 'indigo',
    motif: 'orbit',
  }),
  citations: [
    {
      title:
        'Long term treatment with metformin in patients with type 2 diabetes and risk of vitamin B-12 deficiency: randomised placebo controlled trial',
      authors: 'de Jager J, Kooy A, Lehert P, et al.',
      year: 2010,
      journal: 'BMJ',
      doi: '10.1136/bmj.c2181',
      pubmedId: '20488910',
      url: 'https://doi.org/10.1136/bmj.c2181',
    },
    {
      title: 'Long-term Metformin Use and Vitamin B12 Deficiency in the Diabetes Prevention Program Outcomes Study',
      authors: 'Aroda VR, Edelstein SL, Goldberg RB, et al.',
      year: 2016,
      journal: 'Journal of Clinical Endocrinology & Metabolism',
      doi: '10.1210/jc.2015-3754',
      pubmedId: '26900641',
      url: 'https://doi.org/10.1210/jc.2015-3754',
    },
  ],
  contentMarkdown: `Metformin is one of the most widely used medicines in the world, for type 2 diabetes and prediabetes. It has long been associated with lower vitamin B12 levels. Two randomised studies give the clearest picture of how large that effect is.

## The HOME trial (de Jager and colleagues, BMJ 2010)

In the Netherlands, **390** people with type 2 diabetes who were using insulin were randomised to add **metformin (850 mg up to three times a day)** or a placebo, and followed for about **4.3 years**.

What it found:

- B12 levels fell in the metformin group compared with placebo, and the gap grew over time.
- The **absolute risk of B12 deficiency was about 7 percentage points higher** with metformin by the end of the study.
- Homocysteine, a marker that rises when B12 is short, also tended to be higher.

## The Diabetes Prevention Program Outcomes Study (Aroda and colleagues, JCEM 2016)

The Diabetes Prevention Program randomised adults with prediabetes to metformin, lifestyle changes or placebo, and many were then followed for years. Stored blood samples were tested for B12.

- After about **five years**, low B12 was more common with metformin (**4.3%**) than with placebo (**2.3%**).
- The longer people had taken metformin, the higher the risk of low B12.
- The authors concluded that periodic B12 measurement should be considered for people taking metformin long term.

## Why it happens

Metformin appears to interfere with B12 absorption in the last part of the small intestine, a process that depends on calcium. The effect builds slowly, over years, as the body's B12 stores are used up.

## What the findings suggest

- The effect is **real but modest** for most people, and it grows with time.
- Low B12 can cause anaemia and nerve damage; nerve symptoms can also be blamed on diabetes itself, so deficiency can be missed.
- Several diabetes guidelines now advise **periodic B12 testing** for people on long-term metformin, especially if they have anaemia or nerve symptoms.

These studies do **not** suggest stopping metformin, which has well-established benefits. They suggest keeping an eye on B12 and correcting it if it becomes low, with your clinician.

## Other things that lower B12

Older age, long-term use of acid-reducing medicines (proton pump inhibitors and H2 blockers), plant-based diets and conditions affecting the stomach or small intestine all add to the risk. Our learn article on B12 on a plant-based diet covers the tests in more detail.

## Using StackLab

- Mention metformin and any acid-reducing medicine in your daily notes so the assistant can take them into account.
- Upload B12, and if you have them, methylmalonic acid, homocysteine and a complete blood count; select them together to follow the trend.
- Ask the assistant, for example: "Has my B12 changed since I started metformin?"

${CLOSING_LINE}`,
};

const biotinResearch: ResearchSeedPost = {
  slug: 'biotin-and-thyroid-tests',
  section: 'research',
  title: 'Biotin and Your Thyroid Tests: How a Hair Supplement Can Change Lab Results',
  excerpt:
    'High-dose biotin can make some lab tests read falsely high or low, including thyroid tests. What the studies show, and what to do before your next blood draw.',
  publishedAt: '2025-10-13',
  thumbnail: thumbnailSvg({
    slug: 'biotin-and-thyroid-tests',
    label: 'Abstract concentric rings, illustrating a lab test signal',
    palette: 'teal',
    motif: 'rings',
  }),
  citations: [
    {
      title: 'Association of Biotin Ingestion With Performance of Hormone and Nonhormone Assays in Healthy Adults',
      authors: 'Li D, Radulescu A, Shrestha RT, et al.',
      year: 2017,
      journal: 'JAMA',
      doi: '10.1001/jama.2017.13705',
      pubmedId: '28973622',
      url: 'https://doi.org/10.1001/jama.2017.13705',
    },
    {
      title: "Factitious Graves' Disease Due to Biotin Immunoassay Interference—A Case and Review of the Literature",
      authors: 'Elston MS, Sehgal S, Du Toit S, Yarndley T, Conaglen JV',
      year: 2016,
      journal: 'Journal of Clinical Endocrinology & Metabolism',
      doi: '10.1210/jc.2016-1971',
      pubmedId: '27362288',
      url: 'https://doi.org/10.1210/jc.2016-1971',
    },
  ],
  contentMarkdown: `Biotin (vitamin B7) is a popular ingredient in hair, skin and nail supplements, often at doses hundreds of times above daily needs. Biotin is also a building block of many laboratory tests. When there is a lot of biotin in your blood, some of those tests can give **wrong results**, and thyroid tests are among the best-documented examples.

## Why biotin affects lab tests

Many immunoassays use a strong natural bond between biotin and a protein called streptavidin to capture what they measure. Extra biotin in the sample competes for that bond. Depending on how a test is designed, the result can be **falsely low** (common for "sandwich" tests such as TSH) or **falsely high** (common for "competitive" tests such as free T4 and free T3).

## The healthy-volunteer study (Li and colleagues, JAMA 2017)

Six healthy adults took **10 mg of biotin a day for a week**, a dose common in over-the-counter products. Researchers measured 11 analytes, including TSH, free and total T4 and T3, parathyroid hormone, prolactin, NT-proBNP, 25-hydroxyvitamin D, PSA and ferritin, on 37 tests across four widely used lab platforms.

What they found:

- About **9 of the 23 tests that use biotin** gave potentially important errors, some falsely high and some falsely low.
- Tests that did not use biotin were not affected.
- Results depended on the **platform**: the same analyte could be affected on one system and not on another.
- Measurements a week after stopping biotin were used to check that values returned toward baseline.

## The "factitious Graves' disease" case (Elston and colleagues, JCEM 2016)

This report described a patient whose thyroid tests looked like an overactive thyroid: low TSH with high thyroid hormones, a pattern typical of Graves' disease. The results did not fit the patient's condition. After biotin was stopped, the tests returned to normal **far faster than real thyroid disease could change**, which confirmed interference. The authors' review of published cases found that biotin can affect many other tests as well.

The danger is real: a pattern like this can lead to a wrong diagnosis and unnecessary treatment. The US Food and Drug Administration has also warned that biotin can interfere with lab tests, including troponin tests used to diagnose heart attacks.

## What this means in practice

- **Tell whoever orders your tests** if you take biotin, including in multivitamins and "hair, skin and nails" products, and at what dose.
- **Ask about pausing.** Labs and clinicians commonly suggest stopping high-dose biotin for a period before a blood draw; how long depends on the dose and the test, so ask rather than guess.
- **Unexpected thyroid results** in someone taking biotin are worth re-checking after a pause, or on a method that does not use biotin, before any decision is made.
- Doses in standard multivitamins (often around 30 mcg) are much lower than the 5–10 mg in many beauty supplements, but intake from several products adds up.

## Using StackLab

- Log biotin with its dose, including when it is part of a multi-ingredient product.
- When you upload a lab report, note whether you paused biotin beforehand; the assistant can flag thyroid results that change sharply alongside biotin use.
- Select **TSH** and **Free T4** together to see whether a sudden change lines up with when you started or stopped biotin.

${CLOSING_LINE}`,
};

export const SEED_POSTS: SeedPost[] = [
  vitaminDGuide,
  ironFerritin,
  magnesiumSleep,
  creatineKidney,
  upperLimits,
  b12PlantBased,
  vitalResearch,
  omega3Research,
  metforminB12Research,
  biotinResearch,
];
