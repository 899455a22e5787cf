import { AlertCircle } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES } from '#contract/auth.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { AuthShell } from './auth-shell.tsx';
import { CheckEmail } from './check-email.tsx';
import { GoogleButton } from './google-button.tsx';
import { LoginForm } from './login-form.tsx';
import { SignupForm } from './signup-form.tsx';

const GOOGLE_ERRORS: Record<string, string> = {
  'not-configured': 'Google sign-in is not available.',
  expired: 'The Google sign-in took too long. Please try again.',
  'link-password': AUTH_MESSAGES.googleLinkNeedsPassword,
  'two-factor': AUTH_MESSAGES.googleTwoFactor,
};

export function googleErrorMessage(code: string): string {
  return GOOGLE_ERRORS[code] ?? 'Google sign-in failed. Please try again.';
}

type AuthPageProps = {
  /** /signup always opens the sign-up mode. */
  forceSignup?: boolean;
  hero: ReactNode;
  background?: ReactNode;
  benefits?: ReactNode;
};

/** /auth: login mode with `login=true`, sign-up mode otherwise (product.md, Accounts). */
export function AuthPage({ forceSignup = false, hero, background, benefits }: AuthPageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mode = !forceSignup && params.get('login') === 'true' ? 'login' : 'signup';
  const googleError = params.get('oauth') === 'google' ? params.get('error') : null;
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  useEffect(() => {
    if (googleError) toast.error('Login Error', { description: googleErrorMessage(googleError), id: 'google-error' });
  }, [googleError]);

  const signup = mode === 'signup';
  return (
    <AuthShell background={background}>
      <div className={cn('grid gap-8 lg:gap-x-12', signup && 'lg:grid-cols-[1.1fr_1fr]')}>
        <div className={cn('text-center', signup ? 'lg:col-start-1 lg:row-start-1 lg:text-left' : 'mx-auto max-w-2xl')}>{hero}</div>
        <Card
          className={cn(
            'w-full bg-surface/95 backdrop-blur',
            signup ? 'lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-w-md lg:self-start lg:justify-self-end' : 'mx-auto max-w-md',
          )}
        >
          {pendingEmail ? (
            <CardContent className="pt-6">
              <CheckEmail
                email={pendingEmail}
                onBackToLogin={() => {
                  setPendingEmail(null);
                  navigate('/auth?login=true');
                }}
              />
            </CardContent>
          ) : (
            <>
              <CardHeader className="text-center">
                <CardTitle className="text-2xl">{signup ? 'Start for Free' : 'Login'}</CardTitle>
                <CardDescription>
                  {signup ? 'Create your account in under a minute.' : 'Welcome back. Sign in with your e-mail or username.'}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                {googleError ? (
                  <p role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
                    <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {googleErrorMessage(googleError)}
                  </p>
                ) : null}
                <GoogleButton signup={signup} />
                {signup ? <SignupForm onVerificationRequired={setPendingEmail} /> : <LoginForm />}
                <p className="text-center text-sm text-muted-foreground">
                  {signup ? 'Already have an account? ' : "Don't have an account? "}
                  <Link to={signup ? '/auth?login=true' : '/auth'} className="font-medium text-primary hover:underline">
                    {signup ? 'Log in' : 'Sign up'}
                  </Link>
                </p>
              </CardContent>
            </>
          )}
        </Card>
        {signup && benefits ? <div className="lg:col-start-1 lg:row-start-2">{benefits}</div> : null}
      </div>
    </AuthShell>
  );
}
