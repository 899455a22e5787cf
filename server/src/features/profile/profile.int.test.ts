import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '#contract/profile-texts.ts';
import { type TestApp, TestClient, createTestApp, newUserBody, signedInClient } from '#server/testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function profileOf(body: { username: string; email: string }, extra: Record<string, unknown> = {}) {
  return { email: body.email, username: body.username, name: null, phoneNumber: null, ...extra };
}

describe('profile', () => {
  it('saves name, phone, username, e-mail, time zone and unit system', async () => {
    const { client, body } = await signedInClient(t);
    const next = newUserBody();
    const response = await client.post('/api/profile', {
      email: next.email.toUpperCase(),
      username: next.username,
      name: '  Ada Lovelace ',
      phoneNumber: '+1 (555) 123-4567',
      timeZone: 'Asia/Kolkata',
      unitSystem: 'metric',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      message: PROFILE_MESSAGES.saved,
      emailVerificationSent: false,
      user: { email: next.email, username: next.username, name: 'Ada Lovelace', phoneNumber: '+15551234567', timeZone: 'Asia/Kolkata', unitSystem: 'metric', emailVerified: false },
    });
    expect((await client.get('/api/user')).json().user.username).toBe(next.username);
    // Signing in works with the new e-mail and not the old one.
    expect((await new TestClient(t.app).post('/api/login', { email: next.email, password: body.password })).statusCode).toBe(200);
    expect((await new TestClient(t.app).post('/api/login', { email: body.email, password: body.password })).statusCode).toBe(401);
  });

  it('keeps time zone and unit system when left out, and clears name and phone with null or ""', async () => {
    const { client, body } = await signedInClient(t);
    await client.post('/api/profile', profileOf(body, { name: 'Ada', phoneNumber: '5551234567', timeZone: 'Pacific/Auckland', unitSystem: 'metric' }));
    const response = await client.post('/api/profile', profileOf(body, { name: '', phoneNumber: '' }));
    expect(response.json().user).toMatchObject({ name: null, phoneNumber: null, timeZone: 'Pacific/Auckland', unitSystem: 'metric' });
  });

  it('refuses a username or e-mail of another account, ignoring case, naming the field', async () => {
    const { client, body } = await signedInClient(t);
    const other = await signedInClient(t);
    const sameName = await client.post('/api/profile', profileOf(body, { username: other.body.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().details).toEqual([{ field: 'username', message: 'This username is already taken' }]);
    const sameEmail = await client.post('/api/profile', profileOf(body, { email: other.body.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().details[0].field).toBe('email');
    expect((await client.get('/api/user')).json().user).toMatchObject({ username: body.username, email: body.email });
    // Changing only the case of one's own username is fine.
    expect((await client.post('/api/profile', profileOf(body, { username: body.username.toUpperCase() }))).statusCode).toBe(200);
  });

  it.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(51) }, 'username', 'Username must be less than 50 characters'],
    [{ username: "x'; drop table users;--" }, 'username', undefined],
    [{ name: 'x'.repeat(101) }, 'name', PROFILE_MESSAGES.nameTooLong],
    [{ name: 5 }, 'name', undefined],
    [{ phoneNumber: '123' }, 'phoneNumber', PROFILE_MESSAGES.phone],
    [{ phoneNumber: 'call me' }, 'phoneNumber', PROFILE_MESSAGES.phone],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Unknown time zone'],
    [{ unitSystem: 'imperial' }, 'unitSystem', undefined],
    [{ isAdmin: true }, 'isAdmin', undefined],
  ])('refuses %j naming %s and saves nothing', async (override, field, message) => {
    const { client, body } = await signedInClient(t);
    const response = await client.post('/api/profile', { ...profileOf(body, { name: 'Kept' }), ...override });
    expect(response.statusCode).toBe(400);
    const detail = response.json().details.find((d: { field: string }) => d.field === field);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect((await client.get('/api/user')).json().user).toMatchObject({ username: body.username, email: body.email, name: null, isAdmin: false });
  });

  it('needs a signed-in user', async () => {
    expect((await new TestClient(t.app).post('/api/profile', profileOf(newUserBody()))).statusCode).toBe(401);
    expect((await new TestClient(t.app).get('/api/profile/completion')).statusCode).toBe(401);
  });
});

