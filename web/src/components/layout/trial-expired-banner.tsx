import { useQuery } from '@tanstack/react-query';
import { AlertCircle, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '#contract/messages.ts';
import { plansQueryOptions } from '#web/lib/plans.ts';
import { useUser } from '#web/lib/session.ts';
import { PLAN_PAGE_PATH, useTrialExpiredSeen } from '#web/lib/trial-expired.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pages where the user is already choosing or paying for a plan. */
const PLAN_PATHS = ['/subscription', '/subscription-page', '/payment-success'];

/**
 * product.md, Plans and billing: once a free trial ends, the user can still read everything and upgrade.
 * This says so above every page, with the way to the plan page, from the user's trial end (the
 * same rule as the server's) or from any TRIAL_EXPIRED answer. Dismissed, it comes back with the
 * next such answer.
 */
export function TrialExpiredBanner() {
  const { data: user } = useUser();
  // The catalogue's trial length is needed only for a free user whose trial end is not recorded.
  const { data: plans } = useQuery({ ...plansQueryOptions, enabled: user?.subscriptionTier === 'free' && !user.trialEndsAt });
  const { pathname } = useLocation();
  const seen = useTrialExpiredSeen();
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  if (!user || user.subscriptionTier !== 'free' || PLAN_PATHS.includes(pathname)) return null;
  const end = user.trialEndsAt
    ? new Date(user.trialEndsAt).getTime()
    : plans
      ? new Date(user.createdAt).getTime() + plans.catalogue.trialDays * DAY_MS
      : Number.POSITIVE_INFINITY;
  const expired = end <= Date.now() || seen > 0;
  if (!expired || (dismissedAt !== null && dismissedAt >= seen)) return null;

  return (
    <div role="status" className="border-b border-destructive/30 bg-destructive/10 text-destructive">
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 text-sm sm:px-6">
        <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
        <p className="flex-1">
          {MESSAGES.trialExpired}{' '}
          <Link to={PLAN_PAGE_PATH} className="font-medium whitespace-nowrap underline">
            See plans
          </Link>
        </p>
        <button
          type="button"
          onClick={() => setDismissedAt(seen)}
          className="rounded-md p-1 hover:bg-destructive/10 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Dismiss</span>
        </button>
      </div>
    </div>
  );
}
