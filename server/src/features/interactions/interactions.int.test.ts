import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERACTION_TEXTS, type InteractionReport, type LabInterferenceList, type Medication } from '#contract/interactions.ts';
import { addDays } from '#contract/dates.ts';
import { interactions, users } from '#server/db/schema/index.ts';
import { type TestApp, type TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { INTERACTION_SEEDS } from './interactions.data.ts';
import { seedInteractions } from './interactions.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const addSupplement = (client: TestClient, name: string) => client.post('/api/supplements', { name, dosage: '100 mg', frequency: '1x daily' });
const addMedication = (client: TestClient, body: Record<string, unknown>) => client.post('/api/medications', body);
const report = async (client: TestClient) => (await client.get('/api/interactions')).json() as InteractionReport;

async function adminClient() {
  const admin = await signedInClient(t);
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  return admin;
}

describe('medications in the stack', () => {
  it('are added, listed, edited and removed, marked as medications and kept out of the supplement count', async () => {
    const { client } = await signedInClient(t);
    const created = await addMedication(client, { name: 'Levothyroxine', strength: '75 mcg', schedule: 'Every morning, empty stomach', startedOn: '2024-03-01', note: 'For my thyroid' });
    expect(created.statusCode, created.body).toBe(201);
    const medication = created.json() as Medication;
    expect(medication).toMatchObject({ kind: 'medication', name: 'Levothyroxine', strength: '75 mcg', schedule: 'Every morning, empty stomach', startedOn: '2024-03-01' });
    await addSupplement(client, 'Vitamin D3');

    expect((await client.get('/api/medications')).json()).toHaveLength(1);
    expect((await client.get('/api/supplements/count')).json()).toBe(1);
    expect((await client.get('/api/supplements')).json()).toHaveLength(1);

    const edited = await client.put(`/api/medications/${medication.id}`, { name: 'Levothyroxine', strength: '88 mcg' });
    expect(edited.json()).toMatchObject({ strength: '88 mcg', schedule: null, note: null });
    expect((await client.delete(`/api/medications/${medication.id}`)).json()).toEqual({ ok: true, message: INTERACTION_TEXTS.medicationDeleted });
    expect((await client.get('/api/medications')).json()).toEqual([]);
  });

  it("are in the user's JSON export", async () => {
    const { client } = await signedInClient(t);
    await addMedication(client, { name: 'Metformin', strength: '500 mg', schedule: 'With dinner' });
    const exported = await client.get('/api/export/json');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().medications).toMatchObject([{ name: 'Metformin', strength: '500 mg', schedule: 'With dinner', startedOn: null }]);
    expect(exported.json().supplements).toEqual([]);
  });

  it('refuses a medication with no name or a made-up date', async () => {
    const { client } = await signedInClient(t);
    const noName = await addMedication(client, { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().details[0]).toEqual({ field: 'name', message: INTERACTION_TEXTS.medicationNameRequired });
    expect((await addMedication(client, { name: 'Aspirin', startedOn: '2025-02-30' })).statusCode).toBe(400);
  });

  it("are their owner's only: another user neither sees, edits nor removes them", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    const { id } = (await addMedication(owner.client, { name: 'Warfarin', strength: '5 mg' })).json() as Medication;

    expect((await other.client.get('/api/medications')).json()).toEqual([]);
    expect((await other.client.put(`/api/medications/${id}`, { name: 'Changed' })).statusCode).toBe(404);
    expect((await other.client.delete(`/api/medications/${id}`)).statusCode).toBe(404);
    expect((await other.client.get('/api/interactions')).json()).toMatchObject({ interactions: [] });
    expect((await owner.client.get('/api/medications')).json()).toMatchObject([{ id, name: 'Warfarin', strength: '5 mg' }]);
  });
});

