import { citationHref } from '#contract/assistant.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, NOT_MEDICAL_ADVICE } from '#contract/assistant.ts';
import { MAX_CALLS_PER_ROUND, MAX_TOOL_ROUNDS } from '#server/ai/tools.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { type FakeRequest, type FakeTurn, FakeOpenAi, toolResultsIn } from '#server/testing/fake-openai.ts';
import {
  addMeasurements,
  addCrpWithLimit,
  addResults,
  ask,
  countAiUses,
  readEvents,
  replyText,
  seedRichUser,
} from './assistant.test-helpers.ts';

/**
 * A model that calls tools, against the local OpenAI-compatible server streaming `tool_calls`
 * deltas as OpenAI does: the model reads the signed-in user's records through read-only tools
 * (decision 028), only that user's, and every way a tool call can go wrong ends in an answer.
 */
const fake = new FakeOpenAi();
let t: TestApp;

beforeAll(async () => {
  await fake.start();
  t = await createTestApp({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'tool-model' });
});
afterAll(async () => {
  await t?.close();
  await fake.close();
});

const TOOL_NAMES = ['get_stack', 'get_intake', 'get_ratings', 'list_biomarkers', 'get_biomarker_results', 'get_health_profile', 'get_health_measurements', 'get_insights', 'get_interactions'];
const hasToolResults = (request: FakeRequest) => request.body.messages.some((message) => message.role === 'tool');

/** A model that makes `calls` first, then answers with what `answer` makes of the results. */
function callsThenAnswers(calls: { name: string; arguments: string }[], answer: (results: ReturnType<typeof toolResultsIn>) => string) {
  fake.behaviour = {
    kind: 'script',
    answer: (request): FakeTurn => (hasToolResults(request) ? { pieces: [answer(toolResultsIn(request))] } : { toolCalls: calls }),
  };
}

function requestsSince(start: number) {
  return fake.requests.slice(start);
}

