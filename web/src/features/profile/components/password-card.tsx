import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { AUTH_MESSAGES, type User, passwordSchema } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useChangePassword } from '../api/password.ts';

type PasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The contract's password rule, the current password when there is one, and the repeat. */
const passwordFormSchema = (hasPassword: boolean) =>
  z
    .object({ currentPassword: z.string(), newPassword: passwordSchema, confirmPassword: z.string() })
    .superRefine((values, ctx) => {
      if (hasPassword && !values.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: AUTH_MESSAGES.currentPasswordRequired });
      if (values.confirmPassword !== values.newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Passwords do not match' });
    });

/** Changes the password with the current one; every other session is signed out. */
export function PasswordCard({ user }: { user: User }) {
  const id = useId();
  const change = useChangePassword();
  const form = useForm<PasswordFields>({ resolver: zodResolver(passwordFormSchema(user.hasPassword)), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await change.mutateAsync(user.hasPassword ? { currentPassword, newPassword } : { newPassword });
      form.reset(EMPTY);
      toast.success('Password changed', { description: answer.message });
    } catch (failure) {
      if (!setServerErrors(failure, form.setError, sameNames<PasswordFields>(FIELDS))) {
        form.setError('root', { message: errorMessage(failure, 'Your password could not be changed. Please try again.') });
      }
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{user.hasPassword ? 'Change password' : 'Set a password'}</CardTitle>
        <CardDescription>
          {user.hasPassword
            ? 'You stay signed in here; every other device is signed out.'
            : 'Your account signs in with Google. A password lets you sign in with your e-mail too.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid max-w-md gap-4" noValidate>
          {user.hasPassword ? (
            <FormField id={`${id}-current`} label="Current password" error={errors.currentPassword?.message}>
              {(props) => <Input {...props} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
            </FormField>
          ) : null}
          <FormField id={`${id}-new`} label="New password" error={errors.newPassword?.message}>
            {(props) => <Input {...props} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
          </FormField>
          <FormField id={`${id}-confirm`} label="Confirm new password" error={errors.confirmPassword?.message}>
            {(props) => <Input {...props} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />}
          </FormField>
          {errors.root?.message ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.root.message}
            </p>
          ) : null}
          <Button type="submit" className="w-fit" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : user.hasPassword ? 'Change password' : 'Set password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
