import { Button } from '#web/components/ui/button.tsx';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { GOOGLE_SIGNUP_KEY, type GoogleSignupNext } from '../utils/google-signup.ts';

export const SELECTED_PLAN_KEY = 'selectedPlan';
function rememberGoogleSignup(next: GoogleSignupNext | null): void {
  try {
    if (next === null) {
      window.sessionStorage.removeItem(GOOGLE_SIGNUP_KEY);
      return;
    }
    window.sessionStorage.setItem(GOOGLE_SIGNUP_KEY, next);
    // product.md, Accounts: the chosen plan is stored, free unless one was chosen on the pricing cards.
    if (next === 'selected-plan' && !window.sessionStorage.getItem(SELECTED_PLAN_KEY)) window.sessionStorage.setItem(SELECTED_PLAN_KEY, 'free');
  } catch {
    // Session storage unavailable: the return goes to the plan page, where every choice is offered.
  }
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.7 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}

/**
 * Google sign-in is a plain navigation to the server (it returns to /auth). Shown only when the
 * server has Google configured. Signing up remembers how to carry on after the return.
 */
export function GoogleButton({ signup, label, divider = false, afterSignup = 'plan-page' }: {
  signup: boolean;
  label?: string;
  divider?: boolean;
  /** What a sign-up does after the return: the same as the e-mail sign-up beside the button. */
  afterSignup?: GoogleSignupNext;
}) {
  const { data: config } = usePublicConfig();
  if (!config?.googleEnabled) return null;
  return (
    <>
    {divider ? <OrDivider /> : null}
    <Button
      variant="outline"
      className="w-full"
      onClick={() => {
        rememberGoogleSignup(signup ? afterSignup : null);
        window.location.assign(`/auth/google?signup=${signup ? 'true' : 'false'}`);
      }}
    >
      <GoogleMark />
      {label ?? (signup ? 'Sign up with Google' : 'Sign in with Google')}
    </Button>
    </>
  );
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
