import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider.ts';
import { streamInChunks } from './built-in-assistant.ts';
import { classifyQuestion, containsWords, findBiomarker, parseSince, understandConversation } from './questions.ts';

const TODAY = '2025-06-15';
const kind = (question: string) => classifyQuestion(question, TODAY).kind;

describe('recognising the questions', () => {
  it.each([
    ['What am I taking?', 'stack'],
    ['What supplements am I taking and how much?', 'stack'],
    ['How much vitamin D am I taking?', 'stack'],
    ["What's in my stack?", 'stack'],
    ['What is my streak?', 'streak'],
    ['How many days in a row have I logged?', 'streak'],
    ['Which of my results are out of range?', 'out-of-range'],
    ['Are any of my lab results abnormal?', 'out-of-range'],
    ['Which results are too high or too low?', 'out-of-range'],
    ['How is my vitamin D doing since I started taking it?', 'biomarker'],
    ['Is my vitamin D out of range?', 'biomarker'],
    ['What is my latest TSH?', 'biomarker'],
    ['How has my HbA1c changed since March 2024?', 'biomarker'],
    ['ferritin?', 'biomarker'],
    ['What is magnesium for?', 'supplement-info'],
    ['What is the upper limit of vitamin D?', 'dose'],
    ['How much zinc can I take safely?', 'dose'],
    ['Should I double my magnesium?', 'dose'],
    ['Is 800 mg of magnesium too much?', 'dose'],
    ['When should I take my iron?', 'timing'],
    ['Can I take zinc with iron?', 'interaction'],
    ['Does fish oil interact with warfarin?', 'interaction'],
    ['Does anything in my stack interact?', 'interaction'],
    ['Can I take vitamin K with warfarin?', 'interaction'],
    ['I plan to start iron, what should I know?', 'plan'],
    ['I feel tired today, is it my magnesium?', 'felt'],
    ['Has my sleep rating changed since I started magnesium glycinate?', 'felt'],
    ['How did my LDL change since I started vitamin D?', 'biomarker'],
    ['What are my magnesium results?', 'biomarker'],
    ['What is ashwagandha?', 'supplement-info'],
    ['Is vitamin D3 doing anything?', 'insight'],
    ['What changed since I started magnesium?', 'insight'],
    ['Is my magnesium working?', 'insight'],
    ['Does zinc make any difference?', 'insight'],
    ['What are my insights?', 'insight'],
    ['Tell me about creatine', 'supplement-info'],
    ['How did I feel on days I took magnesium versus days I did not?', 'felt'],
    ['Does magnesium help my sleep?', 'felt'],
    ['Is my mood better when I take vitamin D?', 'felt'],
    ['How did I sleep the weeks I took magnesium?', 'measured'],
    ['Is my resting heart rate lower since I started fish oil?', 'measured'],
    ['How many steps did I walk last week?', 'measured'],
    ['Has my HRV changed since I started magnesium?', 'measured'],
    ['How long did I sleep on days I took melatonin?', 'measured'],
    ['Hello', 'greeting'],
    ['Will it rain tomorrow?', 'unknown'],
  ])('%j is a %s question', (question, expected) => {
    expect(kind(question)).toBe(expected);
  });

  it('finds biomarkers by name and alias, short ones only in capitals', () => {
    expect(findBiomarker('How is my vitamin D?')?.key).toBe('vitamin-d-25oh');
    expect(findBiomarker('my 25-hydroxy vitamin D level')?.key).toBe('vitamin-d-25oh');
    expect(findBiomarker('latest TSH')?.key).toBe('tsh');
    expect(findBiomarker('what about my b12')?.key).toBe('vitamin-b12');
    expect(findBiomarker('is my HDL ok')?.key).toBe('hdl');
    expect(findBiomarker('can you help me with the pt schedule')).toBeUndefined();
    expect(findBiomarker('although it is late')).toBeUndefined();
  });

  it('matches whole words only', () => {
    expect(containsWords('how is my iron', 'iron')).toBe(true);
    expect(containsWords('how is my ironman training', 'iron')).toBe(false);
    expect(containsWords('magnesium, please', 'magnesium')).toBe(true);
  });
});

describe('which word is the subject', () => {
  it('reads the supplement in "since I started X" as the start and the rest as the result', () => {
    const question = classifyQuestion('How did my LDL change since I started vitamin D?', TODAY);
    expect(question).toMatchObject({ kind: 'biomarker', marker: { key: 'ldl' }, since: { kind: 'supplement', text: 'vitamin d' } });
  });
  it('a lab frame makes a name a result; none leaves it open', () => {
    expect(classifyQuestion('my magnesium level', TODAY)).toMatchObject({ kind: 'biomarker', framed: true });
    expect(classifyQuestion('How is my magnesium?', TODAY)).toMatchObject({ kind: 'biomarker', framed: false });
  });
});

