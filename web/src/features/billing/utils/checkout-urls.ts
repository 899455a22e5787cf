import { isApiError } from '#web/lib/api-fetch.ts';

/** The placeholder the provider replaces with the session id on the way back. */
export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** Return addresses on our own origin (the server refuses any other). */
export function checkoutReturnUrls(origin: string, cancelPath: string): { successUrl: string; cancelUrl: string } {
  const path = cancelPath.startsWith('/') ? cancelPath : `/${cancelPath}`;
  return {
    successUrl: `${origin}/payment-success?session_id=${SESSION_ID_PLACEHOLDER}`,
    cancelUrl: `${origin}${path}`,
  };
}

/**
 * Whether a failed checkout may fall back to a static payment link: only when the session could
 * not be created at all (provider or network down). A refusal (an unknown plan, a plan already
 * owned) must not send the user to pay anyway.
 */
export function canFallBackToPaymentLink(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.code === 'CONNECTION_ERROR' || error.status >= 500;
}

/** Only http(s) links are followed; a misconfigured value is ignored rather than opened. */
export function safePaymentLink(link: string | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** Texts of our own failures that are worth showing as they are (product.md, Plans and billing, "Internal"). */
const OWN_MESSAGES = new Set(['Invalid plan type selected', 'No checkout URL received', 'Failed to create checkout session']);

/** The server's text for a failed checkout, else our own known text, else the screen's fallback. */
export function checkoutErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof Error && OWN_MESSAGES.has(error.message)) return error.message;
  return fallback;
}
