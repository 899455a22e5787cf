import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#contract/billing.ts';
import { MESSAGES } from '#contract/errors.ts';
import { DEFAULT_PLAN_CATALOGUE } from '#contract/plans.ts';
import { revenueEvents, subscriptions, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, newUserBody, signedInClient } from '#server/testing/test-app.ts';
import { BillingService } from './billing.service.ts';
import { LocalCheckoutService } from './local-checkout.service.ts';
import { LocalProvider } from './local.provider.ts';
import { paidPlansByPrice } from './paid-plans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** A billing service on the app's database with its own clock, for what happens later in time. */
/** The billing service, and the local provider's pages and clock that send it events, at a fixed time. */
function localBillingAt(now: Date) {
  const db = t.database.db;
  const { publicUrl, sessionSecret: secret, billing: config, plans } = t.config;
  const plansByPrice = paidPlansByPrice(config, plans);
  const provider = new LocalProvider({ db, publicUrl, secret, plansByPrice, currency: plans.currency, now: () => now });
  const billing = new BillingService({ db, provider, config, plans, auth: undefined as never, streaks: undefined as never, publicUrl, now: () => now });
  provider.sendEventsTo((event) => billing.applyEvent(event));
  const local = new LocalCheckoutService({ db, provider, plans, plansByPrice, currentSubscription: (userId) => billing.currentSubscription(userId), publicUrl, now: () => now });
  return { billing, local };
}

