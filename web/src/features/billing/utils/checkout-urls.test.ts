import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-fetch.ts';
import { canFallBackToPaymentLink, checkoutErrorText, checkoutReturnUrls, safePaymentLink } from './checkout-urls.ts';
import { parseSelectedPlan } from './selected-plan.ts';

const apiError = (status: number, code: ConstructorParameters<typeof ApiError>[0]['code'], message: string) => new ApiError({ status, code, message });

describe('checkout return addresses', () => {
  it('come back to our own origin, with the provider placeholder for the session id', () => {
    expect(checkoutReturnUrls('http://127.0.0.1:4173', '/#pricing')).toEqual({
      successUrl: 'http://127.0.0.1:4173/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://127.0.0.1:4173/#pricing',
    });
    expect(checkoutReturnUrls('https://stacklab.example', 'subscription').cancelUrl).toBe('https://stacklab.example/subscription');
  });
});

describe('the payment-link fallback', () => {
  it('is used only when no session could be created', () => {
    expect(canFallBackToPaymentLink(apiError(503, 'SERVICE_UNAVAILABLE', 'Failed to create checkout session'))).toBe(true);
    expect(canFallBackToPaymentLink(apiError(0, 'CONNECTION_ERROR', 'Connection error occurred'))).toBe(true);
    expect(canFallBackToPaymentLink(new Error('No checkout URL received'))).toBe(true);
    expect(canFallBackToPaymentLink(apiError(409, 'CONFLICT', 'You are already subscribed to this plan.'))).toBe(false);
    expect(canFallBackToPaymentLink(apiError(400, 'VALIDATION_FAILED', 'Invalid plan type selected'))).toBe(false);
  });

  it('follows only web links', () => {
    expect(safePaymentLink('https://buy.stripe.com/test_pro_monthly')).toBe('https://buy.stripe.com/test_pro_monthly');
    expect(safePaymentLink('javascript:alert(1)')).toBeUndefined();
    expect(safePaymentLink('not a url')).toBeUndefined();
    expect(safePaymentLink(undefined)).toBeUndefined();
  });
});

describe('checkout error texts (product.md, Plans and billing)', () => {
  it('prefers the server text, then our own known text, then the fallback', () => {
    expect(checkoutErrorText(apiError(400, 'VALIDATION_FAILED', 'Invalid plan type selected'), 'Failed to start checkout process')).toBe('Invalid plan type selected');
    expect(checkoutErrorText(new Error('No checkout URL received'), 'Failed to start checkout process')).toBe('No checkout URL received');
    expect(checkoutErrorText(new TypeError('x is undefined'), 'Failed to start checkout process')).toBe('Failed to start checkout process');
    expect(checkoutErrorText(apiError(500, 'SERVER_ERROR', ''), 'Failed to start checkout process')).toBe('Failed to start checkout process');
  });
});

describe('the selected plan (product.md, Plans and billing)', () => {
  it('is free unless a known paid plan is stored', () => {
    expect(parseSelectedPlan(null)).toBe('free');
    expect(parseSelectedPlan('free')).toBe('free');
    expect(parseSelectedPlan('pro-yearly')).toBe('pro-yearly');
    expect(parseSelectedPlan('enterprise')).toBe('free');
  });
});