describe('a model that calls tools', () => {
  it('asks for a tool, gets the user’s own results, and answers from them; the numbers count as held', async () => {
    const { client } = await seedRichUser(t);
    callsThenAnswers([{ name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: 'vitamin D' }) }], ([first]) => {
      const results = first!.result.results as { value: number; date: string }[];
      return `Your vitamin D results were ${results.map((r) => `${r.value} ng/mL on ${r.date}`).join(', ')}.`;
    });
    const start = fake.requests.length;
    const response = await ask(client, 'List all my vitamin D results');
    expect(response.statusCode).toBe(200);
    const events = readEvents(response.body);
    expect(events.at(-1)).toEqual({ streaming: false });
    // 24 ng/mL is only in the full series, not in the data block: it came from the tool, so it is not flagged.
    expect(replyText(events)).toBe(
      `Your vitamin D results were 18 ng/mL on 2024-01-10, 24 ng/mL on 2024-06-15, 41 ng/mL on 2025-01-20, 45 ng/mL on 2025-06-01.\n\n${NOT_MEDICAL_ADVICE}`,
    );

    const [asking, answering] = requestsSince(start);
    expect(requestsSince(start)).toHaveLength(2);
    expect(asking!.body.tools!.map((tool) => tool.function.name)).toEqual(TOOL_NAMES);
    expect(asking!.body.tool_choice).toBe('auto');
    expect(asking!.body.messages[0]!.content).toContain('read-only tools');
    // The second request carries the model's call and our result, answering that call by its id.
    const roles = answering!.body.messages.map((message) => message.role);
    expect(roles).toEqual(['system', 'system', 'user', 'assistant', 'tool']);
    const call = answering!.body.messages[3]!.tool_calls![0]!;
    expect(call.function).toEqual({ name: 'get_biomarker_results', arguments: '{"biomarker":"vitamin D"}' });
    expect(answering!.body.messages[4]!.tool_call_id).toBe(call.id);
    const result = toolResultsIn(answering!)[0]!.result;
    expect(result).toMatchObject({ biomarker: '25-OH vitamin D', unit: 'ng/mL' });
    expect((result.results as unknown[])[0]).toMatchObject({ date: '2024-01-10', value: 18, referenceRange: { low: 30, high: 100 }, flag: 'low' });
  });

  it('gives a value printed as a limit with its sign in list_biomarkers and get_biomarker_results', async () => {
    const { client, user } = await signedInClient(t);
    await addCrpWithLimit(t, user.id);
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers([{ name: 'list_biomarkers', arguments: '{}' }, { name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: 'CRP' }) }], (results) => {
      seen = results;
      return 'Your CRP is below 0.5 mg/L.';
    });
    await ask(client, 'How is my CRP?');
    const [listed, results] = seen.map(({ result }) => result);
    expect(listed).toMatchObject({ biomarkers: [{ biomarker: 'CRP', unit: 'mg/L', latest: { value: '< 0.5', flag: 'normal' } }] });
    expect((results!.results as { value: unknown }[]).map((point) => point.value)).toEqual([3.2, '< 0.5']);
  });

  it('a number in no tool result and not in the records is pointed out after an answer from tools', async () => {
    const { client } = await seedRichUser(t);
    callsThenAnswers([{ name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: 'vitamin D' }) }], ([first]) => {
      const results = first!.result.results as { value: number }[];
      // Three decimals: no difference or percentage of two held numbers (dates and times among them) gives it by chance.
      return `Your vitamin D went from ${results[0]!.value} to ${results.at(-1)!.value} ng/mL, about 112.347 nmol/L.`;
    });
    const text = replyText(readEvents((await ask(client, 'How has my vitamin D changed?')).body));
    expect(text).toContain('Your vitamin D went from 18 to 45 ng/mL, about 112.347 nmol/L.');
    expect(text).toContain('Check this number against your records: 112.347.');
  });

  it('each tool returns the signed-in user’s records: stack, intake, ratings, biomarkers and health profile', async () => {
    const { client } = await seedRichUser(t);
    expect((await client.post('/api/health-stats', { weight: 151, allergies: 'penicillin' })).statusCode).toBe(200);
    const calls = [
      { name: 'get_stack', arguments: '{}' },
      { name: 'get_intake', arguments: JSON.stringify({ from: '2024-07-01', to: '2024-07-31' }) },
      { name: 'get_ratings', arguments: JSON.stringify({ from: '2025-02-01', to: '2025-02-28' }) },
      { name: 'list_biomarkers', arguments: '' },
      { name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: 'Fasting glucose' }) },
      { name: 'get_health_profile', arguments: '{}' },
    ];
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers(calls, (results) => {
      seen = results;
      return 'Here is what I found.';
    });
    expect(replyText(readEvents((await ask(client, 'Tell me everything')).body))).toContain('Here is what I found.');
    const byName = Object.fromEntries(seen.map(({ name, result }) => [name, result]));
    expect(Object.keys(byName)).toEqual(calls.map((call) => call.name));

    const stack = byName.get_stack as { supplements: { supplement: string; dosage: string; frequency: string; cite: string }[]; aboveUpperLimit: { nutrient: string }[] };
    expect(stack.supplements.map((entry) => `${entry.supplement} ${entry.dosage} ${entry.frequency}`).sort()).toEqual(['Magnesium Glycinate 400 mg 2x daily', 'Vitamin D3 2000 IU 1x daily']);
    expect(stack.supplements[0]!.cite).toMatch(/^stacklab:supplement\//);
    // Each entry says what the user's supplements list says.
    const supplements = (await client.get('/api/supplements')).json() as { id: string; name: string; dosage: string; frequency: string; notes: string | null }[];
    expect(stack.supplements.map(({ supplement, dosage, frequency, cite }) => ({ supplement, dosage, frequency, cite }))).toEqual(
      supplements.map((one) => ({ supplement: one.name, dosage: one.dosage, frequency: one.frequency, cite: citationHref({ kind: 'supplement', id: one.id }) })),
    );
    expect(stack.aboveUpperLimit.map((warning) => warning.nutrient)).toContain('magnesium');

    const intake = byName.get_intake as { days: { date: string; taken: string[] }[] };
    expect(intake.days.map((day) => day.date).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `2024-07-${String(i + 1).padStart(2, '0')}`));
    expect(intake.days[0]!.taken).toEqual(['Vitamin D3 2000 IU']);

    const ratings = byName.get_ratings as { ratingsOutOf5: { date: string; energy: number; sleep: number }[] };
    expect(ratings.ratingsOutOf5.map((entry) => entry.date)).toEqual(['2025-02-06', '2025-02-05', '2025-02-04', '2025-02-03', '2025-02-02', '2025-02-01']);
    expect(ratings.ratingsOutOf5.at(-1)).toMatchObject({ energy: 4, sleep: 5 });

    const listed = byName.list_biomarkers as { biomarkers: { biomarker: string; resultCount: number; latest: { value: number } }[] };
    expect(listed.biomarkers.map((marker) => marker.biomarker).sort()).toEqual(['25-OH vitamin D', 'Fasting glucose', 'Hemoglobin', 'TSH']);
    expect(listed.biomarkers.find((marker) => marker.biomarker === 'Fasting glucose')).toMatchObject({ resultCount: 3, latest: { value: 104, flag: 'high' } });

    const glucose = byName.get_biomarker_results as { results: { value: number }[] };
    expect(glucose.results.map((point) => point.value)).toEqual([92, 98, 104]);
    expect(byName.get_health_profile).toMatchObject({ weightLbs: 151, allergies: 'penicillin' });
  });

  it('health measurements come one value a day, and interactions of the stack with severity, advice and source', async () => {
    const { client, user } = await seedRichUser(t);
    await addMeasurements(t, user.id, [
      // One night from two writers: the one that recorded more counts, they are not added up.
      { kind: 'sleep_deep', day: '2025-02-01', value: 90 },
      { kind: 'sleep_light', day: '2025-02-01', value: 240 },
      { kind: 'sleep_rem', day: '2025-02-01', value: 100 },
      { kind: 'sleep_asleep', day: '2025-02-01', value: 300, origin: 'iPhone' },
      { kind: 'sleep_asleep', day: '2025-02-02', value: 400 },
      { kind: 'sleep_asleep', day: '2025-03-15', value: 420 },
      { kind: 'steps', day: '2025-02-01', value: 8000 },
    ]);
    expect((await client.post('/api/medications', { name: 'Levothyroxine', strength: '50 mcg', schedule: null, startedOn: null, note: null })).statusCode).toBe(201);
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers(
      [
        { name: 'get_health_measurements', arguments: JSON.stringify({ kind: 'sleep', from: '2025-02-01', to: '2025-02-28' }) },
        { name: 'get_health_measurements', arguments: JSON.stringify({ kind: 'resting_heart_rate', from: '2025-02-01', to: '2025-02-28' }) },
        { name: 'get_interactions', arguments: '{}' },
      ],
      (results) => {
        seen = results;
        return 'You slept 7.2 hours.';
      },
    );
    await ask(client, 'How did I sleep in February, and does anything interact?');
    expect(seen[0]!.result).toMatchObject({ kind: 'sleep', unit: 'min', daysWithValue: 2, average: 415, days: [['2025-02-01', 430], ['2025-02-02', 400]] });
    expect(seen[1]!.result).toMatchObject({ daysWithValue: 0, days: [], note: expect.stringContaining('Your data') });
    const found = seen[2]!.result as { checkedItems: string[]; interactions: { between: string[]; severity: string; advice: string; source: string }[] };
    expect(found.checkedItems).toContain('Levothyroxine (medication)');
    expect(found.interactions).toHaveLength(1);
    expect(found.interactions[0]).toMatchObject({ severity: 'moderate', between: expect.arrayContaining([expect.stringMatching(/^Magnesium Glycinate/), expect.stringMatching(/^Levothyroxine/)]) });
    expect(found.interactions[0]!.advice.length).toBeGreaterThan(10);
    expect(found.interactions[0]!.source.length).toBeGreaterThan(3);
  });

  it('lab results come in the units of the labs switch the question was sent with', async () => {
    const { client } = await seedRichUser(t);
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers([{ name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: 'glucose' }) }], (results) => {
      seen = results;
      return 'Your glucose rose.';
    });
    await client.post('/api/chat', { messages: [{ role: 'user', content: 'How is my glucose?' }], labUnits: 'si' }, { accept: 'text/event-stream' });
    const si = seen[0]!.result as { unit: string; results: { value: number; referenceRange: { low: number; high: number } }[] };
    expect(si.unit).toBe('mmol/L');
    // 104 mg/dL is 5.77 mmol/L, to the figures the report printed.
    expect(si.results.at(-1)).toMatchObject({ value: 5.77, referenceRange: { low: 3.88, high: 5.49 } });
    await client.post('/api/chat', { messages: [{ role: 'user', content: 'How is my glucose?' }], labUnits: 'conventional' }, { accept: 'text/event-stream' });
    expect(seen[0]!.result).toMatchObject({ unit: 'mg/dL', results: [{ value: 92 }, { value: 98 }, { value: 104 }] });
  });

  it('logs the names of the tools used, never their arguments or results', async () => {
    const { client } = await seedRichUser(t);
    expect((await client.post('/api/health-stats', { allergies: 'shellfish-allergy-marker' })).statusCode).toBe(200);
    const before = t.logs.length;
    callsThenAnswers(
      [
        { name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: 'Hemoglobin' }) },
        { name: 'get_health_profile', arguments: '{}' },
      ],
      () => 'Your hemoglobin was 13.8 g/dL.',
    );
    await ask(client, 'How is my hemoglobin?');
    const written = t.logs.slice(before).join('\n');
    const line = t.logs.slice(before).find((entry) => entry.includes('assistant tools'));
    expect(JSON.parse(line!)).toMatchObject({ tools: ['get_biomarker_results', 'get_health_profile'], rounds: 2 });
    for (const secret of ['Hemoglobin', 'hemoglobin', '13.8', 'shellfish-allergy-marker']) expect(written).not.toContain(secret);
  });

  it('a visitor’s question comes with no tools', async () => {
    const start = fake.requests.length;
    fake.behaviour = { kind: 'stream', pieces: ['Zinc supports immune function.'] };
    const response = await ask(new TestClient(t.app), 'What is zinc for?');
    expect(response.statusCode).toBe(200);
    expect(requestsSince(start)).toHaveLength(1);
    expect(requestsSince(start)[0]!.body.tools).toBeUndefined();
  });

  it('an emergency still gets our advice first, before any tool is called', async () => {
    const { client } = await seedRichUser(t);
    callsThenAnswers([{ name: 'get_stack', arguments: '{}' }], () => 'Please get help now.');
    const text = replyText(readEvents((await ask(client, 'I took a whole bottle of my magnesium on purpose')).body));
    expect(text.indexOf('Poison Control')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Poison Control')).toBeLessThan(text.indexOf('Please get help now.'));
  });
});

