import { Flame } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { BILLING_MESSAGES } from '#contract/billing.ts';
import type { PlanCatalogue } from '#contract/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import { useStreak } from '#web/features/streaks/public.ts';
import { useExtendTrial } from '../api/trial.ts';
import { canClaimTrialExtension, daysText, trialWasExtended } from '../utils/trial.ts';

/** How long the success message stays before the page reloads with the new trial end. */
const RELOAD_AFTER_MS = 1500;

/**
 * product.md, Plans and billing: a logging streak of 14 days earns 7 extra trial days, once. Shows the way
 * there, the button when it is earned, and that it was claimed.
 */
export function TrialExtension({ user, catalogue }: { user: User; catalogue: PlanCatalogue }) {
  const streak = useStreak(user.subscriptionTier === 'free');
  const extend = useExtendTrial();
  const [claimed, setClaimed] = useState(false);
  const { trialExtensionDays: extraDays, trialExtensionStreakDays: neededDays } = catalogue;

  if (trialWasExtended(user)) {
    return <p className="text-sm text-muted-foreground">You have claimed your {extraDays} extra trial days.</p>;
  }
  if (streak.isPending) return null;
  if (streak.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load streak data
      </p>
    );
  }

  const days = streak.data.streakDays;
  if (canClaimTrialExtension(user, catalogue, days)) {
    const claim = () =>
      extend.mutate(undefined, {
        onSuccess: (result) => {
          setClaimed(true);
          toast.success(result.message || BILLING_MESSAGES.trialExtended);
          window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
        },
        onError: (error) =>
          toast.error(BILLING_MESSAGES.trialExtendFailed, { description: isApiError(error) && error.status < 500 ? error.message : undefined }),
      });
    return (
      <div className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm">
          <Flame aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
          <span>
            A {daysText(days)} logging streak: you have earned {extraDays} extra trial days.
          </span>
        </p>
        <Button onClick={claim} disabled={extend.isPending || claimed}>
          {extend.isPending ? 'Claiming...' : claimed ? 'Claimed' : `Claim ${extraDays} extra trial days`}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">
        Log your supplements {neededDays} days in a row to earn {extraDays} extra trial days. Your streak: {daysText(days)}.
      </p>
      <Progress value={Math.min(days, neededDays)} max={neededDays} aria-label="Logging streak toward extra trial days" />
    </div>
  );
}
