import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, signedInClient } from '#server/testing/test-app.ts';
import { FakePushService } from '#server/testing/fake-push-service.ts';
import { clockOf, localMinuteOf } from './reminders.due.ts';
import { ReminderSender } from './reminders.jobs.ts';

const log = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;
let push: FakePushService;
beforeAll(async () => {
  t = await createTestApp();
  push = await FakePushService.start();
});
afterAll(async () => {
  await push.close();
  await t.close();
});

const sender = () =>
  new ReminderSender({ db: t.database.db, mailer: t.outbox, log, publicUrl: t.config.publicUrl, secret: t.config.sessionSecret, vapid: t.config.reminders.vapid, pushAgent: push.agent });

async function subscribedUser(device: string) {
  const signedIn = await signedInClient(t);
  const time = clockOf(Math.max(0, localMinuteOf(new Date(), 'UTC') - 5));
  await signedIn.client.post('/api/supplements', { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily', schedule: { times: [time], days: { every: 'day' } } });
  expect((await signedIn.client.post('/api/reminders/push-subscriptions', push.subscription(device))).json().pushDevices).toBe(1);
  await signedIn.client.put('/api/reminders', { emailEnabled: false, pushEnabled: true, quietHours: null });
  return signedIn;
}

describe('push reminders', () => {
  it('are pushed as a push service expects: VAPID-signed, encrypted, with a TTL, and once', async () => {
    const { body } = await subscribedUser('phone');
    expect(await sender().sendDue()).toEqual({ emails: 0, pushes: 1 });
    await sender().sendDue();
    const received = push.received.filter((one) => one.path === '/push/phone');
    expect(received).toHaveLength(1);
    expect(received[0]!.problems).toEqual([]);
    expect(received[0]!.ttl).toBeGreaterThan(0);
    expect(JSON.parse(received[0]!.payload!)).toEqual({ title: 'Time for your supplements', body: 'Due now: Magnesium', url: '/dashboard', tag: 'stacklab-reminder' });
    // Push only: no e-mail.
    expect(t.outbox.messages.filter((mail) => mail.to === body.email)).toEqual([]);
  });

  it('forgets a subscription the push service says is gone', async () => {
    const { client } = await subscribedUser('old-laptop');
    push.answer = 410;
    try {
      expect(await sender().sendDue()).toMatchObject({ pushes: 0 });
    } finally {
      push.answer = 201;
    }
    expect(push.received.filter((one) => one.path === '/push/old-laptop')).toHaveLength(1);
    expect((await client.get('/api/reminders')).json().pushDevices).toBe(0);
  });
});