describe('interactions in the stack', () => {
  it('warns when vitamin K2 is added to a stack with warfarin, before and after adding, without refusing it', async () => {
    const { client } = await signedInClient(t);
    await addMedication(client, { name: 'Warfarin', strength: '5 mg' });

    const check = await client.post('/api/interactions/check', { name: 'Vitamin K2 (MK-7)', kind: 'supplement' });
    expect(check.statusCode).toBe(200);
    const before = check.json() as InteractionReport;
    expect(before.interactions).toHaveLength(1);
    expect(before.interactions[0]).toMatchObject({
      severity: 'major',
      source: expect.stringContaining('Vitamin K'),
      sourceUrl: 'https://ods.od.nih.gov/factsheets/VitaminK-HealthProfessional/',
    });
    expect(before.disclaimer).toMatch(/not medical advice/);
    expect((await client.get('/api/supplements')).json()).toEqual([]);

    expect((await addSupplement(client, 'Vitamin K2 (MK-7)')).statusCode).toBe(200);
    const after = await report(client);
    const sides = after.interactions.map((hit) => [hit.first.name, hit.second.name].sort());
    expect(sides).toContainEqual(['Vitamin K2 (MK-7)', 'Warfarin']);
    expect(after.interactions.find((hit) => hit.severity === 'major')!.effect).toMatch(/INR/);
  });

  it("finds St John's wort with several medicines, calcium with levothyroxine and magnesium with an antibiotic", async () => {
    const { client } = await signedInClient(t);
    for (const name of ['Sertraline 50 mg', 'Eliquis', 'Levothyroxine', 'Doxycycline']) await addMedication(client, { name });
    for (const name of ["St. John's Wort", 'Calcium Citrate', 'Magnesium Glycinate']) await addSupplement(client, name);
    const pairs = (await report(client)).interactions.map((hit) => `${hit.first.name} + ${hit.second.name}`);
    expect(pairs.filter((pair) => pair.includes("St. John's Wort"))).toHaveLength(2);
    expect(pairs).toEqual(expect.arrayContaining([expect.stringMatching(/Calcium Citrate.*Levothyroxine|Levothyroxine.*Calcium Citrate/)]));
    expect(pairs).toEqual(expect.arrayContaining([expect.stringMatching(/Doxycycline.*Magnesium|Magnesium.*Doxycycline/)]));
  });

  it('warns about a fish allergy when fish oil is added, and not for algal oil', async () => {
    const { client } = await signedInClient(t);
    expect((await client.post('/api/health-stats', { allergies: 'Fish, penicillin' })).statusCode).toBe(200);
    const fishOil = (await client.post('/api/interactions/check', { name: 'Fish Oil (Omega-3)', kind: 'supplement' })).json() as InteractionReport;
    expect(fishOil.allergyWarnings).toEqual([expect.objectContaining({ itemId: null, itemName: 'Fish Oil (Omega-3)', allergen: 'fish' })]);
    const algal = (await client.post('/api/interactions/check', { name: 'Algal Oil (Omega-3)', kind: 'supplement' })).json() as InteractionReport;
    expect(algal.allergyWarnings).toEqual([]);

    await addSupplement(client, 'Fish Oil (Omega-3)');
    expect((await report(client)).allergyWarnings).toMatchObject([{ itemName: 'Fish Oil (Omega-3)', allergen: 'fish' }]);
  });

  it('names biotin next to thyroid results taken while it was in the stack, and only then', async () => {
    const { client } = await signedInClient(t);
    const other = await signedInClient(t);
    const threeDaysAgo = addDays(today(), -3);
    const add = (testDate: string) => client.post('/api/labs/results', { biomarker: 'TSH', value: 0.2, unit: 'uIU/mL', testDate });
    const early = (await add(addDays(today(), -40))).json() as { id: string };
    const recent = (await add(threeDaysAgo)).json() as { id: string };
    const biotin = (await addSupplement(client, 'Biotin (Vitamin B7)')).json() as { id: string };

    // Added today: not in the stack when either test was taken.
    expect(((await client.get('/api/interactions/lab-notes')).json() as LabInterferenceList).notes).toEqual([]);

    // Logged two days before the recent test: that result is named, the older one is not.
    const logged = await client.post('/api/supplement-logs', { logs: [{ supplementId: biotin.id, takenAt: `${addDays(today(), -5)}T12:00:00Z` }] });
    expect(logged.statusCode, logged.body).toBe(200);
    const notes = ((await client.get('/api/interactions/lab-notes')).json() as LabInterferenceList).notes;
    expect(notes).toEqual([expect.objectContaining({ resultId: recent.id, biomarkerKey: 'tsh', supplement: 'Biotin (Vitamin B7)', test: 'Thyroid blood tests', severity: 'major' })]);
    expect(notes.map((note) => note.resultId)).not.toContain(early.id);
    expect(((await other.client.get('/api/interactions/lab-notes')).json() as LabInterferenceList).notes).toEqual([]);
  });

  it('asks for a session', async () => {
    const { client } = await signedInClient(t);
    client.clearCookies();
    expect((await client.get('/api/interactions')).statusCode).toBe(401);
    expect((await client.post('/api/interactions/check', { name: 'Zinc', kind: 'supplement' })).statusCode).toBe(401);
  });
});

