import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import { refreshUser, setSignedInUser } from '#web/lib/session.ts';
import { useRegister } from '../api/register.ts';

const signupSchema = z.object({ username: usernameSchema, email: emailSchema, password: passwordSchema });
type SignupInput = z.input<typeof signupSchema>;
const FIELDS = ['username', 'email', 'password'] as const;

/**
 * Username, e-mail and password (product.md, Accounts), checked with the contract's schemas. On success
 * the user goes on to the plan page, or to the check-your-email screen when verification is on.
 */
export function SignupForm({ onVerificationRequired, onSignedUp, submitLabel = 'Create account' }: {
  onVerificationRequired: (email: string) => void;
  /** Where a signed-in new user goes instead of the plan page (the landing card's chosen plan, product.md, Accounts). */
  onSignedUp?: () => Promise<void>;
  submitLabel?: string;
}) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const registration = useRegister();
  const form = useForm<SignupInput, unknown, z.output<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await registration.mutateAsync(values);
      toast.success('Account Created', { description: 'Your account has been created successfully!' });
      if (result.requiresVerification) {
        onVerificationRequired(values.email);
        return;
      }
      if (result.user && onSignedUp) {
        await onSignedUp();
        setSignedInUser(queryClient, result.user);
        void refreshUser(queryClient);
        return;
      }
      navigate(result.user ? '/subscription?newUser=true' : '/');
      if (result.user) setSignedInUser(queryClient, result.user);
      void refreshUser(queryClient);
    } catch (error) {
      const message = isApiError(error) && error.message ? error.message : 'Registration failed. Please try again.';
      toast.error('Registration Error', { description: message, duration: 5000 });
      if (isApiError(error)) {
        for (const detail of error.details) {
          const field = FIELDS.find((name) => name === detail.field);
          if (field) form.setError(field, { type: 'server', message: detail.message });
        }
      }
    }
  });

  return (
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
      <Button type="submit" size="lg" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Creating account...' : submitLabel}
      </Button>
    </form>
  );
}
