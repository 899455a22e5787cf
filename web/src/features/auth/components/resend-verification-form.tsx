import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { resendVerificationBodySchema } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useResendVerification } from '../api/email-links.ts';

type ResendInput = z.input<typeof resendVerificationBodySchema>;
const fieldOf = sameNames<ResendInput>(['email']);

export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const id = useId();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const resend = useResendVerification();
  const form = useForm<ResendInput, unknown, z.output<typeof resendVerificationBodySchema>>({
    resolver: zodResolver(resendVerificationBodySchema),
    defaultValues: { email: defaultEmail },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const result = await resend.mutateAsync(email);
      setSentMessage(result.message);
    } catch (error) {
      if (!setServerErrors(error, form.setError, fieldOf)) {
        toast.error('Error', { description: errorMessage(error, 'Could not send the link. Please try again.') });
      }
    }
  });

  return (
    <form noValidate className="grid gap-3" onSubmit={onSubmit}>
      <FormField id={`${id}-email`} label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <Button type="submit" variant="secondary" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Resend verification link'}
      </Button>
      {sentMessage ? (
        <p role="status" className="text-sm text-success">
          {sentMessage}
        </p>
      ) : null}
    </form>
  );
}