describe('questions about imported measurements', () => {
  it('reads what was measured and the comparison asked for', () => {
    expect(classifyQuestion('How did I sleep the weeks I took magnesium?', TODAY)).toEqual({ kind: 'measured', measure: 'sleep', since: null });
    expect(classifyQuestion('Is my resting heart rate lower since I started fish oil?', TODAY)).toEqual({
      kind: 'measured',
      measure: 'resting_heart_rate',
      since: { kind: 'supplement', text: 'fish oil' },
    });
    expect(classifyQuestion('How many steps did I walk last week?', TODAY)).toMatchObject({ kind: 'measured', measure: 'steps', since: { kind: 'date', date: '2025-06-08' } });
    expect(classifyQuestion('What is my heart rate variability since May 2025?', TODAY)).toMatchObject({ kind: 'measured', measure: 'hrv', since: { date: '2025-05-01' } });
  });
  it.each([
    ['is my glycated haemoglobin ok', 'biomarker'],
    ["i'm on levothyroxine, is my magnesium ok with it", 'interaction'],
    ["i'm thinking of upping my magnesium to 800mg, good idea?", 'dose'],
    ['max iron per day?', 'dose'],
    ['should i stop the vit d now my levels are normal?', 'plan'],
    ['should i come off the fish oil before my operation', 'plan'],
    ['how long have I been taking vitamin D', 'stack'],
    ['what supplements do i currently take', 'stack'],
    ['are my results normal', 'out-of-range'],
    ['do i feel better on days i take magnesium', 'felt'],
    ['has the vit d made any difference to how i feel', 'felt'],
    ['why am i so knackered today, could it be the fish oil?', 'felt'],
    ['how close am I to my 90 day goal', 'streak'],
    ['can i double up on my vit d when i forget a day', 'dose'],
    ['when is best for d3, morning?', 'timing'],
  ])('by its frame, not one word: %j is %s', (question, expected) => {
    expect(kind(question)).toBe(expected);
  });

  it('leaves ratings, heart emergencies and lab results to their own answers', () => {
    expect(kind('Has my sleep rating changed since I started magnesium glycinate?')).toBe('felt');
    expect(kind('Does magnesium help my sleep?')).toBe('felt');
    expect(kind('Is my blood glucose result high?')).not.toBe('measured');
    expect(kind('How much weight should I give to my vitamin D result?')).not.toBe('measured');
  });
});

describe('the names people use', () => {
  it.each([
    ['bad cholesterol', 'ldl'],
    ['how is my good cholesterol', 'hdl'],
    ['ldl over the last 6 months', 'ldl'],
    ['and wbc?', 'wbc'],
    ['how many white cells did my test show', 'wbc'],
    ['whats my a1c', 'hba1c'],
    ['my haemoglobin', 'hemoglobin'],
    ['my 25 oh d result', 'vitamin-d-25oh'],
    ['LDL-C?', 'ldl'],
  ])('%j names %s', (text, key) => {
    expect(findBiomarker(text)?.key).toBe(key);
  });

  it('never reads a word or a unit typed in lower case as a test', () => {
    expect(findBiomarker('is alt ok to take with 400 mg')).toBeUndefined();
    expect(findBiomarker('I ate a bun')).toBeUndefined();
  });
});

describe('follow-ups', () => {
  it('"is that too much?" is about what the question before named', () => {
    expect(understandConversation(['how much vit d am i taking', 'is that too much?'], TODAY)).toMatchObject({ question: { kind: 'dose' }, subjectText: 'how much vit d am i taking is that too much?' });
  });
  it('an answer to "supplement or lab results?" takes the reading it names', () => {
    expect(understandConversation(['magnesium?', 'my lab results'], TODAY).question).toMatchObject({ kind: 'biomarker', marker: { key: 'magnesium' }, framed: true });
    expect(understandConversation(['magnesium?', 'the supplement'], TODAY)).toMatchObject({ question: { kind: 'stack' }, subjectText: 'magnesium?' });
  });

  it('"and since June?" keeps the subject and takes the new start', () => {
    const { question } = understandConversation(['How has my LDL changed since January 2025?', 'and since June 2024?'], TODAY);
    expect(question).toMatchObject({ kind: 'biomarker', marker: { key: 'ldl' }, since: { kind: 'date', date: '2024-06-01' } });
  });
  it('"what about ferritin?" keeps the start and takes the new result', () => {
    const { question } = understandConversation(['How has my LDL changed since January 2025?', 'what about ferritin?'], TODAY);
    expect(question).toMatchObject({ kind: 'biomarker', marker: { key: 'ferritin' }, since: { kind: 'date', date: '2025-01-01' } });
  });
  it('"and zinc?" asks the same kind of question about another supplement', () => {
    expect(understandConversation(['Is 400 mg of magnesium too much?', 'and zinc?'], TODAY)).toMatchObject({ question: { kind: 'dose' }, subjectText: 'and zinc?' });
  });
  it('a new question is read alone', () => {
    expect(understandConversation(['How is my LDL?', 'What is my streak?'], TODAY).question.kind).toBe('streak');
  });
});

