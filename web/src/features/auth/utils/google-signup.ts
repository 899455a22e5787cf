/** Kept apart from the button so that the app's router can read it without loading the button. */

/**
 * Where a Google sign-up carries on after the return, as its e-mail counterpart beside it does:
 * `selected-plan` (the landing card: the chosen plan's trial or checkout) or `plan-page` (/auth:
 * the plan page for a new user). Absent for a sign-in.
 */
export const GOOGLE_SIGNUP_KEY = 'googleSignup';
export type GoogleSignupNext = 'selected-plan' | 'plan-page';

export function peekGoogleSignup(): GoogleSignupNext | null {
  try {
    const value = window.sessionStorage.getItem(GOOGLE_SIGNUP_KEY);
    return value === 'selected-plan' || value === 'plan-page' ? value : null;
  } catch {
    return null;
  }
}

export function clearGoogleSignup(): void {
  try {
    window.sessionStorage.removeItem(GOOGLE_SIGNUP_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

