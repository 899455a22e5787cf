import type { CompletionStep } from '#contract/profile-texts.ts';

/** Where each step is done, and what to do there. */
export const STEP_ACTIONS: Record<CompletionStep, { hint: string; to: string; linkLabel: string; anchor?: string }> = {
  'basic-info': { hint: 'Add your name to your profile.', to: '/profile', linkLabel: 'Profile Settings', anchor: 'profile-form' },
  'health-metrics': { hint: 'Add your weight, height and date of birth.', to: '/health-stats', linkLabel: 'Health Stats' },
  allergies: { hint: 'List your allergies, or write "None".', to: '/health-stats', linkLabel: 'Health Stats' },
  'supplement-logs': { hint: 'Save one day of supplement intake.', to: '/', linkLabel: 'Track my Supplements', anchor: 'track-supplements' },
  'lab-results': { hint: 'Upload a lab report, or enter a result by hand.', to: '/labs', linkLabel: 'Bloodwork and Tests' },
};

/** Whether a step's page is the one shown, so that its link jumps to the place on this page instead. */
export function isOnStepPage(to: string, pathname: string): boolean {
  const normal = (path: string) => (path === '/dashboard' ? '/' : path.replace(/\/+$/, '') || '/');
  return normal(to) === normal(pathname);
}

/** product.md, Profile and health stats: the modal is hidden with no user, while loading, and at 100%. */
export function shouldShowCompletionModal(options: { hasUser: boolean; loading: boolean; percent: number | undefined; dismissed: boolean }): boolean {
  const { hasUser, loading, percent, dismissed } = options;
  if (!hasUser || loading || dismissed || percent === undefined) return false;
  return percent < 100;
}
