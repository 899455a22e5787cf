import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { MESSAGES } from '#contract/messages.ts';

/** product.md, Plans and billing: the spec's text for an ended trial, with what to do next. */
export function TrialExpiredAlert({ action }: { action?: ReactNode }) {
  return (
    <div role="alert" className="flex flex-wrap items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="flex-1">{MESSAGES.trialExpired}</span>
      {action}
    </div>
  );
}
