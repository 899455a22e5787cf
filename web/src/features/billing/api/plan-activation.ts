import type { QueryClient } from '@tanstack/react-query';
import type { User } from '#contract/auth.ts';
import type { Tier } from '#contract/plans.ts';
import { api } from '#web/lib/api.ts';
import { setSignedInUser } from '#web/lib/session.ts';
import { tierCovers } from '../utils/plan-pricing.ts';

export const ACTIVATION_POLL_MS = 2000;
export const ACTIVATION_PATIENCE_MS = 90_000;

/** `GET /api/user`, read fresh: the tier changes only when the provider's event arrives. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  const { user } = await api('GET /api/user', { signal });
  return user;
}

/**
 * After a post-payment sign-up whose payment event has not arrived yet: keep reading the user in
 * the background until the paid tier shows, so whichever page the user is on updates by itself.
 */
export function watchPlanActivation(queryClient: QueryClient, tier: Tier): void {
  const started = Date.now();
  const tick = async () => {
    try {
      const user = await fetchCurrentUser();
      if (tierCovers(user.subscriptionTier, tier)) {
        setSignedInUser(queryClient, user);
        return;
      }
    } catch {
      // Signed out meanwhile, or a network hiccup: try again until patience runs out.
    }
    if (Date.now() - started < ACTIVATION_PATIENCE_MS) window.setTimeout(() => void tick(), ACTIVATION_POLL_MS);
  };
  window.setTimeout(() => void tick(), ACTIVATION_POLL_MS);
}
