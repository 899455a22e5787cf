/**
 * Questions that can mean an emergency, recognised however they are typed (case, punctuation,
 * common misspellings), and the advice that goes first, in both modes, before any model is asked.
 * A question *about* a symptom ("does magnesium help chest tightness from anxiety?") is not an
 * emergency; one that says it is happening ("I have chest pain", "crushing chest pain") is.
 */

export type EmergencyKind = 'heart' | 'fainting' | 'stroke' | 'allergy' | 'bleeding' | 'poisoning' | 'self-harm' | 'breathing';

/** Words the emergency patterns read, corrected from near misses ("chset", "siucide", "fanted"). */
const VOCABULARY = [
  'chest', 'pain', 'pains', 'pressure', 'tightness', 'crushing', 'squeezing', 'radiating', 'spreading',
  'faint', 'fainted', 'fainting', 'unconscious', 'collapsed', 'unresponsive', 'seizure', 'seizures',
  'stroke', 'drooping', 'droopy', 'slurred', 'slurring', 'numb', 'numbness', 'paralysed', 'paralyzed', 'weakness',
  'allergic', 'anaphylaxis', 'anaphylactic', 'swelling', 'swollen', 'throat', 'tongue', 'breathe', 'breathing', 'epipen',
  'bleeding', 'bleed', 'blood', 'thinner', 'thinners', 'warfarin', 'coumadin', 'eliquis', 'apixaban', 'xarelto', 'rivaroxaban', 'heparin', 'clopidogrel', 'plavix',
  'overdose', 'overdosed', 'overdosing', 'swallowed', 'poisoned', 'poisoning', 'toddler', 'daughter', 'accidentally', 'accident',
  'suicide', 'suicidal', 'myself', 'kill', 'killing', 'die', 'dying', 'living', 'alive',
  'heart', 'attack', "don't", "didn't", "doesn't", "isn't", 'stopped', 'stop', "won't", "can't", 'cannot', 'severe', 'sudden', 'suddenly', 'vomiting', 'coughing',
];

const CORRECTIONS = new Map<string, string>();
// Every word of the vocabulary stays as it is; near misses are corrected once and remembered.
for (const word of VOCABULARY) CORRECTIONS.set(word, word);

/** Optimal string alignment distance (an adjacent swap counts once), stopping early past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** A word read as the vocabulary word it nearly is; short words only by a swap ("pian"), so "main" stays "main". */
function correctWord(word: string): string {
  const known = CORRECTIONS.get(word);
  if (known !== undefined) return known;
  let corrected = word;
  if (word.length >= 4) {
    const max = word.length >= 8 ? 2 : 1;
    let best = max + 1;
    for (const candidate of VOCABULARY) {
      const short = candidate.length < 5 || word.length < 5;
      if (short && !(candidate.length === word.length && [...candidate].sort().join('') === [...word].sort().join(''))) continue;
      const distance = editDistance(word, candidate, max);
      if (distance < best) {
        best = distance;
        corrected = candidate;
      }
    }
  }
  CORRECTIONS.set(word, corrected);
  return corrected;
}

/** Lower case, letters, digits and apostrophes only, each word corrected toward the vocabulary. */
export function normaliseForSafety(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .map((word) => (word === 'cant' ? "can't" : word === 'wont' ? "won't" : word === 'dont' ? "don't" : word === 'im' ? "i'm" : word === 'kil' ? 'kill' : word === 'kms' ? 'kill myself' : word));
  return ` ${words.map(correctWord).join(' ')} `;
}

