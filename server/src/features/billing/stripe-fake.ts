import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A tiny Stripe for tests: the REST calls we make (checkout sessions create and retrieve,
 * subscriptions retrieve, update (the price of its item) and cancel, billing portal sessions create), answered from memory in Stripe's
 * shapes, plus helpers that play Stripe's part (a customer pays, cancels, a renewal fails) and
 * signed webhook events made with the stripe package's own test signer.
 */
export type FakeSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; price: { id: string }; current_period_end: number }[] };
};

export type FakeSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  url: string;
  success_url: string;
  cancel_url: string;
  customer: string | null;
  customer_email: string | null;
  customer_details: { email: string } | null;
  client_reference_id: string | null;
  subscription: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  line_items: { object: 'list'; data: { price: { id: string }; quantity: number }[] };
};

export const WEBHOOK_SECRET = 'whsec_test_secret_for_stacklab';
export const PRICES = {
  'starter-monthly': 'price_starter_monthly_test',
  'starter-yearly': 'price_starter_yearly_test',
  'pro-monthly': 'price_pro_monthly_test',
  'pro-yearly': 'price_pro_yearly_test',
} as const;
const AMOUNTS: Record<string, number> = {
  [PRICES['starter-monthly']]: 2199,
  [PRICES['starter-yearly']]: 18471,
  [PRICES['pro-monthly']]: 4999,
  [PRICES['pro-yearly']]: 47988,
};

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly requests: { method: string; path: string; params: URLSearchParams }[] = [];
  /** While true, every call answers 500, as Stripe does in an outage. */
  failing = false;
  private server: Server | undefined;
  private readonly signer = new Stripe('sk_test_signer_only');
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The app's settings for this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: 'sk_test_stacklab_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${this.port}`,
      STRIPE_PRICE_STARTER_MONTHLY: PRICES['starter-monthly'],
      STRIPE_PRICE_STARTER_YEARLY: PRICES['starter-yearly'],
      STRIPE_PRICE_PRO_MONTHLY: PRICES['pro-monthly'],
      STRIPE_PRICE_PRO_YEARLY: PRICES['pro-yearly'],
      PAYMENT_LINK_PRO_MONTHLY: 'https://buy.stripe.com/test_pro_monthly',
    };
  }

  /** The customer pays on Stripe's page: the session completes and a subscription starts. */
  pay(sessionId: string, email = 'payer@example.com', periodEnd = nowSeconds() + 30 * 86400): FakeSubscription {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const customer = session.customer ?? id('cus');
    const priceId = session.line_items.data[0]!.price.id;
    const subscription: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      metadata: { ...session.metadata },
      items: { object: 'list', data: [{ id: id('si'), price: { id: priceId }, current_period_end: periodEnd }] },
    };
    this.subscriptions.set(subscription.id, subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
      customer_details: { email: session.customer_email ?? email },
    });
    return subscription;
  }

  update(subscriptionId: string, changes: Partial<FakeSubscription>): FakeSubscription {
    const subscription = this.subscriptions.get(subscriptionId)!;
    Object.assign(subscription, changes);
    return subscription;
  }

  /** A signed webhook delivery, as Stripe sends it. */
  event(type: string, object: unknown, options: { created?: number; id?: string; timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: options.id ?? id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: options.created ?? nowSeconds(),
      livemode: false,
      type,
      data: { object },
    });
    const signature = this.signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
    return { payload, signature };
  }

  invoice(subscriptionId: string, fields: Record<string, unknown> = {}) {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const priceId = subscription.items.data[0]!.price.id;
    return {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      currency: 'usd',
      amount_due: AMOUNTS[priceId] ?? 0,
      amount_paid: 0,
      billing_reason: 'subscription_cycle',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
      lines: { object: 'list', data: [{ pricing: { price_details: { price: priceId } } }] },
      ...fields,
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const params = new URLSearchParams(request.method === 'GET' ? url.search : Buffer.concat(chunks).toString());
    this.requests.push({ method: request.method ?? '', path: url.pathname, params });
    const { status, body } = this.answer(request.method ?? '', url.pathname, params, request.headers.authorization);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    response.end(JSON.stringify(body));
  }

  private answer(method: string, path: string, params: URLSearchParams, authorization: string | undefined): Answer {
    if (authorization !== 'Bearer sk_test_stacklab_fake') return { status: 401, body: { error: { type: 'authentication_error', message: 'Invalid API Key provided' } } };
    if (this.failing) return { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end' } } };
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.createSession(params);
    const sessionId = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)?.[1];
    if (method === 'GET' && sessionId) return this.retrieveSession(sessionId, params);
    const subscriptionId = path.match(/^\/v1\/subscriptions\/([^/]+)$/)?.[1];
    if (method === 'GET' && subscriptionId) return this.retrieveSubscription(subscriptionId);
    if (method === 'POST' && subscriptionId) return this.updateSubscription(subscriptionId, params);
    if (method === 'DELETE' && subscriptionId) return this.cancelSubscription(subscriptionId);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(params);
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  private createSession(params: URLSearchParams): Answer {
    const priceId = params.get('line_items[0][price]') ?? '';
    if (!(priceId in AMOUNTS)) return invalidRequest(`No such price: '${priceId}'`);
    const sessionId = id('cs_test');
    const session: FakeSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: params.get('mode') ?? '',
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      success_url: params.get('success_url') ?? '',
      cancel_url: params.get('cancel_url') ?? '',
      customer: params.get('customer'),
      customer_email: params.get('customer_email'),
      customer_details: null,
      client_reference_id: params.get('client_reference_id'),
      subscription: null,
      amount_total: AMOUNTS[priceId]!,
      currency: 'usd',
      metadata: Object.fromEntries([...params].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value])),
      line_items: { object: 'list', data: [{ price: { id: priceId }, quantity: 1 }] },
    };
    this.sessions.set(sessionId, session);
    const { line_items: _lineItems, ...answer } = session;
    return { status: 200, body: answer };
  }

  /** Line items only when asked to expand them, as Stripe does. */
  private retrieveSession(sessionId: string, params: URLSearchParams): Answer {
    const session = this.sessions.get(sessionId);
    if (!session) return missing('checkout.session');
    const expandLineItems = [...params.values()].includes('line_items');
    const { line_items: lineItems, ...rest } = session;
    return { status: 200, body: expandLineItems ? { ...rest, line_items: lineItems } : rest };
  }

  private retrieveSubscription(subscriptionId: string): Answer {
    const subscription = this.subscriptions.get(subscriptionId);
    return subscription ? { status: 200, body: subscription } : missing('subscription');
  }

  /** A new price for its item, or a cancellation taken back. */
  private updateSubscription(subscriptionId: string, params: URLSearchParams): Answer {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return missing('subscription');
    const itemId = params.get('items[0][id]');
    const priceId = params.get('items[0][price]');
    if (priceId !== null) {
      const item = subscription.items.data.find((candidate) => candidate.id === itemId);
      if (!item) return invalidRequest(`No such subscription item: '${itemId}'`);
      if (!(priceId in AMOUNTS)) return invalidRequest(`No such price: '${priceId}'`);
      item.price = { id: priceId };
    }
    if (params.get('cancel_at_period_end') === 'false') Object.assign(subscription, { cancel_at_period_end: false, cancel_at: null });
    if (params.get('cancel_at') === '') subscription.cancel_at = null;
    return { status: 200, body: subscription };
  }

  private cancelSubscription(subscriptionId: string): Answer {
    const subscription = this.subscriptions.get(subscriptionId);
    if (!subscription) return missing('subscription');
    Object.assign(subscription, { status: 'canceled', cancel_at_period_end: false, ended_at: nowSeconds() });
    return { status: 200, body: subscription };
  }
}

/** One HTTP answer of the fake: a status and the JSON body. */
type Answer = { status: number; body: unknown };

function createPortalSession(params: URLSearchParams): Answer {
  const customer = params.get('customer');
  if (!customer) return invalidRequest('Missing customer');
  return { status: 200, body: { id: id('bps'), object: 'billing_portal.session', customer, url: `https://billing.stripe.test/p/session/${customer}`, return_url: params.get('return_url') } };
}

function invalidRequest(message: string): Answer {
  return { status: 400, body: { error: { type: 'invalid_request_error', message } } };
}

function missing(what: string): Answer {
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } };
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
