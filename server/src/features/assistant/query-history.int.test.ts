import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf } from '#contract/dates.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { askText } from './assistant.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const questionsOf = async (client: TestClient) => ((await client.get('/api/query/history')).json() as { question: string }[]).map((item) => item.question);

describe('the /ask history (product.md, Assistant)', () => {
  it('Clear Chat deletes the kept questions and answers on the server, and only the caller\'s', async () => {
    const { client } = await signedInClient(t);
    const other = await signedInClient(t);
    await askText(client, 'What am I taking?');
    await askText(client, 'What is my streak?');
    await askText(other.client, 'What am I taking?');
    expect(await questionsOf(client)).toEqual(['What is my streak?', 'What am I taking?']);

    const cleared = await client.delete('/api/query/history');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ ok: true, deleted: 2 });
    expect(await questionsOf(client)).toEqual([]);
    expect(await questionsOf(other.client)).toEqual(['What am I taking?']);

    // New questions are kept again after a clear.
    await askText(client, 'What is my streak?');
    expect(await questionsOf(client)).toEqual(['What is my streak?']);
  });

  it('needs a signed-in user to clear', async () => {
    expect((await new TestClient(t.app).delete('/api/query/history')).statusCode).toBe(401);
  });
});

describe('the assistant follows a filled-in day (product.md, Tracking, "Any day")', () => {
  it('counts yesterday, logged this morning, in the streak it reports', async () => {
    const { client } = await signedInClient(t);
    const zone = (await client.get('/api/user')).json().user.timeZone as string;
    const supplement = (await client.post('/api/supplements', { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily' })).json().id as string;
    const yesterday = addDays(localDateOf(new Date(), zone), -1);
    expect((await client.put(`/api/supplement-logs/${yesterday}`, { logs: [{ supplementId: supplement }] })).statusCode).toBe(200);
    const answer = await askText(client, 'What is my streak?');
    expect(answer).toContain('Your current streak is 1 day');
    expect(answer).toContain('you have not logged today yet');
  });
});
