import { useSyncExternalStore } from 'react';

/**
 * TRIAL_EXPIRED answers seen on this page (product.md, Plans and billing). `apiFetch` counts them, so the
 * trial banner appears wherever the web meets that code, even when the browser's clock
 * disagrees with the server's about when the trial ended.
 */
let seen = 0;
const listeners = new Set<() => void>();

export function markTrialExpired(): void {
  seen += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many TRIAL_EXPIRED answers arrived so far (0: none). */
export function useTrialExpiredSeen(): number {
  return useSyncExternalStore(subscribe, () => seen, () => 0);
}

/** The plan page, where an expired trial is turned into a plan. */
export const PLAN_PAGE_PATH = '/subscription-page';