describe('profile completion', () => {
  it('follows the real data through the five steps', async () => {
    const { client, body } = await signedInClient(t);
    const completion = async () => (await client.get('/api/profile/completion')).json();
    const initial = await completion();
    expect(initial).toEqual({
      steps: [
        { key: 'basic-info', label: 'Basic info', status: 'todo' },
        { key: 'health-metrics', label: 'Health metrics', status: 'todo' },
        { key: 'allergies', label: 'Allergies', status: 'todo' },
        { key: 'supplement-logs', label: 'First supplement logs', status: 'todo' },
        { key: 'lab-results', label: 'Lab results', status: 'todo' },
      ],
      completed: 0,
      total: 5,
      percent: 0,
    });
    await client.post('/api/profile', profileOf(body, { name: 'Ada' }));
    expect((await completion()).percent).toBe(20);
    await client.post('/api/health-stats', { weight: 150, height: 65 });
    expect((await completion()).percent).toBe(20);
    await client.post('/api/health-stats', { dateOfBirth: '1990-01-01', allergies: 'none' });
    expect((await completion()).percent).toBe(60);
    const id = (await client.post('/api/supplements', { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' })).json().id;
    expect((await completion()).percent).toBe(60);
    await client.post('/api/supplement-logs', { logs: [{ supplementId: id, takenAt: '2025-06-01T08:00:00Z' }] });
    const done = await completion();
    expect(done).toMatchObject({ completed: 4, percent: 80 });
    expect(done.steps.find((s: { key: string }) => s.key === 'lab-results').status).toBe('todo');

    // The labs feature's table: one uploaded file completes the last step.
    await t.database.db.execute(sql`
      insert into lab_files (user_id, file_name, storage_key, content_type, kind, size_bytes)
      values (${(await client.get('/api/user')).json().user.id}, 'panel.pdf', 'test/panel.pdf', 'application/pdf', 'pdf', 1000)`);
    expect(await completion()).toMatchObject({ completed: 5, percent: 100 });
  });

  it('lets a free-plan user, who cannot upload, reach 100% with a result entered by hand', async () => {
    const { client, body } = await signedInClient(t);
    expect((await client.get('/api/user')).json().user.subscriptionTier).toBe('free');
    await client.post('/api/profile', profileOf(body, { name: 'Grace' }));
    await client.post('/api/health-stats', { weight: 150, height: 65, dateOfBirth: '1990-01-01', allergies: 'none' });
    const id = (await client.post('/api/supplements', { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' })).json().id;
    await client.post('/api/supplement-logs', { logs: [{ supplementId: id, takenAt: '2025-06-01T08:00:00Z' }] });
    const before = (await client.get('/api/profile/completion')).json();
    expect(before).toMatchObject({ completed: 4, percent: 80 });
    expect(before.steps.at(-1)).toEqual({ key: 'lab-results', label: 'Lab results', status: 'todo' });

    const entered = await client.post('/api/labs/results', { biomarker: 'hemoglobin', value: 13.1, unit: 'g/dL', testDate: '2025-05-20' });
    expect(entered.statusCode).toBe(201);
    expect((await client.get('/api/profile/completion')).json()).toMatchObject({ completed: 5, percent: 100 });
  });

  it("counts only the user's own data", async () => {
    const owner = await signedInClient(t);
    const other = await signedInClient(t);
    await owner.client.post('/api/health-stats', { allergies: 'none' });
    await owner.client.post('/api/profile', profileOf(owner.body, { name: 'Owner' }));
    expect((await other.client.get('/api/profile/completion')).json().percent).toBe(0);
  });
});

describe('changing the e-mail with verification on', () => {
  let v: TestApp;
  beforeAll(async () => {
    v = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
  });
  afterAll(() => v.close());

  it('marks the new address unverified and sends it a link', async () => {
    const client = new TestClient(v.app);
    const body = newUserBody();
    await client.post('/api/register', body);
    const token = /verify-email\?token=([\w-]+)/.exec(v.outbox.messages.findLast((m) => m.to === body.email)!.text)![1]!;
    expect((await client.post('/api/auth/verify-email', { token })).json().user.emailVerified).toBe(true);
    // Signed in by the link, not by the password: a new address needs the password first.
    expect((await client.post('/api/auth/reauthenticate', { password: body.password })).statusCode).toBe(200);

    const next = newUserBody();
    const response = await client.post('/api/profile', profileOf(body, { email: next.email }));
    expect(response.json()).toMatchObject({ emailVerificationSent: true, user: { email: next.email, emailVerified: false } });
    expect(v.outbox.messages.findLast((m) => m.to === next.email)?.subject).toBe('Confirm your StackLab e-mail address');
    // The previous address hears of it, in case the change was not its owner's.
    const notice = v.outbox.messages.findLast((m) => m.to === body.email)!;
    expect(notice.subject).toBe('Your StackLab e-mail address was changed');
    expect(notice.text).toContain('If you did not ask for this');

    // Saving the same address again keeps it as it is and sends nothing more.
    const count = v.outbox.messages.length;
    const same = await client.post('/api/profile', profileOf(body, { email: next.email, name: 'Ada' }));
    expect(same.json()).toMatchObject({ emailVerificationSent: false });
    expect(v.outbox.messages.length).toBe(count);
  });
});
