import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from '#contract/auth.ts';
import { BILLING_MESSAGES, type CheckoutSession } from '#contract/billing.ts';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { usePlans } from '#web/lib/plans.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';
import { useCheckoutSession } from '../api/checkout-session.ts';
import { watchPlanActivation } from '../api/plan-activation.ts';
import { usePostPaymentRegister } from '../api/post-payment-register.ts';
import { planName, tierCovers } from '../utils/plan-pricing.ts';
import { clearSelectedPlan } from '../utils/selected-plan.ts';
import { browserTimeZone } from '../utils/time-zone.ts';
import { PaymentHeading, SupportLink, VerifyingPayment } from './payment-status.tsx';

/** product.md, Accounts, post-payment registration. */
const setupSchema = z
  .object({ username: usernameSchema, email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, { message: BILLING_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] });
type SetupInput = z.input<typeof setupSchema>;
const fieldOf = sameNames<SetupInput>(['username', 'email', 'password', 'confirmPassword']);

/**
 * Post-payment account setup (product.md, Accounts) for a visitor who paid signed out: the payment is
 * verified with the server, then the account is created and signed in, and the user lands on
 * the dashboard. Without a verified payment there is no form to submit.
 */
export function AccountSetup({ sessionId, signInForm }: { sessionId: string; signInForm: (email: string) => ReactNode }) {
  const session = useCheckoutSession(sessionId);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [signInAs, setSignInAs] = useState<string | null>(null);
  const paidSession = session.data?.status === 'complete' && session.data.paid ? session.data : undefined;

  if (pendingEmail) return <CheckYourEmail email={pendingEmail} />;

  if (session.isPending) {
    return (
      <PageContainer className="max-w-lg">
        <PaymentHeading tone="success" title="Payment Successful!">
          Complete your account setup to get started
        </PaymentHeading>
        <VerifyingPayment />
      </PageContainer>
    );
  }

  if (!paidSession) return <PaymentNotConfirmed sessionId={sessionId} />;

  if (paidSession.accountLinked) {
    return (
      <PageContainer className="max-w-lg">
        <PaymentHeading tone="success" title="Payment Successful!">
          {BILLING_MESSAGES.paymentAlreadyUsed}
        </PaymentHeading>
        <Button asChild className="w-full">
          <Link to="/auth?login=true">Log in</Link>
        </Button>
      </PageContainer>
    );
  }

  if (signInAs !== null) {
    return (
      <PageContainer className="max-w-lg">
        <PaymentHeading tone="success" title="Payment Successful!">
          Log in to your account to add this payment to it.
        </PaymentHeading>
        <ExistingAccount email={signInAs} signInForm={signInForm} onBack={() => setSignInAs(null)} />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="max-w-lg">
      <PaymentHeading tone="success" title="Payment Successful!">
        Complete your account setup to get started
      </PaymentHeading>
      <SetupForm session={paidSession} onVerificationRequired={setPendingEmail} onExistingAccount={setSignInAs} />
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => setSignInAs(paidSession.customerEmail ?? '')}>
          Log in to add this payment to it
        </Button>
      </p>
    </PageContainer>
  );
}

/** Sign-up needs the address confirmed first: the account waits for the e-mailed link. */
function CheckYourEmail({ email }: { email: string }) {
  return (
    <PageContainer className="max-w-lg">
      <PaymentHeading tone="success" title="Check your email">
        <span className="inline-flex items-center gap-2">
          <MailCheck aria-hidden="true" className="size-4" />
          We sent a verification link to <strong className="text-foreground">{email}</strong>.
        </span>{' '}
        Open it within 24 hours to activate your account; your plan is waiting for you.
      </PaymentHeading>
      <Button asChild className="w-full">
        <Link to="/auth?login=true">Back to Login</Link>
      </Button>
    </PageContainer>
  );
}

