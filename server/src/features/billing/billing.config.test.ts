import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const base = { NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789', DATA_DIR: '.tmp/config-test' };

describe('billing settings', () => {
  it('uses the local test provider with fixed price ids when no Stripe key is set', () => {
    const config = loadConfig(base);
    expect(config.billing.provider).toEqual({ kind: 'local' });
    expect(config.billing.priceIds['pro-yearly']).toBe('local_pro_yearly');
  });

  it('needs the webhook secret with the Stripe key, since tiers change only from signed webhooks', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('reads Stripe, its price ids, payment links and another API address', () => {
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      STRIPE_PRICE_STARTER_MONTHLY: 'price_1',
      PAYMENT_LINK_PRO_YEARLY: 'https://buy.stripe.com/x',
    });
    expect(config.billing).toEqual({
      provider: { kind: 'stripe', secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: { host: '127.0.0.1', port: 12111, protocol: 'http' } },
      priceIds: { 'starter-monthly': 'price_1' },
      paymentLinks: { 'pro-yearly': 'https://buy.stripe.com/x' },
    });
    expect(() => loadConfig({ ...base, PAYMENT_LINK_PRO_YEARLY: 'not a url' })).toThrow(ConfigError);
  });

  it('opens no test checkout in production unless PAYMENTS=local says so', () => {
    const production = loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_LINK_PRO_YEARLY: 'https://buy.stripe.com/x' });
    expect(production.billing).toEqual({ provider: { kind: 'none' }, priceIds: {}, paymentLinks: {} });
    expect(loadConfig({ ...base, NODE_ENV: 'production', PAYMENTS: 'local' }).billing.provider).toEqual({ kind: 'local' });
    expect(() => loadConfig({ ...base, PAYMENTS: 'stripe' })).toThrow(/PAYMENTS/);
    expect(() => loadConfig({ ...base, PAYMENTS: 'local', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/PAYMENTS=local/);
  });
});
