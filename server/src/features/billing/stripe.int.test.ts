import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '#contract/billing.ts';
import { billingEvents, checkoutSessions, revenueEvents, subscriptions, users } from '#server/db/schema/index.ts';
import { type TestApp, TestClient, createTestApp, newUserBody, signedInClient } from '#server/testing/test-app.ts';
import { FakeStripe, PRICES, nowSeconds } from './stripe-fake.ts';

let t: TestApp;
const stripe = new FakeStripe();

beforeAll(async () => {
  await stripe.start();
  t = await createTestApp(stripe.env());
});
afterAll(async () => {
  await t.close();
  await stripe.stop();
});

/** Stripe's delivery: no Origin, no cookie, the raw JSON and its signature header. */
async function deliver(delivery: { payload: string; signature: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: delivery.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
  });
}

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function revenueOf(subscriptionId: string) {
  return t.database.db.select().from(revenueEvents).where(eq(revenueEvents.subscriptionId, subscriptionId));
}

/** A visitor starts a checkout on the landing page and pays on Stripe. */
async function paidSignedOutCheckout(priceId: string = PRICES['starter-monthly'], email = `payer${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const visitor = new TestClient(t.app);
  const response = await visitor.post('/api/stripe/create-checkout-session', { priceId, customerEmail: email });
  expect(response.statusCode).toBe(200);
  const sessionId = response.json().url.split('/').pop() as string;
  const subscription = stripe.pay(sessionId, email);
  return { visitor, sessionId, subscription, email };
}

function register(client: TestClient, sessionId: string, overrides: Record<string, unknown> = {}) {
  const body = newUserBody();
  return client.post('/api/post-payment/register', { ...body, confirmPassword: body.password, sessionId, subscriptionTier: 'core', ...overrides });
}

describe('checkout with Stripe', () => {
  it('creates a Stripe checkout session signed out, with our return addresses and the price', async () => {
    const visitor = new TestClient(t.app);
    const response = await visitor.post('/api/stripe/create-checkout-session', {
      priceId: PRICES['pro-yearly'],
      successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: '/subscription',
      customerEmail: 'Someone@Example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = stripe.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.params;
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('line_items[0][price]')).toBe(PRICES['pro-yearly']);
    expect(sent.get('success_url')).toBe('http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}');
    expect(sent.get('cancel_url')).toBe('http://localhost:3000/subscription');
    expect(sent.get('customer_email')).toBe('someone@example.com');
  });

  it('refuses an unknown price and return addresses on other sites', async () => {
    const visitor = new TestClient(t.app);
    const unknown = await visitor.post('/api/stripe/create-checkout-session', { priceId: 'price_nobody_sells' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Invalid plan type selected');
    for (const successUrl of ['https://evil.example/steal', '//evil.example/x', 'javascript:alert(1)']) {
      const foreign = await visitor.post('/api/stripe/create-checkout-session', { priceId: PRICES['starter-monthly'], successUrl });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe(BILLING_MESSAGES.foreignReturnUrl);
    }
  });

  it('lists the configured price ids on GET /api/plans and the fallback links on GET /api/billing/config', async () => {
    const plans = (await new TestClient(t.app).get('/api/plans')).json();
    expect(plans.priceIds).toEqual(PRICES);
    const config = (await new TestClient(t.app).get('/api/billing/config')).json();
    expect(config).toEqual({ provider: 'stripe', priceIds: PRICES, paymentLinks: { 'pro-monthly': 'https://buy.stripe.com/test_pro_monthly' } });
  });
});

describe('Stripe webhooks', () => {
  it('applies a good event: the paid session shows on the post-payment page and the revenue is recorded once', async () => {
    const { visitor, sessionId, subscription, email } = await paidSignedOutCheckout(PRICES['starter-yearly']);
    const session = stripe.sessions.get(sessionId)!;
    const response = await deliver(stripe.event('checkout.session.completed', { ...session, line_items: undefined }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });

    const shown = (await visitor.get(`/api/stripe/checkout-session/${sessionId}`)).json();
    expect(shown).toMatchObject({ customerEmail: email, priceId: PRICES['starter-yearly'], tier: 'starter', interval: 'yearly', status: 'complete', paid: true, accountLinked: false });
    const revenue = await revenueOf(subscription.id);
    expect(revenue).toHaveLength(1);
    expect(revenue[0]).toMatchObject({ kind: 'payment', tier: 'starter', interval: 'yearly', amountCents: 18471, currency: 'USD' });
  });

  it('refuses a bad signature and applies nothing', async () => {
    const { sessionId } = await paidSignedOutCheckout();
    const forged = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), { secret: 'whsec_someone_else' });
    const response = await deliver(forged);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(BILLING_MESSAGES.webhookSignature);
    const tampered = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    expect((await deliver({ payload: tampered.payload.replace('"paid"', '"unpaid"'), signature: tampered.signature })).statusCode).toBe(400);
    expect((await deliver({ payload: tampered.payload, signature: '' })).statusCode).toBe(400);
    const eventId = JSON.parse(tampered.payload).id as string;
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, eventId))).toHaveLength(0);
    const [row] = await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(row!.paid).toBe(false);
  });

  it('refuses an event signed outside the 300-second replay window', async () => {
    const { sessionId } = await paidSignedOutCheckout();
    const stale = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), { timestamp: nowSeconds() - 301 });
    expect((await deliver(stale)).statusCode).toBe(400);
    const recent = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId), { timestamp: nowSeconds() - 200 });
    expect((await deliver(recent)).statusCode).toBe(200);
  });

  it('applies the same event once when Stripe delivers it twice', async () => {
    const { sessionId, subscription } = await paidSignedOutCheckout();
    const delivery = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    expect((await deliver(delivery)).json()).toEqual({ received: true });
    expect((await deliver(delivery)).json()).toEqual({ received: true, duplicate: true });
    expect(await revenueOf(subscription.id)).toHaveLength(1);
  });

  it('needs no Origin and ignores a foreign one (Stripe calls from its own servers)', async () => {
    const { sessionId } = await paidSignedOutCheckout();
    const delivery = stripe.event('checkout.session.completed', stripe.sessions.get(sessionId));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: delivery.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature, origin: 'https://stripe.com' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('ignores event types it does not handle, but acknowledges them', async () => {
    const response = await deliver(stripe.event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(response.statusCode).toBe(200);
  });
});

describe('post-payment registration', () => {
  it('creates the account, signs it in and gives it the tier of the price paid (not the one in the body)', async () => {
    const { sessionId } = await paidSignedOutCheckout(PRICES['pro-monthly']);
    await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    const client = new TestClient(t.app);
    const response = await register(client, sessionId, { subscriptionTier: 'core' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, requiresVerification: false, user: { subscriptionTier: 'pro', isPro: true } });
    expect(client.sessionCookie).toBeDefined();
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.subscriptionTier).toBe('pro');
    expect((await client.get(`/api/stripe/checkout-session/${sessionId}`)).json().accountLinked).toBe(true);
  });

  it('refuses a session already used for an account (409), and does not create a second account', async () => {
    const { sessionId } = await paidSignedOutCheckout();
    await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    expect((await register(new TestClient(t.app), sessionId)).statusCode).toBe(200);
    const second = await register(new TestClient(t.app), sessionId);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(BILLING_MESSAGES.paymentAlreadyUsed);
  });

  it('refuses an unpaid or unknown session, and lets the payment be used again after a failed sign-up', async () => {
    const visitor = new TestClient(t.app);
    const open = (await visitor.post('/api/stripe/create-checkout-session', { priceId: PRICES['starter-monthly'] })).json().url.split('/').pop();
    const unpaid = await register(visitor, open);
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().message).toBe(BILLING_MESSAGES.paymentUnverified);
    expect((await register(visitor, 'cs_test_doesnotexist')).statusCode).toBe(400);

    const { sessionId } = await paidSignedOutCheckout();
    const taken = (await signedInClient(t)).body.username;
    expect((await register(visitor, sessionId, { username: taken })).statusCode).toBe(409);
    const mismatch = await register(visitor, sessionId, { confirmPassword: 'something else entirely' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(BILLING_MESSAGES.passwordsDoNotMatch);
    expect((await register(visitor, sessionId)).statusCode).toBe(200);
  });

  it('a payer whose e-mail already has an account is told to sign in, and once signed in adds the payment to it', async () => {
    const owner = await signedInClient(t);
    const visitor = new TestClient(t.app);
    const { sessionId, subscription } = await paidSignedOutCheckout(PRICES['starter-yearly'], owner.body.email.toUpperCase());
    await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));

    const refused = await register(visitor, sessionId, { email: owner.body.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILLING_MESSAGES.emailHasAccount);
    expect(refused.json().details).toEqual([{ field: 'email', message: BILLING_MESSAGES.emailHasAccount }]);
    expect((await visitor.get(`/api/stripe/checkout-session/${sessionId}`)).json().accountLinked).toBe(false);

    // Signed out, or signed in as someone else, the payment cannot be taken.
    expect((await visitor.post('/api/post-payment/attach', { sessionId })).statusCode).toBe(401);
    const stranger = await signedInClient(t);
    const wrongAccount = await stranger.client.post('/api/post-payment/attach', { sessionId });
    expect(wrongAccount.statusCode).toBe(409);
    expect(wrongAccount.json().message).toBe(BILLING_MESSAGES.paymentOtherEmail.replace('{email}', owner.body.email.toLowerCase()));
    expect((await userRow(stranger.user.id)).subscriptionTier).toBe('free');

    const attached = await owner.client.post('/api/post-payment/attach', { sessionId });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().message).toBe(BILLING_MESSAGES.paymentAttached);
    expect((await owner.client.get('/api/user')).json().user.subscriptionTier).toBe('starter');
    expect((await owner.client.get('/api/billing/subscription')).json().subscription).toMatchObject({ planId: 'starter-yearly', status: 'active' });
    const [revenue] = await revenueOf(subscription.id);
    expect(revenue!.userId).toBe(owner.user.id);
    // Attaching again changes nothing; the payment cannot make an account any more.
    expect((await owner.client.post('/api/post-payment/attach', { sessionId })).statusCode).toBe(200);
    expect((await register(new TestClient(t.app), sessionId)).json().message).toBe(BILLING_MESSAGES.paymentAlreadyUsed);
    expect((await stranger.client.post('/api/post-payment/attach', { sessionId })).json().message).toBe(BILLING_MESSAGES.paymentAlreadyUsed);
  });

  it('does not attach an unpaid session', async () => {
    const { client, body } = await signedInClient(t);
    const open = (await new TestClient(t.app).post('/api/stripe/create-checkout-session', { priceId: PRICES['starter-monthly'], customerEmail: body.email })).json().url.split('/').pop();
    const refused = await client.post('/api/post-payment/attach', { sessionId: open });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BILLING_MESSAGES.paymentUnverified);
  });

  it('when the webhook comes after registration, the tier is applied when it arrives', async () => {
    const { sessionId } = await paidSignedOutCheckout(PRICES['starter-monthly']);
    const client = new TestClient(t.app);
    const response = await register(client, sessionId, { subscriptionTier: 'starter' });
    expect(response.statusCode).toBe(200);
    // The browser's return proves nothing: no tier until Stripe says so.
    expect(response.json().user.subscriptionTier).toBe('free');
    await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    expect((await client.get('/api/user')).json().user.subscriptionTier).toBe('starter');
  });
});

describe('subscription changes from Stripe', () => {
  /** A signed-in user upgrades: checkout attached to the account, paid, and the completion delivered. */
  async function upgradedUser(priceId: string = PRICES['pro-monthly']) {
    const { client, user } = await signedInClient(t);
    const response = await client.post('/api/stripe/create-checkout-session', { priceId, customerEmail: null });
    expect(response.statusCode).toBe(200);
    const sessionId = response.json().url.split('/').pop() as string;
    const sent = stripe.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.params;
    expect(sent.get('client_reference_id')).toBe(user.id);
    expect(sent.get('customer_email')).toBe(user.email);
    const subscription = stripe.pay(sessionId);
    await deliver(stripe.event('checkout.session.completed', stripe.sessions.get(sessionId)));
    return { client, user, subscription };
  }

  it('upgrades a signed-in user, and refuses a second checkout for the same plan', async () => {
    const { client, user } = await upgradedUser(PRICES['pro-monthly']);
    expect((await userRow(user.id)).subscriptionTier).toBe('pro');
    const again = await client.post('/api/stripe/create-checkout-session', { priceId: PRICES['pro-monthly'] });
    expect(again.statusCode).toBe(409);
  });

  it('changes Starter to Pro on the same subscription, prorated; the tier follows the webhook, and a second checkout is refused', async () => {
    const { client, user, subscription } = await upgradedUser(PRICES['starter-monthly']);
    const checkoutsBefore = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').length;
    const second = await client.post('/api/stripe/create-checkout-session', { priceId: PRICES['pro-monthly'] });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(BILLING_MESSAGES.alreadySubscribed);
    expect(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(checkoutsBefore);

    const changed = await client.post('/api/stripe/change-plan', { priceId: PRICES['pro-monthly'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true, message: BILLING_MESSAGES.planChangeStarted, planId: 'pro-monthly' });
    const update = stripe.requests.findLast((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription.id}`)!.params;
    expect(update.get('items[0][id]')).toBe(subscription.items.data[0]!.id);
    expect(update.get('items[0][price]')).toBe(PRICES['pro-monthly']);
    expect(update.get('proration_behavior')).toBe('always_invoice');
    expect(stripe.subscriptions.get(subscription.id)!.items.data[0]!.price.id).toBe(PRICES['pro-monthly']);
    // Not before Stripe says so.
    expect((await userRow(user.id)).subscriptionTier).toBe('starter');

    await deliver(stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)));
    expect((await userRow(user.id)).subscriptionTier).toBe('pro');
    const owned = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(owned.map((sub) => [sub.id, sub.tier, sub.interval])).toEqual([[subscription.id, 'pro', 'monthly']]);
    expect((await client.get('/api/billing/subscription')).json().subscription).toMatchObject({ planId: 'pro-monthly', tier: 'pro', cancelAtPeriodEnd: false });

    // The prorated invoice is revenue of the new tier.
    await deliver(stripe.event('invoice.paid', stripe.invoice(subscription.id, { amount_paid: 1400, billing_reason: 'subscription_update' })));
    expect((await revenueOf(subscription.id)).find((row) => row.amountCents === 1400)).toMatchObject({ kind: 'payment', tier: 'pro', userId: user.id });
  });

  it('switches monthly to yearly and withdraws a scheduled cancellation', async () => {
    const { client, user, subscription } = await upgradedUser(PRICES['starter-monthly']);
    stripe.update(subscription.id, { cancel_at_period_end: true });
    await deliver(stripe.event('customer.subscription.updated', subscription));
    expect((await userRow(user.id)).subscriptionEndsAt).not.toBeNull();

    expect((await client.post('/api/stripe/change-plan', { priceId: PRICES['starter-yearly'] })).statusCode).toBe(200);
    const update = stripe.requests.findLast((request) => request.method === 'POST' && request.path === `/v1/subscriptions/${subscription.id}`)!.params;
    expect(update.get('cancel_at_period_end')).toBe('false');
    await deliver(stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscription.id)));
    const row = await userRow(user.id);
    expect(row.subscriptionTier).toBe('starter');
    expect(row.subscriptionEndsAt).toBeNull();
    expect((await client.get('/api/billing/subscription')).json().subscription).toMatchObject({ planId: 'starter-yearly', interval: 'yearly' });
  });

  it('refuses a plan change without a subscription, to the current plan or to an unknown price, and when Stripe fails', async () => {
    const { client } = await signedInClient(t);
    const none = await client.post('/api/stripe/change-plan', { priceId: PRICES['pro-monthly'] });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(BILLING_MESSAGES.noPlanToChange);
    expect((await client.get('/api/billing/subscription')).json()).toEqual({ subscription: null });

    const subscriber = await upgradedUser(PRICES['pro-monthly']);
    const same = await subscriber.client.post('/api/stripe/change-plan', { priceId: PRICES['pro-monthly'] });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(BILLING_MESSAGES.alreadyOnPlan);
    expect((await subscriber.client.post('/api/stripe/change-plan', { priceId: 'price_nobody_sells' })).statusCode).toBe(400);

    stripe.failing = true;
    try {
      const down = await subscriber.client.post('/api/stripe/change-plan', { priceId: PRICES['starter-monthly'] });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(BILLING_MESSAGES.planChangeFailed);
    } finally {
      stripe.failing = false;
    }
    expect(stripe.subscriptions.get(subscriber.subscription.id)!.items.data[0]!.price.id).toBe(PRICES['pro-monthly']);
    expect((await userRow(subscriber.user.id)).subscriptionTier).toBe('pro');
  });

  it('keeps a cancelled plan to the end of the period, then returns the user to free', async () => {
    const { user, subscription } = await upgradedUser(PRICES['starter-monthly']);
    const periodEnd = subscription.items.data[0]!.current_period_end;
    stripe.update(subscription.id, { cancel_at_period_end: true });
    await deliver(stripe.event('customer.subscription.updated', subscription));
    let row = await userRow(user.id);
    expect(row.subscriptionTier).toBe('starter');
    expect(row.subscriptionEndsAt?.getTime()).toBe(periodEnd * 1000);

    stripe.update(subscription.id, { status: 'canceled', ended_at: periodEnd });
    await deliver(stripe.event('customer.subscription.deleted', subscription));
    row = await userRow(user.id);
    expect(row.subscriptionTier).toBe('free');
    expect(row.subscriptionEndsAt).toBeNull();
  });

  it('resolves events out of order with the subscription read back from Stripe', async () => {
    const { user, subscription } = await upgradedUser(PRICES['pro-yearly']);
    const created = nowSeconds();
    const oldState = structuredClone(subscription);
    stripe.update(subscription.id, { cancel_at_period_end: true });
    // The newer "cancelling" event arrives first, then the older "created" one.
    await deliver(stripe.event('customer.subscription.updated', structuredClone(subscription), { created: created + 5 }));
    await deliver(stripe.event('customer.subscription.created', oldState, { created }));
    const row = await userRow(user.id);
    expect(row.subscriptionTier).toBe('pro');
    expect(row.subscriptionEndsAt?.getTime()).toBe(subscription.items.data[0]!.current_period_end * 1000);
  });

  it('ignores an event older than the last one applied when Stripe cannot be asked', async () => {
    const { user, subscription } = await upgradedUser(PRICES['starter-yearly']);
    const later = nowSeconds() + 60;
    await deliver(stripe.event('customer.subscription.updated', structuredClone(subscription), { created: later }));
    stripe.subscriptions.delete(subscription.id);
    const outdated = { ...structuredClone(subscription), status: 'canceled', ended_at: later - 30 };
    await deliver(stripe.event('customer.subscription.deleted', outdated, { created: later - 30 }));
    expect((await userRow(user.id)).subscriptionTier).toBe('starter');
  });

  it('records a failed payment, keeps access while Stripe retries, and ends it when Stripe gives up', async () => {
    const { user, subscription } = await upgradedUser(PRICES['starter-monthly']);
    stripe.update(subscription.id, { status: 'past_due' });
    const invoice = stripe.invoice(subscription.id);
    const delivery = stripe.event('invoice.payment_failed', invoice);
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect((await deliver(delivery)).json().duplicate).toBe(true);
    expect((await userRow(user.id)).subscriptionTier).toBe('starter');
    const failed = (await revenueOf(subscription.id)).filter((row) => row.kind === 'payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ userId: user.id, tier: 'starter', interval: 'monthly', amountCents: 2199 });

    stripe.update(subscription.id, { status: 'canceled', ended_at: nowSeconds() });
    await deliver(stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subscription.id)));
    expect((await userRow(user.id)).subscriptionTier).toBe('free');
  });

  it('records a renewal payment with its amount, tier and interval', async () => {
    const { user, subscription } = await upgradedUser(PRICES['pro-monthly']);
    await deliver(stripe.event('invoice.paid', stripe.invoice(subscription.id, { amount_paid: 4999, amount_due: 4999 })));
    const payments = (await revenueOf(subscription.id)).filter((row) => row.kind === 'payment');
    expect(payments.map((row) => row.amountCents)).toEqual([4999, 4999]);
    expect(payments.every((row) => row.userId === user.id && row.tier === 'pro' && row.interval === 'monthly')).toBe(true);
  });

  it("links to Stripe's billing portal for the user's customer", async () => {
    const { client, subscription } = await upgradedUser(PRICES['starter-monthly']);
    const response = await client.post('/api/stripe/portal');
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBe(`https://billing.stripe.test/p/session/${subscription.customer}`);
    const stranger = (await signedInClient(t)).client;
    expect((await stranger.post('/api/stripe/portal')).statusCode).toBe(404);
  });
});
