import { describe, expect, it } from 'vitest';
import { COMPLETION_STEPS } from '#contract/profile-texts.ts';
import { STEP_ACTIONS, isOnStepPage, shouldShowCompletionModal } from './steps.ts';

describe('profile completion modal', () => {
  it('shows for a signed-in user below 100%', () => {
    expect(shouldShowCompletionModal({ hasUser: true, loading: false, percent: 0, dismissed: false })).toBe(true);
    expect(shouldShowCompletionModal({ hasUser: true, loading: false, percent: 80, dismissed: false })).toBe(true);
  });

  it('is hidden with no user, while loading, at 100% and once dismissed', () => {
    expect(shouldShowCompletionModal({ hasUser: false, loading: false, percent: 0, dismissed: false })).toBe(false);
    expect(shouldShowCompletionModal({ hasUser: true, loading: true, percent: undefined, dismissed: false })).toBe(false);
    expect(shouldShowCompletionModal({ hasUser: true, loading: false, percent: 100, dismissed: false })).toBe(false);
    expect(shouldShowCompletionModal({ hasUser: true, loading: false, percent: 40, dismissed: true })).toBe(false);
    expect(shouldShowCompletionModal({ hasUser: true, loading: false, percent: undefined, dismissed: false })).toBe(false);
  });

  it('knows where every step is done', () => {
    for (const step of COMPLETION_STEPS) expect(STEP_ACTIONS[step].to).toMatch(/^\//);
  });

  it('knows when a step is done on the page already shown', () => {
    expect(isOnStepPage('/', '/dashboard')).toBe(true);
    expect(isOnStepPage('/', '/')).toBe(true);
    expect(isOnStepPage('/profile', '/profile/')).toBe(true);
    expect(isOnStepPage('/labs', '/profile')).toBe(false);
  });
});
