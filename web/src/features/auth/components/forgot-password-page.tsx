import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { emailSchema } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useForgotPassword } from '../api/email-links.ts';
import { AuthShell } from './auth-shell.tsx';

const schema = z.object({ email: emailSchema });

export function ForgotPasswordPage() {
  const id = useId();
  const request = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const result = await request.mutateAsync(email);
      setSent(result.message);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Could not send the reset link. Please try again.') });
    }
  });

  return (
    <AuthShell>
      <Card className="mx-auto w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl leading-tight font-semibold tracking-tight">Reset your password</h1>
          <CardDescription>Enter the e-mail address of your account and we will send you a reset link.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {sent ? (
            <div role="status" className="grid gap-3 text-center">
              <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                <MailCheck aria-hidden="true" className="size-6" />
              </span>
              <CardTitle>Check your email</CardTitle>
              <p className="text-sm text-muted-foreground">{sent} The link is valid for 1 hour.</p>
            </div>
          ) : (
            <form noValidate onSubmit={onSubmit} className="grid gap-4">
              <FormField id={`${id}-email`} label="Email" error={form.formState.errors.email?.message}>
                {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
              </FormField>
              <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
          )}
          <p className="text-center text-sm">
            <Link to="/auth?login=true" className="font-medium text-primary hover:underline">
              Back to Login
            </Link>
          </p>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
