import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_MESSAGES } from '#contract/health-texts.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { yearsBetween } from './health.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const full = {
  weight: 180.5,
  height: 70,
  gender: 'female',
  ethnicity: 'middle_eastern',
  dateOfBirth: '1990-02-28',
  averageSleep: 7 * 60 + 30,
  allergies: 'Penicillin',
};

describe('health stats', () => {
  it('answers nulls before anything is saved', async () => {
    const { client } = await signedInClient(t);
    expect((await client.get('/api/health-stats')).json()).toEqual({
      weight: null,
      height: null,
      gender: null,
      ethnicity: null,
      dateOfBirth: null,
      averageSleep: null,
      profilePhotoUrl: null,
      allergies: null,
      updatedAt: null,
    });
  });

  it('saves every field and reads it back', async () => {
    const { client } = await signedInClient(t);
    const saved = await client.post('/api/health-stats', full);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(full);
    expect((await client.get('/api/health-stats')).json()).toMatchObject({ ...full, updatedAt: expect.any(String) });
  });

  it('keeps left-out and empty fields, clears null ones', async () => {
    const { client } = await signedInClient(t);
    await client.post('/api/health-stats', full);
    const partial = await client.post('/api/health-stats', { weight: '', height: '', dateOfBirth: '', averageSleep: 400 });
    expect(partial.json()).toMatchObject({ ...full, averageSleep: 400 });
    const cleared = await client.post('/api/health-stats', { weight: null, allergies: '' });
    expect(cleared.json()).toMatchObject({ weight: null, allergies: null, height: 70 });
  });

  it("never shows or changes another user's stats", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    await owner.client.post('/api/health-stats', full);
    expect((await other.client.get('/api/health-stats')).json().weight).toBeNull();
    await other.client.post('/api/health-stats', { weight: 100 });
    expect((await owner.client.get('/api/health-stats')).json().weight).toBe(180.5);
  });

  it.each([
    [{ weight: 0 }, 'weight', HEALTH_MESSAGES.weight],
    [{ weight: -5 }, 'weight', HEALTH_MESSAGES.weight],
    [{ weight: 1501 }, 'weight', HEALTH_MESSAGES.weight],
    [{ weight: '180' }, 'weight', HEALTH_MESSAGES.weight],
    [{ weight: 'abc' }, 'weight', HEALTH_MESSAGES.weight],
    [{ height: 11 }, 'height', HEALTH_MESSAGES.height],
    [{ height: 109 }, 'height', HEALTH_MESSAGES.height],
    [{ height: [70] }, 'height', HEALTH_MESSAGES.height],
    [{ averageSleep: -1 }, 'averageSleep', HEALTH_MESSAGES.averageSleep],
    [{ averageSleep: 1441 }, 'averageSleep', HEALTH_MESSAGES.averageSleep],
    [{ averageSleep: 7.5 }, 'averageSleep', HEALTH_MESSAGES.averageSleep],
    [{ gender: 'other' }, 'gender', HEALTH_MESSAGES.gender],
    [{ gender: 'MALE' }, 'gender', HEALTH_MESSAGES.gender],
    [{ ethnicity: 'martian' }, 'ethnicity', HEALTH_MESSAGES.ethnicity],
    [{ ethnicity: "asian'; drop table users;--" }, 'ethnicity', HEALTH_MESSAGES.ethnicity],
    [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth', HEALTH_MESSAGES.dateOfBirth],
    [{ dateOfBirth: '31/01/1990' }, 'dateOfBirth', HEALTH_MESSAGES.dateOfBirth],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', HEALTH_MESSAGES.dateOfBirthFuture],
    [{ dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-01` }, 'dateOfBirth', HEALTH_MESSAGES.tooYoung],
    [{ dateOfBirth: '1850-01-01' }, 'dateOfBirth', HEALTH_MESSAGES.tooOld],
    [{ allergies: 'x'.repeat(2001) }, 'allergies', HEALTH_MESSAGES.allergies],
    [{ allergies: 12 }, 'allergies', undefined],
    [{ profilePhotoUrl: 'http://x' }, 'profilePhotoUrl', undefined],
  ])('refuses %j naming %s and saves nothing', async (body, field, message) => {
    const { client } = await signedInClient(t);
    await client.post('/api/health-stats', full);
    const response = await client.post('/api/health-stats', { ...body, weight: 'weight' in body ? body.weight : 150 });
    expect(response.statusCode).toBe(400);
    const detail = response.json().details.find((d: { field: string }) => d.field === field);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect((await client.get('/api/health-stats')).json()).toMatchObject(full);
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(t.app).get('/api/health-stats')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/health-stats', full)).statusCode).toBe(401);
  });

  it('counts age in whole years, birthdays included', () => {
    expect(yearsBetween('2000-06-15', '2018-06-14')).toBe(17);
    expect(yearsBetween('2000-06-15', '2018-06-15')).toBe(18);
    expect(yearsBetween('2000-02-29', '2018-02-28')).toBe(17);
    expect(yearsBetween('2000-02-29', '2018-03-01')).toBe(18);
  });
});