describe('the interaction table for administrators', () => {
  it('is seeded once with every curated pair', async () => {
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(interactions);
    expect(count!.n).toBe(INTERACTION_SEEDS.length);
    expect(await seedInteractions(t.database.db)).toEqual({ inserted: 0 });
  });

  it('is listed, added to, edited and deleted by an admin, and every change is audited', async () => {
    const { client } = await adminClient();
    const list = (await client.get('/api/admin/interactions')).json() as { interactions: unknown[]; agents: { key: string }[] };
    expect(list.interactions.length).toBeGreaterThanOrEqual(100);
    expect(list.agents.map((agent) => agent.key)).toEqual(expect.arrayContaining(['warfarin', 'anticoagulants', 'thyroid-tests']));

    const body = { agentA: 'melatonin', agentB: 'anticoagulants', severity: 'minor', effect: 'Melatonin may slightly change clotting.', advice: 'Mention it to your doctor.', source: 'Example source', sourceUrl: 'https://example.org/x' };
    const created = await client.post('/api/admin/interactions', body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };

    // The same pair, either way round, is refused.
    const again = await client.post('/api/admin/interactions', { ...body, agentA: 'anticoagulants', agentB: 'melatonin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(INTERACTION_TEXTS.pairTaken);

    const edited = await client.put(`/api/admin/interactions/${id}`, { ...body, severity: 'moderate' });
    expect(edited.json()).toMatchObject({ id, severity: 'moderate' });

    // Users see the edited row at once.
    const user = await signedInClient(t);
    await addSupplement(user.client, 'Melatonin');
    await addMedication(user.client, { name: 'Xarelto' });
    expect((await report(user.client)).interactions).toEqual(expect.arrayContaining([expect.objectContaining({ interactionId: id, severity: 'moderate' })]));

    expect((await client.delete(`/api/admin/interactions/${id}`)).json()).toEqual({ ok: true, message: INTERACTION_TEXTS.interactionDeleted });
    expect((await client.delete(`/api/admin/interactions/${id}`)).statusCode).toBe(404);
    const audit = (await client.get('/api/admin/audit-log')).json() as { entries: { action: string; targetId: string | null }[] };
    const actions = audit.entries.filter((entry) => entry.targetId === id).map((entry) => entry.action).sort();
    expect(actions).toEqual(['admin.interaction.created', 'admin.interaction.deleted', 'admin.interaction.updated']);
  });

  it.each([
    [{ agentA: 'nothing-like-this' }, 'agentA', INTERACTION_TEXTS.unknownAgent],
    [{ agentA: 'zinc', agentB: 'zinc' }, 'agentB', INTERACTION_TEXTS.samePair],
    [{ agentA: 'warfarin', agentB: 'thyroid-tests' }, 'agentB', 'A lab test pairs with a supplement'],
    [{ source: ' ' }, 'source', INTERACTION_TEXTS.sourceRequired],
    [{ sourceUrl: 'javascript:alert(1)' }, 'sourceUrl', 'Source URL must be a valid URL'],
  ])('refuses %j, naming %s', async (change, field, message) => {
    const { client } = await adminClient();
    const body = { agentA: 'zinc', agentB: 'digoxin', severity: 'minor', effect: 'Something happens here.', advice: 'Do something.', source: 'A source', ...change };
    const response = await client.post('/api/admin/interactions', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field, message });
  });

  it('is a 404 to users who are not admins', async () => {
    const { client } = await signedInClient(t);
    const [row] = await t.database.db.select({ id: interactions.id }).from(interactions).limit(1);
    expect((await client.get('/api/admin/interactions')).statusCode).toBe(404);
    expect((await client.post('/api/admin/interactions', {})).statusCode).toBe(404);
    expect((await client.put(`/api/admin/interactions/${row!.id}`, {})).statusCode).toBe(404);
    expect((await client.delete(`/api/admin/interactions/${row!.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select({ id: interactions.id }).from(interactions).where(eq(interactions.id, row!.id))).toHaveLength(1);
  });
});
