import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrialResult } from '#contract/billing.ts';
import { api } from '#web/lib/api.ts';
import { refreshUser } from '#web/lib/session.ts';

/** `POST /api/stripe/start-free-trial`: records the trial (it runs from sign-up); calling again changes nothing. */
export function startFreeTrial(): Promise<TrialResult> {
  return api('POST /api/stripe/start-free-trial');
}

export function useStartFreeTrial() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startFreeTrial, onSuccess: () => refreshUser(queryClient) });
}

/** `POST /api/stripe/extend-trial`: the extra days for a long logging streak, once per account. */
export function extendTrial(): Promise<TrialResult> {
  return api('POST /api/stripe/extend-trial');
}

export function useExtendTrial() {
  return useMutation({ mutationFn: extendTrial });
}
