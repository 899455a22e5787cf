import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '#contract/dates.ts';
import { LAB_MESSAGES, labAttentionListSchema, seriesResponseSchema } from '#contract/labs.ts';
import { ownBiomarkers } from '#server/db/schema/index.ts';
import { type TestApp, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { ReminderSender } from '#server/features/reminders/reminders.jobs.ts';
import { addMonths } from './labs.targets.ts';

/**
 * Ranges that mean something (decision 040): reference ranges by the profile's sex and age, the
 * report's own range first; optimal ranges and the user's own targets; the dashboard's list of
 * latest results out of range or off target, and the retests the user accepts for them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => localDateOf(new Date(), 'UTC');

async function seriesOf(client: Awaited<ReturnType<typeof signedInClient>>['client'], units = 'conventional') {
  const response = await client.get(`/api/labs/series?units=${units}`);
  expect(response.statusCode).toBe(200);
  return seriesResponseSchema.parse(response.json()).series;
}

describe('reference ranges by sex and age', () => {
  it("uses the profile's band where no range was printed, and the printed range where one was", async () => {
    const { client } = await signedInClient(t);
    expect((await client.post('/api/health-stats', { gender: 'female', dateOfBirth: '1960-05-01' })).statusCode).toBe(200);
    await client.post('/api/labs/results', { biomarker: 'hemoglobin', value: 13, unit: 'g/dL', testDate: addDays(today(), -10) });
    await client.post('/api/labs/results', { biomarker: 'esr', value: 25, unit: 'mm/h', testDate: addDays(today(), -10) });
    await client.post('/api/labs/results', { biomarker: 'creatinine', value: 1, unit: 'mg/dL', referenceLow: 0.5, referenceHigh: 1.2, testDate: addDays(today(), -10) });
    const series = await seriesOf(client);
    const of = (key: string) => series.find((one) => one.biomarker === key)!;
    expect(of('hemoglobin')).toMatchObject({ referenceRange: { low: 11.6, high: 15 }, referenceSource: 'profile' });
    // A woman over 50: the ESR limit is 30 mm/h, so 25 is in range.
    expect(of('esr')).toMatchObject({ referenceRange: { low: null, high: 30 }, referenceSource: 'profile' });
    expect(of('creatinine')).toMatchObject({ referenceRange: { low: 0.5, high: 1.2 }, referenceSource: 'report' });
    // SI: the same band in g/L.
    expect((await seriesOf(client, 'si')).find((one) => one.biomarker === 'hemoglobin')).toMatchObject({ unit: 'g/L', referenceRange: { low: 116, high: 150 } });
  });

  it('falls back to the typical adult range without a profile', async () => {
    const { client } = await signedInClient(t);
    await client.post('/api/labs/results', { biomarker: 'hemoglobin', value: 13, unit: 'g/dL', testDate: addDays(today(), -10) });
    expect((await seriesOf(client))[0]).toMatchObject({ referenceRange: { low: 12, high: 17 }, referenceSource: 'typical' });
  });
});

describe('optimal ranges and targets', () => {
  it('sends the optimal range with its source, and the user target once set, in the series unit', async () => {
    const { client } = await signedInClient(t);
    await client.post('/api/labs/results', { biomarker: 'vitamin-d-25oh', value: 32, unit: 'ng/mL', testDate: addDays(today(), -10) });
    let vitaminD = (await seriesOf(client))[0]!;
    expect(vitaminD.optimalRange).toMatchObject({ low: 40, high: 60, citation: { year: 2011 } });
    expect(vitaminD.target).toBeNull();

    const saved = await client.put('/api/labs/targets', { biomarker: 'vitamin-d-25oh', low: 100, high: 150, unit: 'nmol/L' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ biomarker: 'vitamin-d-25oh', unit: 'ng/mL' });
    expect(saved.json().low).toBeCloseTo(40.06, 1);
    expect((await client.get('/api/labs/targets')).json()).toHaveLength(1);
    vitaminD = (await seriesOf(client))[0]!;
    expect(vitaminD.target!.low).toBeCloseTo(40.06, 1);
    expect((await seriesOf(client, 'si'))[0]!.target).toMatchObject({ low: 100, high: 150 });

    expect((await client.request({ method: 'DELETE', url: '/api/labs/targets', payload: { biomarker: 'vitamin-d-25oh' } })).statusCode).toBe(200);
    expect((await client.get('/api/labs/targets')).json()).toEqual([]);
  });

  it.each([
    [{ biomarker: 'ferritin', low: 'fifty', high: 150, unit: 'ng/mL' }, 'low', 'Must be a number'],
    [{ biomarker: 'ferritin', low: 150, high: 50, unit: 'ng/mL' }, 'low', 'The low end of the target must be below its high end'],
    [{ biomarker: 'ferritin', low: 50, high: 50, unit: 'ng/mL' }, 'low', 'The low end of the target must be below its high end'],
    [{ biomarker: 'ferritin', low: null, high: null, unit: 'ng/mL' }, 'low', 'Set a low end, a high end, or both'],
    [{ biomarker: 'ferritin', low: 50, high: 150, unit: 'mg/dL' }, 'unit', '"mg/dL" is not a unit for Ferritin; use one of ng/mL, pmol/L'],
    [{ biomarker: 'zonulin', low: 1, high: 2, unit: 'ng/mL' }, 'biomarker', 'Unknown biomarker "zonulin"; pick one from the list'],
    [{ biomarker: 'ferritin', low: 50, high: 1e9, unit: 'ng/mL' }, 'high', 'A target for Ferritin must be within what is possible (1 to 100000 ng/mL)'],
    [{ biomarker: 'ferritin', low: 50, high: 150, unit: 'ng/mL', userId: 'someone' }, 'userId', undefined],
  ])('refuses %j naming %s and saves nothing', async (body, field, message) => {
    const { client } = await signedInClient(t);
    const response = await client.put('/api/labs/targets', body);
    expect(response.statusCode, response.body).toBe(400);
    const detail = response.json().details.find((d: { field: string }) => d.field === field);
    expect(detail, response.body).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect((await client.get('/api/labs/targets')).json()).toEqual([]);
  });

  it("keeps each user's targets their own", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    await owner.client.put('/api/labs/targets', { biomarker: 'ferritin', low: 50, high: 150, unit: 'ng/mL' });
    expect((await other.client.get('/api/labs/targets')).json()).toEqual([]);
    await other.client.request({ method: 'DELETE', url: '/api/labs/targets', payload: { biomarker: 'ferritin' } });
    expect((await owner.client.get('/api/labs/targets')).json()).toEqual([{ biomarker: 'ferritin', low: 50, high: 150, unit: 'ng/mL' }]);
  });

  it("sets a target for the user's own biomarker in its unit, draws it on its chart, and refuses it to anyone else", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const [own] = await t.database.db.insert(ownBiomarkers).values({ userId: owner.user.id, name: 'Omega-3 index', unit: '%' }).returning();
    const key = `own:${own!.id}`;
    expect((await owner.client.post('/api/labs/results', { biomarker: key, value: 5.2, unit: '%', testDate: addDays(today(), -10) })).statusCode).toBe(201);

    const wrongUnit = await owner.client.put('/api/labs/targets', { biomarker: key, low: 8, high: 12, unit: 'mg/dL' });
    expect(wrongUnit.statusCode).toBe(400);
    expect(wrongUnit.json()).toMatchObject({ details: [{ field: 'unit', message: `${LAB_MESSAGES.ownBiomarkerUnit} (%)` }] });
    const backwards = await owner.client.put('/api/labs/targets', { biomarker: key, low: 12, high: 8, unit: '%' });
    expect(backwards.statusCode).toBe(400);
    const stranger = await other.client.put('/api/labs/targets', { biomarker: key, low: 8, high: 12, unit: '%' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ details: [{ field: 'biomarker' }] });

    const saved = await owner.client.put('/api/labs/targets', { biomarker: key, low: 8, high: 12, unit: '%' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ biomarker: key, low: 8, high: 12, unit: '%' });
    expect((await owner.client.get('/api/labs/targets')).json()).toEqual([{ biomarker: key, low: 8, high: 12, unit: '%' }]);
    expect((await other.client.get('/api/labs/targets')).json()).toEqual([]);
    expect((await seriesOf(owner.client)).find((one) => one.biomarker === key)).toMatchObject({ name: 'Omega-3 index', unit: '%', target: { low: 8, high: 12 } });

    await other.client.request({ method: 'DELETE', url: '/api/labs/targets', payload: { biomarker: key } });
    expect((await owner.client.get('/api/labs/targets')).json()).toHaveLength(1);
    expect((await owner.client.request({ method: 'DELETE', url: '/api/labs/targets', payload: { biomarker: key } })).statusCode).toBe(200);
    expect((await seriesOf(owner.client)).find((one) => one.biomarker === key)).toMatchObject({ target: null });
  });
});

describe('results out of range or off target, and retests', () => {
  it('lists the latest results out of range or off target with a retest three months on', async () => {
    const { client } = await signedInClient(t);
    const day = addDays(today(), -7);
    await client.post('/api/labs/results', { biomarker: 'ferritin', value: 8, unit: 'ng/mL', referenceLow: 10, referenceHigh: 300, testDate: addDays(day, -60) });
    await client.post('/api/labs/results', { biomarker: 'ferritin', value: 35, unit: 'ng/mL', referenceLow: 10, referenceHigh: 300, testDate: day });
    await client.post('/api/labs/results', { biomarker: 'hemoglobin', value: 14, unit: 'g/dL', testDate: day });
    await client.post('/api/labs/results', { biomarker: 'glucose-fasting', value: 5.9, unit: 'mmol/L', testDate: day });
    const list = labAttentionListSchema.parse((await client.get('/api/labs/attention')).json());
    // Ferritin is in its printed range but under the optimal 45; fasting glucose (106 mg/dL) is above the typical range.
    expect(list.map((item) => [item.biomarker, item.reason])).toEqual([
      ['glucose-fasting', 'high'],
      ['ferritin', 'below-target'],
    ]);
    const ferritin = list.find((item) => item.biomarker === 'ferritin')!;
    expect(ferritin).toMatchObject({ value: 35, unit: 'ng/mL', referenceRange: { low: 10, high: 300 }, targetRange: { low: 45, high: 200 }, retest: null });
    expect(ferritin.suggestedRetest).toBe(addMonths(day, 3));
    // In the unit it was reported in.
    expect(list.find((item) => item.biomarker === 'glucose-fasting')).toMatchObject({ value: 5.9, unit: 'mmol/L' });

    // A target of the user's own takes the optimal range's place.
    await client.put('/api/labs/targets', { biomarker: 'ferritin', low: 30, high: 100, unit: 'ng/mL' });
    expect((await client.get('/api/labs/attention')).json().map((item: { biomarker: string }) => item.biomarker)).toEqual(['glucose-fasting']);
  });

  it('accepts a retest for its owner only, once per biomarker, and refuses one for a result in range', async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const old = addDays(today(), -200);
    const low = (await owner.client.post('/api/labs/results', { biomarker: 'vitamin-d-25oh', value: 18, unit: 'ng/mL', referenceLow: 30, referenceHigh: 100, testDate: old })).json();
    const fine = (await owner.client.post('/api/labs/results', { biomarker: 'hemoglobin', value: 14, unit: 'g/dL', testDate: old })).json();

    const stranger = await other.client.post('/api/labs/retests', { resultId: low.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(LAB_MESSAGES.resultNotFound);

    const refused = await owner.client.post('/api/labs/retests', { resultId: fine.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'resultId', message: LAB_MESSAGES.retestNotNeeded }] });
    expect((await owner.client.post('/api/labs/retests', { resultId: 'nope' })).json()).toMatchObject({ details: [{ field: 'resultId', message: 'Not a valid id' }] });

    // Three months after a test 200 days ago is past: two weeks from today instead.
    const accepted = await owner.client.post('/api/labs/retests', { resultId: low.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ biomarker: 'vitamin-d-25oh', dueDate: addDays(today(), 14) });
    const again = await owner.client.post('/api/labs/retests', { resultId: low.id });
    expect(again.json().id).toBe(accepted.json().id);
    const list = (await owner.client.get('/api/labs/attention')).json();
    expect(list).toMatchObject([{ biomarker: 'vitamin-d-25oh', retest: { id: accepted.json().id, dueDate: addDays(today(), 14) } }]);
    expect((await other.client.get('/api/labs/attention')).json()).toEqual([]);
  });

  it("lists the user's own biomarkers by name and unit, out of their printed range or off their target, and plans their retest", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const day = addDays(today(), -7);
    const omega = await ownBiomarkerOf(owner.user.id, 'Omega-3 index', '%');
    const zonulin = await ownBiomarkerOf(owner.user.id, 'Zonulin', 'ng/mL');
    const low = (await owner.client.post('/api/labs/results', { biomarker: omega, value: 3.1, unit: '%', referenceLow: 4, referenceHigh: 12, testDate: day })).json();
    await owner.client.post('/api/labs/results', { biomarker: zonulin, value: 40, unit: 'ng/mL', testDate: addDays(day, -1) });
    const attention = async (client = owner.client) => labAttentionListSchema.parse((await client.get('/api/labs/attention')).json());

    // No printed range and no target: nothing to judge zonulin by.
    expect(await attention()).toEqual([
      { resultId: low.id, biomarker: omega, name: 'Omega-3 index', value: 3.1, comparator: null, unit: '%', testDate: day, reason: 'low', referenceRange: { low: 4, high: 12 }, targetRange: null, suggestedRetest: addMonths(day, 3), retest: null },
    ]);
    expect((await owner.client.put('/api/labs/targets', { biomarker: zonulin, low: null, high: 30, unit: 'ng/mL' })).statusCode).toBe(200);
    expect((await attention()).find((item) => item.biomarker === zonulin)).toMatchObject({ name: 'Zonulin', value: 40, unit: 'ng/mL', reason: 'above-target', targetRange: { low: null, high: 30 } });

    const accepted = await owner.client.post('/api/labs/retests', { resultId: low.id });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({ biomarker: omega, dueDate: addMonths(day, 3) });
    expect((await attention()).find((item) => item.biomarker === omega)).toMatchObject({ retest: { id: accepted.json().id, dueDate: addMonths(day, 3) } });

    // Another user's own biomarker out of its range: on their card only, and theirs alone to plan.
    const theirs = await ownBiomarkerOf(other.user.id, 'Omega-3 index', '%');
    const their = (await other.client.post('/api/labs/results', { biomarker: theirs, value: 2, unit: '%', referenceLow: 4, referenceHigh: 12, testDate: day })).json();
    expect((await attention(other.client)).map((item) => [item.name, item.reason])).toEqual([['Omega-3 index', 'low']]);
    expect((await attention()).map((item) => item.biomarker)).toEqual([omega, zonulin]);
    expect((await owner.client.post('/api/labs/retests', { resultId: their.id })).statusCode).toBe(404);
    expect((await other.client.post('/api/labs/retests', { resultId: low.id })).statusCode).toBe(404);
    expect((await attention(other.client))[0]!.retest).toBeNull();
  });

  it("refuses a retest for the user's own biomarker in its printed range and on target", async () => {
    const { client, user } = await signedInClient(t);
    const omega = await ownBiomarkerOf(user.id, 'Omega-3 index', '%');
    const fine = (await client.post('/api/labs/results', { biomarker: omega, value: 9, unit: '%', referenceLow: 4, referenceHigh: 12, testDate: addDays(today(), -3) })).json();
    await client.put('/api/labs/targets', { biomarker: omega, low: 8, high: 12, unit: '%' });
    const refused = await client.post('/api/labs/retests', { resultId: fine.id });
    expect(refused.json()).toMatchObject({ details: [{ field: 'resultId', message: LAB_MESSAGES.retestNotNeeded }] });
    expect((await client.get('/api/labs/attention')).json()).toEqual([]);
  });
});

/** The key of a biomarker of the user's own, kept as from an unrecognised row of a report. */
async function ownBiomarkerOf(userId: string, name: string, unit: string): Promise<string> {
  const [own] = await t.database.db.insert(ownBiomarkers).values({ userId, name, unit }).returning();
  return `own:${own!.id}`;
}

describe('retest reminders', () => {
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  const sender = () => new ReminderSender({ db: t.database.db, mailer: t.outbox, log, publicUrl: t.config.publicUrl, secret: t.config.sessionSecret, vapid: t.config.reminders.vapid });
  /** A moment on a given UTC day at a given hour. */
  const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:30:00Z`);

  it('e-mails an accepted retest on its day, from the morning, once, through the reminder settings', async () => {
    const { client, body } = await signedInClient(t);
    const result = (await client.post('/api/labs/results', { biomarker: 'ferritin', value: 8, unit: 'ng/mL', referenceLow: 15, referenceHigh: 150, testDate: addDays(today(), -3) })).json();
    const retest = (await client.post('/api/labs/retests', { resultId: result.id })).json();
    const mails = () => t.outbox.messages.filter((mail) => mail.to === body.email);

    // Reminders off: nothing goes, and the retest waits.
    await sender().sendDue(at(retest.dueDate, 10));
    expect(mails()).toEqual([]);

    await client.put('/api/reminders', { emailEnabled: true, pushEnabled: false, quietHours: { start: '22:00', end: '09:00' } });
    await sender().sendDue(at(addDays(retest.dueDate, -1), 10));
    await sender().sendDue(at(retest.dueDate, 8));
    expect(mails(), 'not before its day, nor in quiet hours').toEqual([]);

    await sender().sendDue(at(retest.dueDate, 10));
    await sender().sendDue(at(retest.dueDate, 11));
    const sent = mails().filter((mail) => mail.subject === 'Time to retest Ferritin');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('/labs');
    expect((await client.get('/api/labs/attention')).json()[0].retest).toBeNull();
  });

  it('cancels a planned retest for its owner only, and its reminder is then never sent', async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    await owner.client.put('/api/reminders', { emailEnabled: true, pushEnabled: false, quietHours: null });
    const result = (await owner.client.post('/api/labs/results', { biomarker: 'ferritin', value: 6, unit: 'ng/mL', referenceLow: 15, referenceHigh: 150, testDate: addDays(today(), -2) })).json();
    const retest = (await owner.client.post('/api/labs/retests', { resultId: result.id })).json();

    const stranger = await other.client.delete(`/api/labs/retests/${retest.id}`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND', message: LAB_MESSAGES.retestNotFound });
    expect((await owner.client.get('/api/labs/attention')).json()[0].retest).toMatchObject({ id: retest.id });

    const cancelled = await owner.client.delete(`/api/labs/retests/${retest.id}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ ok: true, message: LAB_MESSAGES.retestCancelled });
    expect((await owner.client.delete(`/api/labs/retests/${retest.id}`)).statusCode).toBe(404);
    // Back on the card as a suggestion to plan again.
    expect((await owner.client.get('/api/labs/attention')).json()[0]).toMatchObject({ biomarker: 'ferritin', retest: null });

    await sender().sendDue(at(retest.dueDate, 12));
    expect(t.outbox.messages.filter((mail) => mail.to === owner.body.email && mail.subject === 'Time to retest Ferritin')).toEqual([]);
  });

  it("never sends another user's retest to anyone else", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    await other.client.put('/api/reminders', { emailEnabled: true, pushEnabled: false, quietHours: null });
    await owner.client.put('/api/reminders', { emailEnabled: true, pushEnabled: false, quietHours: null });
    const result = (await owner.client.post('/api/labs/results', { biomarker: 'hba1c', value: 6.1, unit: '%', testDate: addDays(today(), -1) })).json();
    const retest = (await owner.client.post('/api/labs/retests', { resultId: result.id })).json();
    await sender().sendDue(at(retest.dueDate, 12));
    expect(t.outbox.messages.filter((mail) => mail.to === other.body.email)).toEqual([]);
    expect(t.outbox.messages.filter((mail) => mail.to === owner.body.email && mail.subject === 'Time to retest HbA1c')).toHaveLength(1);
  });

  it("names the user's own biomarker in its retest reminder", async () => {
    const { client, user, body } = await signedInClient(t);
    await client.put('/api/reminders', { emailEnabled: true, pushEnabled: false, quietHours: null });
    const omega = await ownBiomarkerOf(user.id, 'Omega-3 index', '%');
    const result = (await client.post('/api/labs/results', { biomarker: omega, value: 3.1, unit: '%', referenceLow: 4, referenceHigh: 12, testDate: addDays(today(), -1) })).json();
    const retest = (await client.post('/api/labs/retests', { resultId: result.id })).json();
    await sender().sendDue(at(retest.dueDate, 12));
    const sent = t.outbox.messages.filter((mail) => mail.to === body.email);
    expect(sent.map((mail) => mail.subject)).toEqual(['Time to retest Omega-3 index']);
    expect(sent[0]!.text).toContain('\n\nOmega-3 index\n\n');
    expect(sent[0]!.text).not.toContain('own:');
  });
});
