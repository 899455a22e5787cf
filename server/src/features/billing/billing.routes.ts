import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BILLING_MESSAGES, billingEndpoints, webhookResultSchema } from '#contract/billing.ts';
import { errorResponseSchema } from '#contract/errors.ts';
import { clientOf } from '#server/features/auth/auth.routes.ts';
import type { AuthService } from '#server/features/auth/auth.service.ts';
import type { SessionService } from '#server/features/auth/sessions.service.ts';
import { AppError } from '#server/http/app-error.ts';
import type { SessionCookie } from '#server/http/session-cookie.ts';
import type { ZodRoutes } from '#server/http/zod-routes.ts';
import type { BillingService } from './billing.service.ts';
import type { LocalCheckoutService } from './local-checkout.service.ts';
import { renderLocalCheckout, renderLocalError, renderLocalPortal } from './local-pages.ts';
import type { StripeProvider } from './stripe.provider.ts';

type Dependencies = {
  billing: BillingService;
  auth: AuthService;
  sessions: SessionService;
  cookie: SessionCookie;
  /** Set when Stripe is the provider: it verifies webhooks. */
  stripe: StripeProvider | undefined;
  /** Set when the local provider is: its test payment page and portal. */
  localCheckout: LocalCheckoutService | undefined;
};

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
};

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export async function billingRoutes(app: FastifyInstance, deps: Dependencies): Promise<void> {
  const { billing, localCheckout } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(billingEndpoints.config.path, {
    config: { access: 'public' },
    schema: { tags: ['billing'], summary: 'The payment provider, price ids and fallback payment links', response: { 200: billingEndpoints.config.response } },
  }, async () => billing.publicConfig());

  r.post(billingEndpoints.createCheckout.path, {
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary: 'Starts a checkout for a price; signed out (pay first, then create the account) or signed in (upgrade)',
      body: billingEndpoints.createCheckout.body,
      response: { 200: billingEndpoints.createCheckout.response, ...errors },
    },
  }, async (request) => billing.createCheckout(request.body, request.auth?.user));

  r.post(billingEndpoints.changePlan.path, {
    config: { access: 'user' },
    schema: {
      tags: ['billing'],
      summary: "Moves a subscriber's subscription to another price, prorated; the tier follows the provider's event",
      body: billingEndpoints.changePlan.body,
      response: { 200: billingEndpoints.changePlan.response, ...errors },
    },
  }, async (request) => billing.changePlan(request.auth!.user, request.body));

  r.get(billingEndpoints.subscription.path, {
    config: { access: 'user' },
    schema: { tags: ['billing'], summary: "The user's running subscription: plan, status, period end", response: { 200: billingEndpoints.subscription.response, ...errors } },
  }, async (request) => billing.describeSubscription(request.auth!.user));

  r.get(billingEndpoints.checkoutSession.path, {
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary: 'The payment behind a checkout return, for the post-payment page',
      params: billingEndpoints.checkoutSession.params,
      response: { 200: billingEndpoints.checkoutSession.response, ...errors },
    },
  }, async (request) => billing.describeCheckout(request.params.sessionId, request.auth?.user));

  r.post(billingEndpoints.startFreeTrial.path, {
    config: { access: 'user' },
    schema: { tags: ['billing'], summary: 'Starts the free trial (28 days from sign-up); calling again changes nothing', response: { 200: billingEndpoints.startFreeTrial.response, ...errors } },
  }, async (request) => billing.startFreeTrial(request.auth!.user));

  r.post(billingEndpoints.extendTrial.path, {
    config: { access: 'user' },
    schema: { tags: ['billing'], summary: 'Adds 7 trial days once, at a logging streak of 14 days or more', response: { 200: billingEndpoints.extendTrial.response, ...errors } },
  }, async (request) => billing.extendTrial(request.auth!.user));

  r.post(billingEndpoints.portal.path, {
    config: { access: 'user' },
    schema: { tags: ['billing'], summary: "A link to the provider's billing portal (change card, cancel)", response: { 200: billingEndpoints.portal.response, ...errors } },
  }, async (request) => billing.createPortal(request.auth!.user));

  postPaymentRoutes(r, deps);
  await app.register(stripeWebhook, deps);
  if (localCheckout) await app.register(localPages, { local: localCheckout });
}