describe('only the signed-in user’s records', () => {
  it('a tool cannot reach another user’s records, by name, by date or by an id the model makes up', async () => {
    const owner = await seedRichUser(t);
    const other = await signedInClient(t);
    await addResults(t, other.user.id, [{ key: 'ldl', name: 'LDL cholesterol', category: 'lipid', unit: 'mg/dL', value: 131, date: '2025-04-01' }]);
    await addMeasurements(t, owner.user.id, [{ kind: 'steps', day: '2025-02-03', value: 12345 }]);
    expect((await owner.client.post('/api/medications', { name: 'Levothyroxine', strength: '50 mcg', schedule: null, startedOn: null, note: null })).statusCode).toBe(201);
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers(
      [
        { name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: '25-OH vitamin D' }) },
        { name: 'get_stack', arguments: '{}' },
        { name: 'get_intake', arguments: JSON.stringify({ from: '2024-07-01', to: '2024-07-31' }) },
        { name: 'get_ratings', arguments: JSON.stringify({ from: '2025-02-01', to: '2025-02-28' }) },
        { name: 'list_biomarkers', arguments: '{}' },
        { name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: 'vitamin D', userId: owner.user.id }) },
      ],
      (results) => {
        seen = results;
        return 'Nothing there.';
      },
    );
    await ask(other.client, 'What are my vitamin D results?');
    expect(seen).toHaveLength(6);
    let more: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers(
      [
        { name: 'get_health_measurements', arguments: JSON.stringify({ kind: 'steps', from: '2025-01-01', to: '2025-12-31' }) },
        { name: 'get_interactions', arguments: '{}' },
        { name: 'get_health_measurements', arguments: JSON.stringify({ kind: 'steps', from: '2025-01-01', to: '2025-12-31', userId: owner.user.id }) },
        { name: 'get_interactions', arguments: JSON.stringify({ userId: owner.user.id }) },
      ],
      (results) => {
        more = results;
        return 'Nothing there.';
      },
    );
    await ask(other.client, 'How many steps did I walk?');
    expect(JSON.stringify(more)).not.toContain('12345');
    expect(JSON.stringify(more)).not.toContain('Levothyroxine');
    expect(more[0]!.result).toMatchObject({ daysWithValue: 0, days: [] });
    expect(more[1]!.result).toMatchObject({ checkedItems: [], interactions: [] });
    expect(more[2]!.result.error).toMatch(/^Invalid arguments: .*userId/);
    expect(more[3]!.result.error).toMatch(/^Invalid arguments: .*userId/);
    const text = JSON.stringify(seen);
    for (const owned of ['Vitamin D3', 'Magnesium', '2024-07-02', '2025-02-02', '"value":45', '"value":18', owner.user.id, owner.supplements.vitaminD]) {
      expect(text).not.toContain(owned);
    }
    expect(seen[0]!.result).toMatchObject({ results: [] });
    expect(seen[1]!.result).toMatchObject({ supplements: [] });
    expect(seen[2]!.result).toMatchObject({ days: [] });
    expect(seen[3]!.result).toMatchObject({ ratingsOutOf5: [] });
    // The other user's own result is there: the tools read the asker's records.
    expect(seen[4]!.result).toMatchObject({ biomarkers: [{ biomarker: 'LDL cholesterol', latest: { value: 131 } }] });
    expect(seen[5]!.result.error).toMatch(/^Invalid arguments: .*userId/);
  });
});

