import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { usePlans } from '#web/lib/plans.ts';
import { CheckEmail } from './check-email.tsx';
import { GoogleButton } from './google-button.tsx';
import { SignupForm } from './signup-form.tsx';

/** The landing page's free-trial sign-up card (anchor free-trial-signup). */
export function SignupCard({ onSignedUp, notice }: {
  /** What happens once the account exists (the chosen plan); the plan page when absent. */
  onSignedUp?: () => Promise<void>;
  /** Shown above the form, e.g. the plan chosen on the pricing cards. */
  notice?: ReactNode;
} = {}) {
  const navigate = useNavigate();
  const { data: plans } = usePlans();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const trialDays = plans?.catalogue.trialDays;

  return (
    <Card id="free-trial-signup" className="scroll-mt-24">
      {pendingEmail ? (
        <CardContent className="pt-6">
          <CheckEmail email={pendingEmail} onBackToLogin={() => navigate('/auth?login=true')} />
        </CardContent>
      ) : (
        <>
          <CardHeader>
            <CardTitle>Start your free trial</CardTitle>
            <CardDescription>
              {trialDays ? `${trialDays} days free. No card needed.` : 'No card needed.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {notice}
            <SignupForm onVerificationRequired={setPendingEmail} onSignedUp={onSignedUp} submitLabel="Start Free Trial" />
            <GoogleButton signup divider afterSignup={onSignedUp ? 'selected-plan' : 'plan-page'} />
            <p className="text-center text-sm text-muted-foreground">
              Already have an account?{' '}
              <Link to="/auth?login=true" className="font-medium text-primary hover:underline">
                Sign in
              </Link>
            </p>
          </CardContent>
        </>
      )}
    </Card>
  );
}