/** A payment made signed out: the account it creates, or the signed-in account it joins. */
function postPaymentRoutes(r: ZodRoutes, { billing, auth, sessions, cookie }: Dependencies): void {
  r.post(billingEndpoints.registerAfterPayment.path, {
    config: { access: 'public' },
    schema: {
      tags: ['billing'],
      summary: 'Creates the account for a payment made signed out, and signs it in',
      body: billingEndpoints.registerAfterPayment.body,
      response: { 200: billingEndpoints.registerAfterPayment.response, ...errors },
    },
  }, async (request, reply) => {
    const { user, signedIn } = await billing.registerAfterPayment(request.body, clientOf(request));
    if (!signedIn) {
      return { ok: true, message: 'Please check your email to verify your account.', user: null, requiresVerification: true };
    }
    const previous = cookie.read(request);
    if (previous) await sessions.end(previous);
    cookie.set(reply, signedIn.token, signedIn.expiresAt);
    return { ok: true, message: 'Your account has been created successfully!', user: await auth.toUserDto(user), requiresVerification: false };
  });

  r.post(billingEndpoints.attachPayment.path, {
    config: { access: 'user' },
    schema: {
      tags: ['billing'],
      summary: 'Adds a payment made signed out to the signed-in account, when it was made with that account\'s e-mail',
      body: billingEndpoints.attachPayment.body,
      response: { 200: billingEndpoints.attachPayment.response, ...errors },
    },
  }, async (request) => billing.attachPayment(request.auth!.user, request.body.sessionId));
}

/** Stripe's webhooks: the raw bytes are needed to check the signature, so this route, alone, keeps the body as a Buffer. */
async function stripeWebhook(child: FastifyInstance, { billing, stripe }: Dependencies): Promise<void> {
  child.removeAllContentTypeParsers();
  child.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  child.withTypeProvider<ZodTypeProvider>().post('/api/stripe/webhook', {
    config: { access: 'public', allowCrossOrigin: true },
    bodyLimit: WEBHOOK_BODY_LIMIT,
    schema: { tags: ['billing'], summary: "Stripe's signed webhook events", response: { 200: webhookResultSchema, 400: errorResponseSchema, 404: errorResponseSchema } },
  }, async (request) => {
    if (!stripe) throw AppError.notFound(BILLING_MESSAGES.webhooksNotConfigured);
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const event = stripe.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
    const { duplicate } = await billing.applyEvent(event);
    request.log.info({ eventId: event.id, type: event.type, duplicate }, 'billing event');
    return { received: true as const, ...(duplicate ? { duplicate } : {}) };
  });
}

/** The local provider's checkout and portal pages (no Stripe key configured). */
async function localPages(app: FastifyInstance, { local }: { local: LocalCheckoutService }): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idParams = z.object({ id: z.string().regex(/^cs_local_[a-f0-9]{32}$/) });
  const tokenParams = z.object({ token: z.string().min(1).max(300) });
  const formBody = z.object({ email: z.string().max(254).optional() }).passthrough().optional();

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  const guard = async (reply: FastifyReply, work: () => Promise<unknown>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return html(reply, renderLocalError(error.message), error.statusCode);
      throw error;
    }
  };

  r.get('/billing/local-checkout/:id', { config: { access: 'public' }, schema: { hide: true, params: idParams } }, async (request, reply) =>
    guard(reply, async () => {
      const { row, planLabel, price } = await local.checkout(request.params.id);
      return html(reply, renderLocalCheckout({ sessionId: row.id, planLabel, price, customerEmail: row.customerEmail, status: row.status }));
    }),
  );

  r.post('/billing/local-checkout/:id/pay', { config: { access: 'public' }, schema: { hide: true, params: idParams, body: formBody } }, async (request, reply) =>
    guard(reply, async () => {
      const email = request.body?.email?.trim().toLowerCase();
      return reply.redirect(await local.pay(request.params.id, email || undefined), 303);
    }),
  );

  r.post('/billing/local-checkout/:id/cancel', { config: { access: 'public' }, schema: { hide: true, params: idParams, body: formBody } }, async (request, reply) =>
    guard(reply, async () => reply.redirect(await local.cancel(request.params.id), 303)),
  );

  r.get('/billing/local-portal/:token', { config: { access: 'public' }, schema: { hide: true, params: tokenParams } }, async (request, reply) =>
    guard(reply, async () => {
      const portal = await local.portal(request.params.token);
      return html(reply, renderLocalPortal({ token: request.params.token, returnUrl: portal.returnUrl, subscriptions: portal.subscriptions }));
    }),
  );

  r.post(
    '/billing/local-portal/:token/cancel/:subscriptionId',
    { config: { access: 'public' }, schema: { hide: true, params: tokenParams.extend({ subscriptionId: z.string().regex(/^sub_local_[a-f0-9]{32}$/) }), body: formBody } },
    async (request, reply) =>
      guard(reply, async () => {
        await local.cancelSubscription(request.params.token, request.params.subscriptionId);
        return reply.redirect(`/billing/local-portal/${encodeURIComponent(request.params.token)}`, 303);
      }),
  );
}
