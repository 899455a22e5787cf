import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useResendVerification } from '../api/email-links.ts';

export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const id = useId();
  const [email, setEmail] = useState(defaultEmail);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const resend = useResendVerification();
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        resend.mutate(email, {
          onSuccess: (result) => setSentMessage(result.message),
          onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not send the link. Please try again.') }),
        });
      }}
    >
      <FormField id={`${id}-email`} label="Email" error={resend.error ? errorMessage(resend.error, '') : undefined}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        )}
      </FormField>
      <Button type="submit" variant="secondary" disabled={resend.isPending || !email.trim()}>
        {resend.isPending ? 'Sending...' : 'Resend verification link'}
      </Button>
      {sentMessage ? (
        <p role="status" className="text-sm text-success">
          {sentMessage}
        </p>
      ) : null}
    </form>
  );
}