describe('get_insights', () => {
  it("gives the asker's own Insights, biomarkers before and after a start with the caveat, and another user none of them", async () => {
    const owner = await seedRichUser(t);
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers([{ name: 'get_insights', arguments: '{}' }], (results) => {
      seen = results;
      return 'Vitamin D rose after you started D3; an association, not proof.';
    });
    expect((await ask(owner.client, 'Is vitamin D3 doing anything?')).statusCode).toBe(200);
    const result = seen[0]!.result as { biomarkersBeforeAndAfter: unknown[]; caveat: string; access: string };
    expect(result.access).toBe('full');
    expect(result.caveat).toMatch(/^Association, not proof/);
    expect(result.biomarkersBeforeAndAfter).toContainEqual(
      expect.objectContaining({
        biomarker: '25-OH vitamin D',
        unit: 'ng/mL',
        change: 'Vitamin D3 started on 2024-07-01',
        before: { value: 24, date: '2024-06-15' },
        after: { value: 41, date: '2025-01-20' },
        difference: 17,
        daysBetween: 219,
        otherChangesBetweenTests: [],
        cite: citationHref({ kind: 'biomarker', name: '25-OH vitamin D', date: '2025-01-20' }),
      }),
    );

    const other = await signedInClient(t);
    callsThenAnswers([{ name: 'get_insights', arguments: JSON.stringify({ userId: owner.user.id }) }, { name: 'get_insights', arguments: '{}' }], (results) => {
      seen = results;
      return 'Nothing there.';
    });
    await ask(other.client, 'Is vitamin D3 doing anything?');
    expect(seen[0]!.result.error).toMatch(/^Invalid arguments: .*userId/);
    expect(seen[1]!.result).toMatchObject({ comparisons: [], notEnoughDataYet: [], biomarkersBeforeAndAfter: [] });
    expect(JSON.stringify(seen)).not.toContain('Vitamin D3');
  });
});