/** A question about a symptom in general, with no one in it ("does magnesium help chest tightness?"). */
const QUESTION_WORD = /^ (?:does|do|can|could|is|are|will|would|should|what|what's|which|how|why|when|whats)\b/;
const SOMEONE = /\b(i|i'm|i've|i'd|me|my|he|she|his|her|he's|she's|someone|somebody|they're|we|our|us)\b/;
const isGeneral = (q: string) => QUESTION_WORD.test(q) && !SOMEONE.test(q);
const ACUTE_CHEST = /\b(crushing|squeezing|radiating|spreading|severe|sudden|suddenly|left arm|jaw|sweating|can't breathe|cannot breathe|short of breath|shortness of breath|right now|won't go away)\b/;
const CHEST_SYMPTOM = /\bchest (?:pains?|pressure|tightness|hurts?|(?:is|feels|gets|got) (?:tight|hurting|heavy|painful|crushed))\b|\bpains? in (?:my|the|his|her) chest\b|\bheart (?:is )?(?:racing|pounding) (?:and|with)\b/;
/** A chest word and a word of pain or pressure close together, in any order ("pressure in my chest", "my chest is really tight"). */
const chestSymptom = (q: string) =>
  CHEST_SYMPTOM.test(q) || near(q, /^chest$/, /^(?:pains?|pressure|tight|tightness|heavy|heaviness|hurts?|hurting|ache|aching|crushing|crushed|squeezing|squeezed|burning|sitting|elephant|weight)$/, 4);
const HEART_ATTACK = /\b(?:having|had|have|is having|i'm having|think i'm having) a heart attack\b|\bheart attack right now\b/;

/** Whether a word matching `a` and one matching `b` stand within `span` words of each other. */
function near(q: string, a: RegExp, b: RegExp, span: number): boolean {
  const words = q.trim().split(' ');
  const at = (pattern: RegExp) => words.flatMap((word, index) => (pattern.test(word) ? [index] : []));
  const bs = at(b);
  return at(a).some((i) => bs.some((j) => i !== j && Math.abs(i - j) <= span));
}

const BODY_SIDE = /\b(?:left|right|one) side of (?:my|his|her|their|the) (?:body|face)\b/;
const SIDE_SIGN = /\b(?:can't|cannot|numb|numbness|weak|weakness|move|feel|drooping|droopy|dead|tingling|limp|floppy)\b/;
const LIMB_GONE = /\b(?:arm|leg|hand|face|side) (?:went|has gone|is|goes|feels|gone|suddenly went) (?:all )?(?:limp|floppy|heavy|numb|weak|dead)\b/;
const NO_WORDS = /\b(?:can't|cannot|couldn't|unable to) (?:get (?:his|her|my|their|the) words out|find (?:the |my |his |her )?words|speak|talk|form words|say words)\b/;
const SPEECH = /\b(?:talking|speaking|speech|words?|voice) (?:is |are |sounds? |come out |coming out )?(?:funny|strange|weird|garbled|jumbled|slurred|confused|wrong|muddled)\b/;

const PATTERNS: { kind: EmergencyKind; test: (q: string) => boolean }[] = [
  {
    kind: 'self-harm',
    test: (q) =>
      /\b(suicide|suicidal|kill myself|killing myself|end my life|ending my life|take my (?:own )?life|hurt myself|hurting myself|harm myself|self harm|self harming|cut myself|cutting myself|want to die|wanna die|better off dead|don't want to (?:live|be alive|wake up)|no reason to live|not worth living|end it all|unalive myself|what'?s the point (?:of|in) (?:living|life|going on|being alive|carrying on)|no point (?:in |of )?(?:living|life|going on|carrying on)|better off without me|better off if i (?:was|were) (?:gone|dead)|(?:so|and|that) i (?:don't|won't|never|do not|will not) wake up|never wake up again|all (?:of )?my (?:pills|tablets|meds|medications?) at once|can't go on (?:anymore|any more|like this)|don't want to be here anymore|(?:no|any|the) (?:reason|point) (?:to|in|of|for) (?:live|living|keep going|keeping going|go on|going on|carry on|carrying on|be here|being here|stay alive|staying alive))\b/.test(q),
  },
  {
    kind: 'poisoning',
    test: (q) =>
      /\b(overdosed|overdosing|i (?:took|have taken|just took|ate) an overdose|took an overdose|od'd|poisoned|poisoning)\b/.test(q) ||
      /\b(?:i|i've|i have) (?:just |accidentally |mistakenly )?(?:took|taken|swallowed|ate) (?:a (?:whole|full) (?:bottle|pack|packet|box)|the whole (?:bottle|pack|packet|box)|(?:\d{2,}|ten|twenty|thirty|fifty|a lot of|lots of|too many|many|a handful of)(?: \S+)? (?:pills|tablets|capsules|gummies|softgels|of them|of my))/.test(q) ||
      /\b(?:took|taken|swallowed) too many\b/.test(q) ||
      /\b(?:took|taken|swallowed|ate|eaten|had) (?:a load of|loads of|a bunch of|heaps of|a handful of|a lot of|lots of|a whole|the whole|a full|all)(?: \S+){0,3} (?:pills|tablets|capsules|caps|gummies|softgels|bottle|pack|packet|box|tub)\b/.test(q) ||
      /\b(?:took|taken|swallowed|ate|had)\b.*\b(?:more|too much|too many|double|triple)\b.*\bthan (?:i|you|we|he|she|they) (?:should|was supposed|were supposed|am supposed|meant|was meant)/.test(q) ||
      /\b(?:took|taken|swallowed|ate)\b.*\b(?:\d{2,}|ten|twenty|thirty|forty|fifty|hundred) (?:of )?(?:my |the |them )?(?:\S+ ){0,2}(?:pills|tablets|capsules|caps|gummies|softgels)\b/.test(q) ||
      (/\b(child|children|kid|kids|toddler|baby|son|daughter|grandson|granddaughter|niece|nephew|dog|year old|yr old|\d+ ?yo)\b.*\b(swallowed|ate|eaten|got into|chewed|drank|gulped)\b/.test(q) &&
        /\b(pills?|tablets?|capsules?|gummies|gummy|vitamins?|supplements?|bottle|iron|melatonin|softgels?|some of|my|a few|several|many)\b/.test(q)) ||
      /\b(child|kid|toddler|baby|son|daughter)\b.*\btook (?:some of my|a bunch|a handful|too many|the whole|all (?:of )?(?:my|the)|several|many)\b/.test(q),
  },
  {
    kind: 'stroke',
    test: (q) =>
      /\b(face (?:is )?(?:drooping|droopy|numb)|drooping face|(?:one side|side) of (?:my|his|her) face|slurred|slurring|can't (?:speak|talk) (?:properly|right|clearly)|can't lift (?:my|his|her) arm|can't move (?:my|his|her) (?:arm|leg)|(?:arm|leg|side) (?:went|is|feels) (?:numb|weak|dead)|numb(?:ness)? (?:on|in) one side|one side (?:is|of my body is) (?:numb|weak)|having a stroke|had a stroke|a stroke right now|think (?:i'm|i am|he's|she's|he is|she is|it's|it is) (?:having )?a stroke|signs of (?:a )?stroke|stroke symptoms|sudden (?:confusion|blindness|loss of vision|worst headache)|worst headache of my life|(?:arm|leg|face) weakness|weakness (?:in|on) one side|sudden weakness)\b/.test(q) ||
      near(q, /^face$/, /^(?:drooping|droopy|droops|drooped|numb|lopsided|sagging|uneven)$/, 4) ||
      (BODY_SIDE.test(q) && SIDE_SIGN.test(q)) ||
      LIMB_GONE.test(q) ||
      NO_WORDS.test(q) ||
      SPEECH.test(q),
  },
  {
    kind: 'allergy',
    test: (q) =>
      /\b(anaphylaxis|anaphylactic|epipen|(?:throat|tongue|lips?|face) (?:is |are |feels |keeps |started )?(?:swelling|swollen|closing|tight|tightening|puffing up)|swelling (?:of|in) (?:my|the|his|her) (?:throat|tongue|lips?|face)|severe allergic|bad allergic reaction|allergic reaction.*\b(breath|breathe|breathing|swell|swelling|swollen|hives|throat)|hives.*\b(breath|breathe|breathing|swell|throat))\b/.test(q) ||
      near(q, /^(?:throat|tongue|lips?|mouth|face)$/, /^(?:closing|swelling|swollen|swell|swells|tightening|puffing|puffy|huge|enormous|massive)$/, 5) ||
      /\b(?:can't|cannot|can barely|can hardly|hard to|trouble|struggling to|unable to) swallow(?:ing)?\b/.test(q),
  },
  {
    kind: 'breathing',
    test: (q) => /\b(can't catch (?:my|his|her|their) breathe?|cannot catch (?:my|his|her|their) breathe?|can't breathe|cannot breathe|can not breathe|unable to breathe|struggling to breathe|hard to breathe|trouble breathing|difficulty breathing|gasping for air|turning blue|lips are blue)\b/.test(q),
  },
  {
    kind: 'bleeding',
    test: (q) =>
      /\b(bleeding|bleed|blood|nosebleed|cut)\b.*\b(won't stop|will not stop|doesn't stop|does not stop|isn't stopping|is not stopping|not stopping|can't stop|cannot stop|hasn't stopped|has not stopped|keeps bleeding|wont stop)\b/.test(q) ||
      /\b(can't|cannot) stop (?:the |my )?(?:bleeding|nosebleed)\b/.test(q) ||
      /\b(vomiting|throwing up|coughing up|coughing|spitting) (?:up )?blood\b/.test(q) ||
      /\b(bleeding heavily|heavy bleeding|lots of blood|black (?:tarry )?stools?|blood in my (?:stool|poop|urine|vomit))\b/.test(q) ||
      near(q, /^(?:blood|bleeding|bleed|bleeds)$/, /^(?:pouring|gushing|streaming|spurting|everywhere)$/, 4) ||
      (/\b(bleeding|bleed|bleeds|nosebleed|blood)\b/.test(q) && /\b(still (?:going|bleeding|pouring|running)|for (?:\d{2,} (?:minutes|mins)|(?:an|over an|half an|\d+) hours?)|keeps? (?:going|coming))\b/.test(q)),
  },
  {
    kind: 'fainting',
    test: (q) =>
      /\b(fainted|fainting|passed out|pass out|passing out|blacked out|black out|lost consciousness|losing consciousness|unconscious|unresponsive|collapsed|seizure|seizures|about to faint|going to faint|feel faint|feeling faint|i faint|keep fainting|(?:had|having|has|is having) a (?:fit|seizure|convulsion)|convulsing|convulsions)\b/.test(q) &&
      !isGeneral(q),
  },
  {
    kind: 'heart',
    test: (q) => HEART_ATTACK.test(q) || (chestSymptom(q) && (ACUTE_CHEST.test(q) || !isGeneral(q))),
  },
];

/** Thoughts of self-harm and poisoning count however they are asked; the rest only when they happen to someone. */
const ALWAYS: ReadonlySet<EmergencyKind> = new Set(['self-harm', 'poisoning']);

/** The emergency a message can mean, or null. */
export function detectEmergency(text: string): EmergencyKind | null {
  const q = normaliseForSafety(text);
  const general = isGeneral(q);
  return PATTERNS.find((pattern) => (ALWAYS.has(pattern.kind) || !general || pattern.kind === 'heart') && pattern.test(q))?.kind ?? null;
}

const LEADS: Record<EmergencyKind, string> = {
  heart: 'Chest pain or pressure can be a heart attack.',
  fainting: 'Fainting, passing out or a seizure needs a doctor to see you now.',
  stroke: 'A drooping face, weakness or numbness on one side, or slurred speech can be a stroke; every minute counts.',
  allergy: 'Swelling of the throat, tongue or lips, or trouble breathing after taking something, can be a severe allergic reaction (anaphylaxis).',
  breathing: 'Trouble breathing is an emergency.',
  bleeding: 'Bleeding that will not stop, especially on a blood thinner, is an emergency.',
  poisoning: 'Taking too much of a supplement or medicine, or a child swallowing one, can be poisoning even when the person seems fine.',
  'self-harm': 'I am sorry you are going through this. You deserve support right now, and you do not have to face it alone.',
};

const ACTIONS: Record<EmergencyKind, string> = {
  heart: '**Call your emergency number now (911 in the US, 999 in the UK, 112 in the EU).** Do not drive yourself.',
  fainting: '**Call your emergency number now (911 in the US, 999 in the UK, 112 in the EU)** if someone has fainted and is not fully awake, had a seizure, or has chest pain or trouble breathing.',
  stroke: '**Call your emergency number now (911 in the US, 999 in the UK, 112 in the EU)** and note the time the signs started.',
  allergy: '**Call your emergency number now (911 in the US, 999 in the UK, 112 in the EU)** and use an epinephrine auto-injector (EpiPen) if one has been prescribed.',
  breathing: '**Call your emergency number now (911 in the US, 999 in the UK, 112 in the EU).**',
  bleeding: '**Call your emergency number now (911 in the US, 999 in the UK, 112 in the EU)**, press firmly on the wound, and tell them which blood thinner is taken.',
  poisoning: '**Call Poison Control now: 1-800-222-1222 in the US (or your local poison centre), or your emergency number (911, 999, 112) if the person is drowsy, has a seizure or has trouble breathing.** Keep the bottle at hand to read the label to them.',
  'self-harm': '**If you might act on these thoughts, call your emergency number now (911 in the US, 999 in the UK, 112 in the EU).** In the US you can call or text **988** (Suicide & Crisis Lifeline) at any time; in the UK and Ireland call Samaritans on **116 123**; elsewhere, findahelpline.com lists a crisis line near you.',
};

/** The advice that goes first: what it can be, the number to call, and that this is not a case for the assistant. */
export function emergencyAdvice(kind: EmergencyKind): string {
  return [
    `${LEADS[kind]} ${ACTIONS[kind]}`,
    'This cannot wait for an app: please get help from a person now. Poison Control (US): 1-800-222-1222. Crisis line (US): 988.',
  ].join('\n\n');
}