function PaymentNotConfirmed({ sessionId }: { sessionId: string }) {
  return (
    <PageContainer className="max-w-lg">
      <PaymentHeading tone="error" title="Payment not confirmed">
        <p role="alert">{BILLING_MESSAGES.paymentUnverified}</p>
        <p className="mt-2 text-sm">
          Write to <SupportLink /> and quote the reference <span className="font-mono break-all">{sessionId}</span>.
        </p>
      </PaymentHeading>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <Link to="/subscription">See plans</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">Home</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

/**
 * The payer already has an account: they sign in here, and the page, now signed in, offers to add
 * the payment to that account (PlanActivation). Signing in is the proof that the account is theirs.
 */
function ExistingAccount({ email, signInForm, onBack }: { email: string; signInForm: (email: string) => ReactNode; onBack: () => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Log in</CardTitle>
        <CardDescription>
          {email ? (
            <>
              Use the account for <strong className="text-foreground">{email}</strong>, the address you paid with.
            </>
          ) : (
            'Use the account with the address you paid with.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {signInForm(email)}
        <Button variant="ghost" onClick={onBack}>
          Create a new account instead
        </Button>
      </CardContent>
    </Card>
  );
}

type SetupCallbacks = {
  onVerificationRequired: (email: string) => void;
  /** The e-mail belongs to an account: sign in to it instead. */
  onExistingAccount: (email: string) => void;
};

function SetupForm({ session, ...callbacks }: { session: CheckoutSession } & SetupCallbacks) {
  const id = useId();
  const { data: plans } = usePlans();
  const form = useForm<SetupInput, unknown, z.output<typeof setupSchema>>({
    resolver: zodResolver(setupSchema),
    defaultValues: { username: '', email: session.customerEmail ?? '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const createAccount = useCreateAccount(session, form.setError, callbacks);
  const onSubmit = form.handleSubmit(createAccount);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Create your account</CardTitle>
        <CardDescription>
          {plans && session.planId ? `Your plan: ${planName(plans.catalogue, session.planId)}. ` : ''}
          Choose how you sign in to StackLab.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField id={`${id}-username`} label="Username" error={errors.username?.message}>
            {(control) => <Input {...control} autoComplete="username" {...form.register('username')} />}
          </FormField>
          <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
          </FormField>
          <FormField id={`${id}-password`} label="Password" error={errors.password?.message}>
            {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
          </FormField>
          <FormField id={`${id}-confirm`} label="Confirm Password" error={errors.confirmPassword?.message}>
            {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
          </FormField>
          <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Creating account...' : 'Complete Setup'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Creates the account with the paid session, then signs in, or waits for the e-mail, or sends the payer to their account. */
function useCreateAccount(session: CheckoutSession, setError: UseFormSetError<SetupInput>, { onVerificationRequired, onExistingAccount }: SetupCallbacks) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const registration = usePostPaymentRegister();

  return async (values: z.output<typeof setupSchema>) => {
    try {
      const result = await registration.mutateAsync({
        ...values,
        sessionId: session.id,
        subscriptionTier: session.tier,
        timeZone: browserTimeZone(),
      });
      clearSelectedPlan();
      if (result.requiresVerification || !result.user) {
        onVerificationRequired(values.email);
        return;
      }
      toast.success('Account Created', { description: 'Your account has been created successfully!' });
      navigate('/dashboard');
      setSignedInUser(queryClient, result.user);
      void refreshUser(queryClient);
      // With Stripe the payment event can come a moment after the return: the tier follows by itself.
      if (!tierCovers(result.user.subscriptionTier, session.tier)) watchPlanActivation(queryClient, session.tier);
    } catch (error) {
      if (!isApiError(error)) {
        toast.error('Account creation failed', { description: 'An unexpected error occurred' });
        return;
      }
      if (error.message === BILLING_MESSAGES.emailHasAccount) {
        toast.info('You already have an account', { description: BILLING_MESSAGES.emailHasAccount, duration: 5000 });
        onExistingAccount(values.email);
        return;
      }
      toast.error('Account creation failed', { description: error.message || 'Failed to create account', duration: 5000 });
      setServerErrors(error, setError, fieldOf);
    }
  };
}
