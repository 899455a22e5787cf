import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { SecondFactorChallenge } from '#contract/two-factor.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { useSecondFactor } from '../api/two-factor.ts';

/**
 * The second step of a sign-in: the code from the authenticator app, a recovery code, or one of
 * the account's passkeys. An expired challenge sends the user back to the password.
 */
export function SecondFactorForm({ challenge, onDone, onRestart }: { challenge: SecondFactorChallenge; onDone: () => void; onRestart: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const verify = useSecondFactor();

  const finish = async (input: { token: string; code: string } | { token: string; passkey: true }) => {
    setError(null);
    try {
      await verify.mutateAsync(input);
      onDone();
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'TOKEN_INVALID') {
        toast.error('Login Error', { description: failure.message });
        onRestart();
        return;
      }
      setError(errorMessage(failure, 'That did not work. Please try again.'));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(useRecovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code.');
      return;
    }
    void finish({ token: challenge.token, code });
  };

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Two-factor authentication">
        <p className="text-sm text-muted-foreground">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for StackLab.'}
        </p>
        <FormField id={`${id}-code`} label={useRecovery ? 'Recovery code' : 'Authentication code'} error={error ?? undefined}>
          {(control) => (
            <Input
              {...control}
              autoFocus
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              value={code}
              onChange={(event) => setCode(event.target.value)}
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
            setCode('');
            setError(null);
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
