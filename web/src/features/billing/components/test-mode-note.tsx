import { CircleAlert, FlaskConical } from 'lucide-react';
import { BILLING_MESSAGES } from '#contract/billing.ts';

/** The local provider is live (no Stripe key): say plainly that no real payment happens. */
export function TestModeNote() {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm">
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>Test mode: checkout opens a local test page and nothing is charged.</span>
    </p>
  );
}

/** A production server with no payment provider: paid plans cannot be bought until one is configured. */
export function PaymentsUnavailableNote() {
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-border bg-muted p-3 text-sm">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{BILLING_MESSAGES.paymentsNotConfigured}</span>
    </p>
  );
}