describe('reading "since ..."', () => {
  it.each([
    ['since 2024-01-05', { kind: 'date', date: '2024-01-05' }],
    ['since March 2024', { kind: 'date', date: '2024-03-01' }],
    ['since March 3, 2024', { kind: 'date', date: '2024-03-03' }],
    ['since 3rd of March 2024', { kind: 'date', date: '2024-03-03' }],
    ['since 2023', { kind: 'date', date: '2023-01-01' }],
    ['over the last 3 months', { kind: 'date', date: '2025-03-17' }],
    ['in the past year', { kind: 'date', date: '2024-06-15' }],
    ['since I started taking it?', { kind: 'it' }],
    ['since starting magnesium glycinate', { kind: 'supplement', text: 'magnesium glycinate' }],
    ['since I began my Vitamin D3, roughly', { kind: 'supplement', text: 'vitamin d3' }],
    ['since March', { kind: 'date', date: '2025-03-01' }],
    ['since July', { kind: 'date', date: '2024-07-01' }],
    ['over the last three months', { kind: 'date', date: '2025-03-17' }],
    ['in the past two weeks', { kind: 'date', date: '2025-06-01' }],
    ['while taking fish oil', { kind: 'supplement', text: 'fish oil' }],
    ['before and after starting magnesium', { kind: 'supplement', text: 'magnesium' }],
    ['since adding omega-3 how has it done', { kind: 'supplement', text: 'omega-3' }],
  ])('%j', (text, expected) => {
    expect(parseSince(`How is my vitamin D ${text}`, TODAY)).toMatchObject(expected);
  });

  it.each([
    ['How did I sleep in February?', { kind: 'date', date: '2025-02-01', until: '2025-02-28' }],
    ['What was my LDL in June?', { kind: 'date', date: '2025-06-01', until: '2025-06-30' }],
    ['What was my LDL in July?', { kind: 'date', date: '2024-07-01', until: '2024-07-31' }],
    ['my ferritin in march 2024', { kind: 'date', date: '2024-03-01', until: '2024-03-31' }],
    ['How has my energy been over the summer?', { kind: 'date', date: '2025-06-01', until: '2025-08-31' }],
    ['How did I sleep last summer?', { kind: 'date', date: '2024-06-01', until: '2024-08-31' }],
    ['How was my mood over the winter?', { kind: 'date', date: '2024-12-01', until: '2025-02-28' }],
    ['my vitamin D since last September', { kind: 'date', date: '2024-09-01' }],
    ['my ferritin since Christmas', { kind: 'date', date: '2024-12-25' }],
  ])('a period or a named day: %j', (text, expected) => {
    expect(parseSince(text, TODAY)).toEqual({ ...expected, label: expected.date });
  });

  it('reads a supplement as the start when the words make it the cause of a change', () => {
    expect(parseSince('did the cholecalciferol actually raise my vitamin d levels', TODAY)).toEqual({ kind: 'supplement', text: 'cholecalciferol' });
    expect(parseSince('has fish oil changed my mood?', TODAY)).toEqual({ kind: 'supplement', text: 'fish oil' });
    expect(parseSince('I started the magnesium back in March, has my glucose changed since then?', TODAY)).toEqual({ kind: 'supplement', text: 'magnesium' });
    expect(parseSince('did my ldl change?', TODAY)).toBeNull();
    expect(parseSince('a report from marketing', TODAY)).toBeNull();
  });

  it('ignores dates that do not exist, and questions without a start', () => {
    expect(parseSince('since 2024-02-30', TODAY)).toBeNull();
    expect(parseSince('How is my vitamin D?', TODAY)).toBeNull();
  });
});

describe('streaming like a model', () => {
  it('sends a few words at a time, keeps Markdown links whole, and loses nothing', async () => {
    const text = 'Your latest 25-OH vitamin D is [45 ng/mL on Jun 1, 2025](stacklab:biomarker/25-OH%20vitamin%20D?date=2025-06-01), within range.';
    const pieces: string[] = [];
    for await (const piece of streamInChunks(text, 0, new AbortController().signal)) pieces.push(piece);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.some((piece) => piece.includes('[45 ng/mL on Jun 1, 2025](stacklab:biomarker/25-OH%20vitamin%20D?date=2025-06-01),'))).toBe(true);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    await expect(async () => {
      for await (const piece of streamInChunks('one two three four five six seven eight nine', 0, controller.signal)) {
        pieces.push(piece);
        controller.abort();
      }
    }).rejects.toBeInstanceOf(ProviderError);
    expect(pieces).toHaveLength(1);
  });
});