describe('the local payment provider (no Stripe key)', () => {
  it('offers fixed local price ids', async () => {
    const config = (await new TestClient(t.app).get('/api/billing/config')).json();
    expect(config.provider).toBe('local');
    expect(config.priceIds).toEqual({
      'starter-monthly': 'local_starter_monthly',
      'starter-yearly': 'local_starter_yearly',
      'pro-monthly': 'local_pro_monthly',
      'pro-yearly': 'local_pro_yearly',
    });
    expect((await new TestClient(t.app).get('/api/plans')).json().priceIds).toEqual(config.priceIds);
  });

  it('runs the whole journey: checkout, test page, pay, post-payment sign-up, signed in with the paid tier', async () => {
    const visitor = new TestClient(t.app);
    const created = await visitor.post('/api/stripe/create-checkout-session', {
      priceId: 'local_pro_yearly',
      successUrl: '/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: '/',
    });
    expect(created.statusCode).toBe(200);
    const url = created.json().url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/billing\/local-checkout\/cs_local_[a-f0-9]{32}$/);

    const page = await visitor.get(pathOf(url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('$479.88');
    expect(page.body).toContain('>Pay<');
    expect(page.body).toContain('>Cancel<');
    expect(page.body).not.toContain('<script');
    const sessionId = url.split('/').pop()!;
    expect(page.body).toContain(`action="/billing/local-checkout/${sessionId}/pay"`);

    // Before paying, the post-payment page cannot be completed.
    expect((await visitor.get(`/api/stripe/checkout-session/${sessionId}`)).json()).toMatchObject({ status: 'open', paid: false });

    const paid = await visitor.request({ method: 'POST', url: `/billing/local-checkout/${sessionId}/pay`, payload: 'email=New.Payer%40example.com', headers: FORM });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:3000/payment-success?session_id=${sessionId}`);

    const session = (await visitor.get(`/api/stripe/checkout-session/${sessionId}`)).json();
    expect(session).toEqual({
      id: sessionId,
      customerEmail: 'new.payer@example.com',
      priceId: 'local_pro_yearly',
      planId: 'pro-yearly',
      tier: 'pro',
      interval: 'yearly',
      status: 'complete',
      paid: true,
      accountLinked: false,
    });

    const body = newUserBody({ email: 'new.payer@example.com' });
    const registered = await visitor.post('/api/post-payment/register', { ...body, sessionId, subscriptionTier: 'premium' });
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ ok: true, requiresVerification: false, user: { subscriptionTier: 'pro', isPro: true, email: 'new.payer@example.com' } });
    const me = await visitor.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ username: body.username, subscriptionTier: 'pro', subscriptionEndsAt: null });

    const [revenue] = await t.database.db.select().from(revenueEvents).where(eq(revenueEvents.reference, sessionId));
    expect(revenue).toMatchObject({ provider: 'local', kind: 'payment', tier: 'pro', interval: 'yearly', amountCents: 47988, userId: me.json().user.id });

    // Paying the same page again changes nothing; registering again is refused.
    const again = await visitor.request({ method: 'POST', url: `/billing/local-checkout/${sessionId}/pay`, payload: 'email=x%40example.com', headers: FORM });
    expect(again.statusCode).toBe(303);
    const second = await new TestClient(t.app).post('/api/post-payment/register', { ...newUserBody(), sessionId, subscriptionTier: 'pro' });
    expect(second.statusCode).toBe(409);
  });

  it('cancel on the test page goes back to the cancel address and the session cannot be registered', async () => {
    const visitor = new TestClient(t.app);
    const url = (await visitor.post('/api/stripe/create-checkout-session', { priceId: 'local_starter_monthly' })).json().url as string;
    const sessionId = url.split('/').pop()!;
    const cancelled = await visitor.request({ method: 'POST', url: `/billing/local-checkout/${sessionId}/cancel`, payload: '', headers: FORM });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('http://localhost:3000/subscription');
    expect((await visitor.get(`/api/stripe/checkout-session/${sessionId}`)).json().status).toBe('expired');
    const refused = await visitor.post('/api/post-payment/register', { ...newUserBody(), sessionId, subscriptionTier: 'starter' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BILLING_MESSAGES.paymentUnverified);
  });

  it('refuses a form post from another site and an unknown session page', async () => {
    const visitor = new TestClient(t.app);
    const url = (await visitor.post('/api/stripe/create-checkout-session', { priceId: 'local_starter_monthly' })).json().url as string;
    const forged = await visitor.request({ method: 'POST', url: `${pathOf(url)}/pay`, payload: 'email=a%40example.com', headers: { ...FORM, origin: 'https://evil.example' } });
    expect(forged.statusCode).toBe(403);
    expect((await visitor.get(`/billing/local-checkout/cs_local_${'0'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('upgrades a signed-in user, cancels in the local portal with access kept to the period end, then ends it', async () => {
    const { client, user } = await signedInClient(t);
    expect((await client.post('/api/stripe/portal')).statusCode).toBe(404);
    const url = (await client.post('/api/stripe/create-checkout-session', { priceId: 'local_starter_monthly', customerEmail: null })).json().url as string;
    const page = await client.get(pathOf(url));
    expect(page.body).toContain(user.email);
    const paid = await client.request({ method: 'POST', url: `${pathOf(url)}/pay`, payload: '', headers: FORM });
    expect(paid.statusCode).toBe(303);
    expect((await client.get('/api/user')).json().user.subscriptionTier).toBe('starter');

    const portalUrl = (await client.post('/api/stripe/portal')).json().url as string;
    expect(portalUrl).toMatch(/^http:\/\/localhost:3000\/billing\/local-portal\//);
    const portal = await client.get(pathOf(portalUrl));
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toContain('Starter (monthly)');
    const action = /action="([^"]+\/cancel\/[^"]+)"/.exec(portal.body)![1]!;
    const cancelled = await client.request({ method: 'POST', url: action, payload: '', headers: FORM });
    expect(cancelled.statusCode).toBe(303);

    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    let row = await userRow(user.id);
    expect(row.subscriptionTier).toBe('starter');
    expect(row.subscriptionEndsAt?.getTime()).toBe(sub!.currentPeriodEnd!.getTime());
    expect((await client.get(pathOf(portalUrl))).body).toContain('Cancelled: access until');

    // Nothing changes before the end of the period; after it, the plan ends.
    expect(await localBillingAt(new Date(sub!.currentPeriodEnd!.getTime() - 60_000)).local.settle()).toBe(0);
    await localBillingAt(new Date(sub!.currentPeriodEnd!.getTime() + 60_000)).local.settle();
    row = await userRow(user.id);
    expect(row.subscriptionTier).toBe('free');
    expect(row.subscriptionEndsAt).toBeNull();
  });

  it('renews a local subscription that was not cancelled and records the payment', async () => {
    const { client, user } = await signedInClient(t);
    const url = (await client.post('/api/stripe/create-checkout-session', { priceId: 'local_pro_monthly' })).json().url as string;
    await client.request({ method: 'POST', url: `${pathOf(url)}/pay`, payload: '', headers: FORM });
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    await localBillingAt(new Date(sub!.currentPeriodEnd!.getTime() + 1000)).local.settle();
    const [renewed] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(renewed!.currentPeriodEnd!.getTime()).toBeGreaterThan(sub!.currentPeriodEnd!.getTime() + 27 * DAY_MS);
    expect((await userRow(user.id)).subscriptionTier).toBe('pro');
    const revenue = await t.database.db.select().from(revenueEvents).where(eq(revenueEvents.userId, user.id));
    expect(revenue.map((row) => row.amountCents)).toEqual([4999, 4999]);
  });

  it('changes the plan of the running subscription: a second checkout is refused, the proration is charged, the tier follows the event', async () => {
    const { client, user } = await signedInClient(t);
    const staleUrl = (await client.post('/api/stripe/create-checkout-session', { priceId: 'local_pro_yearly' })).json().url as string;
    const url = (await client.post('/api/stripe/create-checkout-session', { priceId: 'local_starter_monthly' })).json().url as string;
    await client.request({ method: 'POST', url: `${pathOf(url)}/pay`, payload: '', headers: FORM });
    const [first] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));

    const second = await client.post('/api/stripe/create-checkout-session', { priceId: 'local_pro_monthly' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(BILLING_MESSAGES.alreadySubscribed);
    // A checkout opened in another tab before subscribing cannot be paid any more.
    const stalePage = await client.request({ method: 'POST', url: `${pathOf(staleUrl)}/pay`, payload: '', headers: FORM });
    expect(stalePage.statusCode).toBe(409);
    expect(stalePage.body).toContain('You already have a subscription');

    // Half way through the month, Starter to Pro: half the difference is charged, the period stays.
    const halfway = new Date((first!.createdAt.getTime() + first!.currentPeriodEnd!.getTime()) / 2);
    const { billing } = localBillingAt(halfway);
    await billing.changePlan(await userRow(user.id), { priceId: 'local_pro_monthly' });
    let owned = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(owned.map((sub) => [sub.id, sub.tier, sub.priceId])).toEqual([[first!.id, 'pro', 'local_pro_monthly']]);
    expect(owned[0]!.currentPeriodEnd!.getTime()).toBe(first!.currentPeriodEnd!.getTime());
    expect((await userRow(user.id)).subscriptionTier).toBe('pro');
    const charges = () => t.database.db.select().from(revenueEvents).where(eq(revenueEvents.subscriptionId, first!.id));
    const proration = (await charges()).find((row) => row.reference !== first!.id && row.amountCents !== 2199);
    expect(proration).toMatchObject({ kind: 'payment', tier: 'pro', interval: 'monthly', userId: user.id });
    expect(Math.abs(proration!.amountCents - (4999 - 2199) / 2)).toBeLessThanOrEqual(50);

    // Monthly to yearly: a new yearly period from now, charged in full less the unused month.
    const changed = await client.post('/api/stripe/change-plan', { priceId: 'local_pro_yearly' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().planId).toBe('pro-yearly');
    owned = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({ tier: 'pro', interval: 'yearly', cancelAtPeriodEnd: false });
    expect(owned[0]!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 360 * DAY_MS);
    expect((await charges()).map((row) => row.amountCents)).toContain(47988 - 4999);

    // Down to Starter yearly: nothing charged, the tier follows.
    const before = (await charges()).length;
    expect((await client.post('/api/stripe/change-plan', { priceId: 'local_starter_yearly' })).statusCode).toBe(200);
    expect((await charges()).length).toBe(before);
    expect((await client.get('/api/user')).json().user.subscriptionTier).toBe('starter');
    expect((await client.get('/api/billing/subscription')).json().subscription).toMatchObject({ planId: 'starter-yearly', tier: 'starter', interval: 'yearly' });
  });

  it('a payer whose e-mail has an account signs in and adds the payment to it', async () => {
    const owner = await signedInClient(t);
    const visitor = new TestClient(t.app);
    const url = (await visitor.post('/api/stripe/create-checkout-session', { priceId: 'local_pro_monthly' })).json().url as string;
    const sessionId = url.split('/').pop()!;
    await visitor.request({ method: 'POST', url: `${pathOf(url)}/pay`, payload: `email=${encodeURIComponent(owner.body.email)}`, headers: FORM });

    const refused = await visitor.post('/api/post-payment/register', { ...newUserBody({ email: owner.body.email }), sessionId, subscriptionTier: 'pro' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILLING_MESSAGES.emailHasAccount);

    const attached = await owner.client.post('/api/post-payment/attach', { sessionId });
    expect(attached.statusCode).toBe(200);
    expect((await owner.client.get('/api/user')).json().user.subscriptionTier).toBe('pro');
    expect((await owner.client.get(`/api/stripe/checkout-session/${sessionId}`)).json().accountLinked).toBe(true);
  });

  it('a portal link with a forged signature shows nothing', async () => {
    const { user } = await signedInClient(t);
    const response = await new TestClient(t.app).get(`/billing/local-portal/${user.id}.9999999999.forged`);
    expect(response.statusCode).toBe(404);
  });
});

describe('the free trial', () => {
  it('starts 28 days from sign-up, and starting again changes nothing', async () => {
    const { client, user } = await signedInClient(t);
    const first = await client.post('/api/stripe/start-free-trial');
    expect(first.statusCode).toBe(200);
    const createdAt = (await userRow(user.id)).createdAt.getTime();
    expect(new Date(first.json().trialEndsAt).getTime()).toBe(createdAt + 28 * DAY_MS);
    const second = await client.post('/api/stripe/start-free-trial');
    expect(second.json().trialEndsAt).toBe(first.json().trialEndsAt);
    expect((await client.get('/api/user')).json().user.trialEndsAt).toBe(first.json().trialEndsAt);
    expect((await new TestClient(t.app).post('/api/stripe/start-free-trial')).statusCode).toBe(401);
  });

  it('extends by 7 days once at a streak of 14 days, and says why otherwise', async () => {
    const { client, user } = await signedInClient(t);
    const short = await client.post('/api/stripe/extend-trial');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('A logging streak of 14 days earns 7 extra trial days; your streak is 0 days.');

    const supplementId = (await client.post('/api/supplements', { name: 'Magnesium', dosage: '200 mg', frequency: '1x daily' })).json().id;
    const now = Date.now();
    const logs = Array.from({ length: 14 }, (_, day) => ({ supplementId, takenAt: new Date(now - day * DAY_MS - 60_000).toISOString() }));
    expect((await client.post('/api/supplement-logs', { logs })).statusCode).toBe(200);
    expect((await client.get('/api/supplement-streak')).json().currentStreak).toBeGreaterThanOrEqual(14);

    const before = (await userRow(user.id)).createdAt.getTime() + 28 * DAY_MS;
    const extended = await client.post('/api/stripe/extend-trial');
    expect(extended.statusCode).toBe(200);
    expect(extended.json().message).toBe('Your trial has been extended by 7 days!');
    expect(new Date(extended.json().trialEndsAt).getTime()).toBe(before + 7 * DAY_MS);

    const twice = await client.post('/api/stripe/extend-trial');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(BILLING_MESSAGES.trialAlreadyExtended);
    expect(new Date((await client.get('/api/user')).json().user.trialEndsAt).getTime()).toBe(before + 7 * DAY_MS);
  });

  it('is not for paid plans', async () => {
    const { client, user } = await signedInClient(t);
    await t.database.db.update(users).set({ subscriptionTier: 'starter' }).where(eq(users.id, user.id));
    expect((await client.post('/api/stripe/extend-trial')).json().message).toBe(BILLING_MESSAGES.trialExtendNotFree);
    expect((await client.post('/api/stripe/start-free-trial')).statusCode).toBe(409);
  });

  it('once over, new logs answer 403 TRIAL_EXPIRED while reading and upgrading still work', async () => {
    const { client, user } = await signedInClient(t);
    const supplementId = (await client.post('/api/supplements', { name: 'Zinc', dosage: '50 mg', frequency: '1x daily' })).json().id;
    // Signed up 29 days ago: the trial that began at sign-up is over.
    const signedUp = Date.now() - (DEFAULT_PLAN_CATALOGUE.trialDays + 1) * DAY_MS;
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(signedUp), trialEndsAt: new Date(signedUp + DEFAULT_PLAN_CATALOGUE.trialDays * DAY_MS) })
      .where(eq(users.id, user.id));

    const log = await client.post('/api/supplement-logs', { logs: [{ supplementId, takenAt: new Date().toISOString() }] });
    expect(log.statusCode).toBe(403);
    expect(log.json()).toMatchObject({ code: 'TRIAL_EXPIRED', message: MESSAGES.trialExpired });
    const effects = await client.post('/api/effects', { energy: 3, mood: 3, sleep: 3 });
    expect(effects.statusCode).toBe(403);
    expect(effects.json().code).toBe('TRIAL_EXPIRED');

    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await client.get('/api/supplements')).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect((await client.get(`/api/supplement-logs/${today}`)).statusCode).toBe(200);
    expect((await client.post('/api/stripe/create-checkout-session', { priceId: 'local_starter_monthly' })).statusCode).toBe(200);
  });
});

describe('who sees a checkout', () => {
  it('shows a checkout opened signed in to that user only', async () => {
    const ada = await signedInClient(t);
    const bob = await signedInClient(t);
    const url = (await ada.client.post('/api/stripe/create-checkout-session', { priceId: 'local_starter_monthly' })).json().url as string;
    const sessionId = url.split('/').pop()!;
    const path = `/api/stripe/checkout-session/${sessionId}`;
    expect((await ada.client.get(path)).json()).toMatchObject({ id: sessionId, customerEmail: ada.user.email, status: 'open' });
    for (const stranger of [bob.client, new TestClient(t.app)]) {
      const response = await stranger.get(path);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(ada.user.email);
    }
  });

  it('shows a checkout made signed out by its id until an account claims it, then to that account only', async () => {
    const visitor = new TestClient(t.app);
    const body = newUserBody();
    const url = (await visitor.post('/api/stripe/create-checkout-session', { priceId: 'local_pro_monthly', customerEmail: body.email })).json().url as string;
    const sessionId = url.split('/').pop()!;
    const path = `/api/stripe/checkout-session/${sessionId}`;
    expect((await new TestClient(t.app).get(path)).statusCode).toBe(200);
    expect((await visitor.request({ method: 'POST', url: `${pathOf(url)}/pay`, payload: '', headers: FORM })).statusCode).toBe(303);
    const registered = await visitor.post('/api/post-payment/register', { ...body, sessionId, subscriptionTier: 'pro' });
    expect(registered.statusCode, registered.body).toBe(200);
    expect((await visitor.get(path)).json()).toMatchObject({ paid: true, accountLinked: true });
    expect((await new TestClient(t.app).get(path)).statusCode).toBe(404);
  });
});

describe('production without a payment provider', () => {
  it('sells no plan, says why, and keeps the test checkout closed unless PAYMENTS=local', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const { client } = await signedInClient(production);
      expect((await client.get('/api/billing/config')).json()).toEqual({ provider: 'none', priceIds: {}, paymentLinks: {} });
      expect((await client.get('/api/plans')).json().priceIds).toEqual({});
      const refused = await client.post('/api/stripe/create-checkout-session', { priceId: 'local_pro_monthly' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(BILLING_MESSAGES.paymentsNotConfigured);
      expect((await client.get(`/billing/local-checkout/cs_local_${'0'.repeat(32)}`)).statusCode).toBe(404);
    } finally {
      await production.close();
    }

    const demo = await createTestApp({ NODE_ENV: 'production', PAYMENTS: 'local' });
    try {
      const { client } = await signedInClient(demo);
      expect((await client.get('/api/billing/config')).json().provider).toBe('local');
      expect((await client.post('/api/stripe/create-checkout-session', { priceId: 'local_pro_monthly' })).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
