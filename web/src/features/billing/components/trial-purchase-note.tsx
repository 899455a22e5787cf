import type { User } from '#contract/auth.ts';
import type { PlanCatalogue } from '#contract/plans.ts';
import { trialPurchaseNote, trialStatus } from '../utils/trial.ts';

/** Before payment, beside the plans a free user can buy: what happens to the trial days left (decision 030). */
export function TrialPurchaseNote({ user, catalogue }: { user: User; catalogue: PlanCatalogue }) {
  const note = trialPurchaseNote(trialStatus(user, catalogue.trialDays), catalogue.moneyBackDays);
  if (!note) return null;
  return (
    <p className="rounded-lg border border-border bg-muted/50 p-3 text-sm" data-trial-purchase-note>
      {note}
    </p>
  );
}
