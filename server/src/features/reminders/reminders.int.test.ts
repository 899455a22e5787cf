import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMINDER_MESSAGES } from '#contract/reminders.ts';
import { type TestApp, TestClient, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { clockOf, localMinuteOf } from './reminders.due.ts';
import { REMINDERS_SCAN_JOB, ReminderSender, createRemindersWorker, scheduleReminderScan } from './reminders.jobs.ts';

const log = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const on = { emailEnabled: true, pushEnabled: false, quietHours: null };
/** A dose time a few minutes ago in UTC (the test users' zone), so a reminder is due now. */
const justNow = () => clockOf(Math.max(0, localMinuteOf(new Date(), 'UTC') - 5));
const mailTo = (email: string) => t.outbox.messages.filter((message) => message.to === email);
const newSender = () => new ReminderSender({ db: t.database.db, mailer: t.outbox, log, publicUrl: t.config.publicUrl, secret: t.config.sessionSecret, vapid: t.config.reminders.vapid });

async function userWithDose(name = 'Vitamin D') {
  const signedIn = await signedInClient(t);
  const added = await signedIn.client.post('/api/supplements', { name, dosage: '1000 IU', frequency: '1x daily', schedule: { times: [justNow()], days: { every: 'day' } } });
  expect(added.statusCode).toBe(200);
  return { ...signedIn, supplementId: added.json().id as string };
}

describe('reminder settings', () => {
  it('are off until the user turns them on, and are saved as given', async () => {
    const { client } = await signedInClient(t);
    const first = await client.get('/api/reminders');
    expect(first.json()).toMatchObject({ emailEnabled: false, pushEnabled: false, quietHours: null, timeZone: 'UTC', pushDevices: 0 });
    expect(first.json().pushPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const saved = await client.put('/api/reminders', { emailEnabled: true, pushEnabled: false, quietHours: { start: '22:00', end: '07:00' } });
    expect(saved.statusCode).toBe(200);
    expect((await client.get('/api/reminders')).json()).toMatchObject({ emailEnabled: true, quietHours: { start: '22:00', end: '07:00' } });
  });

  it.each([
    [{ ...on, quietHours: { start: '25:00', end: '07:00' } }, 'quietHours.start', REMINDER_MESSAGES.quietTime],
    [{ ...on, quietHours: { start: '22:00' } }, 'quietHours.end', REMINDER_MESSAGES.quietTime],
    [{ ...on, quietHours: { start: '07:00', end: '07:00' } }, 'quietHours.end', REMINDER_MESSAGES.quietSame],
    [{ ...on, emailEnabled: 'yes' }, 'emailEnabled', 'E-mail reminders are on (true) or off (false)'],
    [{ ...on, sendAt: '08:00' }, 'sendAt', undefined],
  ])('refuses %j naming %s and saves nothing', async (body, field, message) => {
    const { client } = await signedInClient(t);
    const response = await client.put('/api/reminders', body);
    expect(response.statusCode).toBe(400);
    const detail = response.json().details.find((d: { field: string }) => d.field === field);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect((await client.get('/api/reminders')).json().emailEnabled).toBe(false);
  });

  it('keeps push subscriptions per user; another user cannot remove one', async () => {
    const { client } = await signedInClient(t);
    const other = await signedInClient(t);
    const subscription = { endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: 'BPk'.padEnd(87, 'x'), auth: 'authsecret123456' } };
    expect((await client.post('/api/reminders/push-subscriptions', subscription)).json().pushDevices).toBe(1);
    expect((await other.client.request({ method: 'DELETE', url: '/api/reminders/push-subscriptions', payload: { endpoint: subscription.endpoint } })).json().pushDevices).toBe(0);
    expect((await client.get('/api/reminders')).json().pushDevices).toBe(1);
    const bad = await client.post('/api/reminders/push-subscriptions', { endpoint: 'not a url', keys: { p256dh: '', auth: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { message: string }) => d.message)).toContain(REMINDER_MESSAGES.pushEndpoint);
    expect((await client.request({ method: 'DELETE', url: '/api/reminders/push-subscriptions', payload: { endpoint: subscription.endpoint } })).json().pushDevices).toBe(0);
  });
});

describe('sending reminders', () => {
  it('the periodic job e-mails the doses due, once, with a one-click unsubscribe link', async () => {
    const { client, body } = await userWithDose();
    await client.put('/api/reminders', on);
    const worker = createRemindersWorker({ config: t.config, db: t.database.db, mailer: t.outbox, log });
    await scheduleReminderScan(t.database.db);
    expect(await worker.drain()).toBe(1);
    const [mail, ...more] = mailTo(body.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Time to take Vitamin D');
    expect(mail!.text).toContain(`${justNow()}: Vitamin D`);
    const link = /To stop reminder e-mails, open this link: (\S+)/.exec(mail!.text)![1]!;
    expect(mail!.headers?.['list-unsubscribe']).toBe(`<${link}>`);
    expect(mail!.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The next scan waits its turn in the queue; run now, and after a "restart" (a new sender), it sends nothing again.
    const [next] = await rows<{ run_after: string }>(sql`select run_after from jobs where kind = ${REMINDERS_SCAN_JOB} and state = 'queued'`);
    expect(new Date(next!.run_after).getTime()).toBeGreaterThan(Date.now() + t.config.reminders.intervalMs - 60_000);
    await newSender().sendDue();
    await newSender().sendDue();
    expect(mailTo(body.email)).toHaveLength(1);

    // The link works without signing in, turns e-mail reminders off and says so.
    const url = new URL(link);
    const page = await new TestClient(t.app).get(url.pathname + url.search);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(REMINDER_MESSAGES.unsubscribed);
    expect((await client.get('/api/reminders')).json().emailEnabled).toBe(false);
  });

  it('sends nothing for a dose already logged, inside quiet hours, or to users who turned e-mail off', async () => {
    const logged = await userWithDose();
    await logged.client.put('/api/reminders', on);
    expect((await logged.client.put(`/api/supplement-logs/today/${logged.supplementId}`, { taken: true })).statusCode).toBe(200);
    const quiet = await userWithDose();
    const minute = localMinuteOf(new Date(), 'UTC');
    await quiet.client.put('/api/reminders', { ...on, quietHours: { start: clockOf(Math.max(0, minute - 30)), end: clockOf(Math.min(1439, minute + 30)) } });
    const off = await userWithDose();
    await off.client.put('/api/reminders', { ...on, emailEnabled: false });
    await newSender().sendDue();
    for (const user of [logged, quiet, off]) expect(mailTo(user.body.email)).toEqual([]);
  });

  it('nudges a user with no stack to add one, in the morning of their zone', async () => {
    const { client, body } = await signedInClient(t);
    await client.put('/api/reminders', on);
    // 08:30 in the user's zone today.
    const morning = new Date(`${new Date().toISOString().slice(0, 10)}T08:30:00Z`);
    await newSender().sendDue(morning);
    await newSender().sendDue(morning);
    expect(mailTo(body.email).map((mail) => mail.subject)).toEqual(['Add your supplement stack']);
  });

  it('refuses a made-up or altered unsubscribe link; the mail client one-click post works from anywhere', async () => {
    const { client, user } = await signedInClient(t);
    await client.put('/api/reminders', on);
    const anonymous = new TestClient(t.app);
    const forged = await anonymous.get(`/reminders/unsubscribe?token=${user.id}${'a'.repeat(43)}`);
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain(REMINDER_MESSAGES.unsubscribeInvalid);
    expect((await client.get('/api/reminders')).json().emailEnabled).toBe(true);
    const { unsubscribeUrl } = await import('./reminders.service.ts');
    const url = new URL(unsubscribeUrl(t.config.publicUrl, t.config.sessionSecret, user.id));
    const oneClick = await anonymous.request({
      method: 'POST',
      url: url.pathname + url.search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await client.get('/api/reminders')).json().emailEnabled).toBe(false);
  });
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