describe('tool calls that go wrong', () => {
  it('an unknown tool, arguments that are not JSON, do not fit or ask too much get an error result, and the answer still comes', async () => {
    const { client, user } = await seedRichUser(t);
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers(
      [
        { name: 'delete_everything', arguments: '{}' },
        { name: 'get_intake', arguments: 'from 2025-01-01 please' },
        { name: 'get_intake', arguments: JSON.stringify({ from: '2025-02-30', to: '2025-03-01' }) },
        { name: 'get_intake', arguments: JSON.stringify({ from: '2024-01-01', to: '2024-12-31' }) },
        { name: 'get_ratings', arguments: JSON.stringify({ from: '2025-03-01', to: '2025-02-01' }) },
        { name: 'get_biomarker_results', arguments: JSON.stringify({ biomarker: 42 }) },
      ],
      (results) => {
        seen = results;
        return 'I could not read those records.';
      },
    );
    const events = readEvents((await ask(client, 'What did I take in 2024?')).body);
    expect(replyText(events)).toBe(`I could not read those records.\n\n${NOT_MEDICAL_ADVICE}`);
    expect(events.at(-1)).toEqual({ streaming: false });
    const errors = seen.map(({ result }) => result.error as string);
    expect(errors[0]).toMatch(/^There is no tool named "delete_everything"/);
    expect(errors[1]).toBe('The arguments are not valid JSON.');
    expect(errors[2]).toMatch(/from must be a date written yyyy-MM-dd/);
    expect(errors[3]).toMatch(/at most 31 days/);
    expect(errors[4]).toMatch(/"from" must not be after "to"/);
    expect(errors[5]).toMatch(/^Invalid arguments: biomarker/);
    expect(await countAiUses(t, user.id)).toBe(1);
  });

  it('measurements refuse an unknown kind and more than a year at a time', async () => {
    const { client } = await seedRichUser(t);
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers(
      [
        { name: 'get_health_measurements', arguments: JSON.stringify({ kind: 'mood', from: '2025-01-01', to: '2025-01-31' }) },
        { name: 'get_health_measurements', arguments: JSON.stringify({ kind: 'steps', from: '2023-01-01', to: '2025-01-31' }) },
        { name: 'get_health_measurements', arguments: JSON.stringify({ kind: 'steps', from: '2025-01-01' }) },
      ],
      (results) => {
        seen = results;
        return 'I could not read those.';
      },
    );
    await ask(client, 'How many steps?');
    const errors = seen.map(({ result }) => result.error as string);
    expect(errors[0]).toMatch(/^Invalid arguments: kind/);
    expect(errors[1]).toMatch(/at most 366 days/);
    expect(errors[2]).toMatch(/^Invalid arguments: to/);
  });

  it(`calls beyond ${MAX_CALLS_PER_ROUND} in one round get an error result, not a read`, async () => {
    const { client } = await seedRichUser(t);
    let seen: ReturnType<typeof toolResultsIn> = [];
    callsThenAnswers(
      Array.from({ length: MAX_CALLS_PER_ROUND + 2 }, () => ({ name: 'get_stack', arguments: '{}' })),
      (results) => {
        seen = results;
        return 'Done.';
      },
    );
    await ask(client, 'What am I taking?');
    expect(seen.filter(({ result }) => 'supplements' in result)).toHaveLength(MAX_CALLS_PER_ROUND);
    expect(seen.slice(MAX_CALLS_PER_ROUND).map(({ result }) => result.error)).toEqual([expect.stringMatching(/^At most 6 tool calls/), expect.stringMatching(/^At most 6 tool calls/)]);
  });

  it(`a model that keeps calling tools is stopped after ${MAX_TOOL_ROUNDS} rounds and asked to answer`, async () => {
    const { client, user } = await seedRichUser(t);
    const start = fake.requests.length;
    fake.behaviour = {
      kind: 'script',
      answer: (request) => (request.body.tool_choice === 'none' ? { pieces: ['From your stack: Vitamin D3 and Magnesium Glycinate.'] } : { toolCalls: [{ name: 'get_stack', arguments: '{}' }] }),
    };
    const events = readEvents((await ask(client, 'What am I taking?')).body);
    expect(replyText(events)).toBe(`From your stack: Vitamin D3 and Magnesium Glycinate.\n\n${NOT_MEDICAL_ADVICE}`);
    const sent = requestsSince(start);
    expect(sent).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(sent.map((request) => request.body.tool_choice)).toEqual([...Array<string>(MAX_TOOL_ROUNDS).fill('auto'), 'none']);
    expect(sent.at(-1)!.body.messages.filter((message) => message.role === 'tool')).toHaveLength(MAX_TOOL_ROUNDS);
    expect(await countAiUses(t, user.id)).toBe(1);
  });

  it('a model that calls tools even when told not to ends with the empty-answer text, and the use is not counted', async () => {
    const { client, user } = await seedRichUser(t);
    const start = fake.requests.length;
    fake.behaviour = { kind: 'script', answer: () => ({ toolCalls: [{ name: 'get_stack', arguments: '{}' }] }) };
    const events = readEvents((await ask(client, 'What am I taking?')).body);
    expect(events).toEqual([{ error: CHAT_MESSAGES.empty }, { streaming: false }]);
    expect(requestsSince(start)).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(await countAiUses(t, user.id)).toBe(0);
  });

  it('text the model writes while calling tools reaches the user in order, before the answer', async () => {
    const { client } = await seedRichUser(t);
    fake.behaviour = {
      kind: 'script',
      answer: (request) => (hasToolResults(request) ? { pieces: [' You take 2 supplements.'] } : { pieces: ['Let me look at your stack.'], toolCalls: [{ name: 'get_stack', arguments: '{}' }] }),
    };
    const events = readEvents((await ask(client, 'How many supplements do I take?')).body);
    expect(events.slice(0, 2)).toEqual([{ response: 'Let me look at your stack.' }, { response: ' You take 2 supplements.' }]);
  });
});

