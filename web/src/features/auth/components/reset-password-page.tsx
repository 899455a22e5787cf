import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { passwordSchema } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { useResetPassword } from '../api/email-links.ts';
import { AuthShell } from './auth-shell.tsx';

const schema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** /reset-password?token=… from the e-mailed link. */
export function ResetPasswordPage() {
  const id = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(token ? null : 'This reset link is incomplete. Please request a new one.');
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await reset.mutateAsync({ token, password });
      setDone(result.message);
    } catch (error) {
      if (isApiError(error) && error.code === 'TOKEN_INVALID') {
        setLinkError(error.message);
        return;
      }
      toast.error('Error', { description: errorMessage(error, 'Could not change the password. Please try again.') });
      if (isApiError(error)) {
        const detail = error.details.find((item) => item.field === 'password');
        if (detail) form.setError('password', { type: 'server', message: detail.message });
      }
    }
  });

  return (
    <AuthShell>
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">Choose a new password</h1>
          {!done && !linkError ? <CardDescription>Use 8 to 100 characters.</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {done ? (
            <div role="status" className="grid gap-4 text-center">
              <CheckCircle2 aria-hidden="true" className="mx-auto size-10 text-success" />
              <p className="text-sm text-muted-foreground">{done}</p>
              <Button asChild className="w-full">
                <Link to="/auth?login=true">Back to Login</Link>
              </Button>
            </div>
          ) : linkError ? (
            <div role="alert" className="grid gap-4 text-center">
              <p className="text-sm text-destructive">{linkError}</p>
              <Button asChild className="w-full">
                <Link to="/forgot-password">Request a new link</Link>
              </Button>
            </div>
          ) : (
            <form noValidate onSubmit={onSubmit} className="grid gap-4">
              <FormField id={`${id}-password`} label="New password" error={errors.password?.message}>
                {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
              </FormField>
              <FormField id={`${id}-confirm`} label="Confirm Password" error={errors.confirmPassword?.message}>
                {(control) => (
                  <Input {...control} type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
                )}
              </FormField>
              <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Saving...' : 'Change password'}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
