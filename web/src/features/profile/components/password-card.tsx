import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { type User, passwordSchema } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { useChangePassword } from '../api/password.ts';

type Errors = { currentPassword?: string; newPassword?: string; confirmPassword?: string; form?: string };

/** Changes the password with the current one; every other session is signed out. */
export function PasswordCard({ user }: { user: User }) {
  const id = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const change = useChangePassword();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (user.hasPassword && !currentPassword) found.currentPassword = 'Enter your current password';
    const parsed = passwordSchema.safeParse(newPassword);
    if (!parsed.success) found.newPassword = parsed.error.issues[0]?.message;
    if (confirmPassword !== newPassword) found.confirmPassword = 'Passwords do not match';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await change.mutateAsync(user.hasPassword ? { currentPassword, newPassword } : { newPassword });
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      toast.success('Password changed', { description: answer.message });
    } catch (failure) {
      const details = isApiError(failure) ? failure.details : [];
      const byField = Object.fromEntries(details.map((detail) => [detail.field, detail.message])) as Errors;
      setErrors(Object.keys(byField).length > 0 ? byField : { form: errorMessage(failure, 'Your password could not be changed. Please try again.') });
    }
  };

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
        <form onSubmit={(event) => void onSubmit(event)} className="grid max-w-md gap-4" noValidate>
          {user.hasPassword ? (
            <FormField id={`${id}-current`} label="Current password" error={errors.currentPassword}>
              {(props) => <Input {...props} type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />}
            </FormField>
          ) : null}
          <FormField id={`${id}-new`} label="New password" error={errors.newPassword}>
            {(props) => <Input {...props} type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />}
          </FormField>
          <FormField id={`${id}-confirm`} label="Confirm new password" error={errors.confirmPassword}>
            {(props) => <Input {...props} type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />}
          </FormField>
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
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
