import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { type SecondFactorChallenge, secondFactorBodySchema } from '#contract/two-factor.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { bodySchema, sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useSecondFactor } from '../api/two-factor.ts';

type CodeValues = { code: string };
const fieldOf = sameNames<CodeValues>(['code']);
// The token is the server's, not the user's: any stands in for it while the code is checked.
const codeFormSchema = bodySchema<CodeValues>(secondFactorBodySchema, ({ code }) => ({ token: 'challenge', code }), fieldOf);

/**
 * The second step of a sign-in: the code from the authenticator app, a recovery code, or one of
 * the account's passkeys. An expired challenge sends the user back to the password.
 */
export function SecondFactorForm({ challenge, onDone, onRestart }: { challenge: SecondFactorChallenge; onDone: () => void; onRestart: () => void }) {
  const id = useId();
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useSecondFactor();
  const form = useForm<CodeValues>({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const { errors } = form.formState;

  const finish = async (input: { token: string; code: string } | { token: string; passkey: true }) => {
    form.clearErrors();
    try {
      await verify.mutateAsync(input);
      onDone();
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'TOKEN_INVALID') {
        toast.error('Login Error', { description: failure.message });
        onRestart();
        return;
      }
      if (!setServerErrors(failure, form.setError, fieldOf)) {
        form.setError('root', { type: 'server', message: errorMessage(failure, 'That did not work. Please try again.') });
      }
    }
  };

  const onSubmit = form.handleSubmit(({ code }) => finish({ token: challenge.token, code }));

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Two-factor authentication">
        <p className="text-sm text-muted-foreground">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for StackLab.'}
        </p>
        <FormField id={`${id}-code`} label={useRecovery ? 'Recovery code' : 'Authentication code'} error={errors.code?.message ?? errors.root?.message}>
          {(control) => (
            <Input
              {...control}
              autoFocus
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              {...form.register('code')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      {challenge.methods.includes('passkey') ? (
        <Button type="button" variant="outline" disabled={verify.isPending} onClick={() => void finish({ token: challenge.token, passkey: true })}>
          <KeyRound aria-hidden="true" /> Use a passkey
        </Button>
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            form.reset();
          }}
        >
          {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </button>
        <button type="button" className="font-medium text-primary hover:underline" onClick={onRestart}>
          Back to Login
        </button>
      </div>
    </div>
  );
}
