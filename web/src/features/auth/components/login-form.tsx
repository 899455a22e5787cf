import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import type { SecondFactorChallenge } from '#contract/two-factor.ts';
import { useLogin } from '../api/login.ts';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';

type LoginValues = { email: string; password: string };

/**
 * E-mail or username, and password. Neither is required in the browser (product.md, Accounts). Signing
 * in goes home, unless the page that shows the form carries on itself (`stayOnPage`).
 */
export function LoginForm({ stayOnPage = false, defaultEmail = '' }: { stayOnPage?: boolean; defaultEmail?: string } = {}) {
  const id = useId();
  const navigate = useNavigate();
  const login = useLogin();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  // Set when the password was right and the account asks for its second factor.
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const form = useForm<LoginValues>({ defaultValues: { email: defaultEmail, password: '' } });
  const signedIn = () => {
    if (!stayOnPage) navigate('/');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    try {
      const result = await login.mutateAsync(values);
      if (result.secondFactor) {
        setChallenge(result.secondFactor);
        return;
      }
      signedIn();
    } catch (error) {
      const message = isApiError(error) && error.message ? error.message : 'Login failed';
      toast.error('Login Error', { description: message });
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail(values.email.includes('@') ? values.email.trim() : '');
      }
    }
  });

  if (challenge) {
    return (
      <SecondFactorForm
        challenge={challenge}
        onDone={signedIn}
        onRestart={() => {
          setChallenge(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField id={`${id}-email`} label="Email or username">
          {(control) => <Input {...control} type="text" autoComplete="username" {...form.register('email')} />}
        </FormField>
        <FormField id={`${id}-password`} label="Password">
          {(control) => (
            <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
        <div className="-mt-1 text-right">
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      <PasskeySignInButton onDone={signedIn} />
      {unverifiedEmail !== null ? (
        <div className="rounded-lg border border-accent/40 bg-accent/10 p-4" role="alert">
          <p className="mb-3 text-sm">
            Your e-mail address is not verified yet. We can send you a new verification link.
          </p>
          <ResendVerificationForm defaultEmail={unverifiedEmail} />
        </div>
      ) : null}
    </div>
  );
}