describe('a model that cannot call tools', () => {
  it('is asked again without tools, and not offered them again', async () => {
    const refusing = await createTestApp({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'no-tools-model' });
    try {
      const { client } = await seedRichUser(refusing);
      fake.behaviour = {
        kind: 'script',
        answer: (request) =>
          request.body.tools ? { status: 400, body: { error: { message: 'registry.ollama.ai/library/no-tools-model does not support tools', type: 'invalid_request_error' } } } : { pieces: ['Your stack has two supplements.'] },
      };
      const start = fake.requests.length;
      expect(replyText(readEvents((await ask(client, 'What am I taking?')).body))).toBe(`Your stack has two supplements.\n\n${NOT_MEDICAL_ADVICE}`);
      await ask(client, 'And how much vitamin D?');
      const sent = requestsSince(start);
      expect(sent.map((request) => request.body.tools !== undefined)).toEqual([true, false, false]);
      expect(sent[1]!.body.messages[0]!.content).toContain('You have no tools');
    } finally {
      await refusing.close();
    }
  });

  it('an error that is not about tools is an error, not a retry', async () => {
    const { client } = await seedRichUser(t);
    const start = fake.requests.length;
    fake.behaviour = { kind: 'status', status: 400, body: { error: { message: 'context length exceeded' } } };
    const events = readEvents((await ask(client, 'What am I taking?')).body);
    expect(events).toEqual([{ error: CHAT_MESSAGES.serverError }, { streaming: false }]);
    expect(requestsSince(start)).toHaveLength(1);
  });

  it('AI_TOOLS=off offers no tools', async () => {
    const off = await createTestApp({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'tool-model', AI_TOOLS: 'off' });
    try {
      const { client } = await seedRichUser(off);
      fake.behaviour = { kind: 'stream', pieces: ['Two supplements.'] };
      const start = fake.requests.length;
      await ask(client, 'What am I taking?');
      expect(requestsSince(start).map((request) => request.body.tools)).toEqual([undefined]);
    } finally {
      await off.close();
    }
  });
});
