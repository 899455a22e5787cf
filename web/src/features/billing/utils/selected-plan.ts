import type { PlanId } from '#contract/plans.ts';
import { isPaidPlanId } from './plan-pricing.ts';

/**
 * The plan chosen before signing up (product.md, Plans and billing): kept in session storage under
 * `selectedPlan`, free by default. The Google sign-up button writes the same key.
 */
export const SELECTED_PLAN_KEY = 'selectedPlan';
const CHANGE_EVENT = 'stacklab:selected-plan';

/** Anything unknown is free. */
export function parseSelectedPlan(value: string | null | undefined): PlanId {
  return isPaidPlanId(value) ? value : 'free';
}

export function readSelectedPlan(): PlanId {
  try {
    return parseSelectedPlan(window.sessionStorage.getItem(SELECTED_PLAN_KEY));
  } catch {
    return 'free';
  }
}

export function writeSelectedPlan(planId: PlanId): void {
  try {
    window.sessionStorage.setItem(SELECTED_PLAN_KEY, planId);
  } catch {
    // Storage unavailable (private mode): the plan falls back to free, which is safe.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearSelectedPlan(): void {
  try {
    window.sessionStorage.removeItem(SELECTED_PLAN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** For useSyncExternalStore: changes made on this page. */
export function subscribeSelectedPlan(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => window.removeEventListener(CHANGE_EVENT, onChange);
}
