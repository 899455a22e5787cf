import { ShieldCheck } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { User } from '#contract/auth.ts';
import { TWO_FACTOR_MESSAGES, type TotpSetup, type TwoFactorProof, twoFactorProofBodySchema } from '#contract/two-factor.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { type FieldOf, bodySchema, setServerErrors } from '#web/lib/forms.ts';
import { useDisableTwoFactor, useEnableTotp, useNewRecoveryCodes, useStartTotpSetup, useTwoFactorStatus } from '../api/two-factor.ts';
import { PasskeysSection } from './passkeys-section.tsx';

/** The profile's sign-in security: an authenticator app with recovery codes, and passkeys. */
export function TwoFactorCard({ user }: { user: User }) {
  const status = useTwoFactorStatus();
  // Held here, not in the set-up form: turning two-factor on refreshes the status, which swaps that form out.
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor authentication</CardTitle>
        <CardDescription>
          Ask for a code from an authenticator app after your password, and sign in with passkeys instead of a password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {codes ? (
          <RecoveryCodesList codes={codes} onDone={() => setCodes(null)} />
        ) : status.isPending ? (
          <Spinner label="Loading two-factor settings" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(status.error, 'Could not load your two-factor settings.')}
          </p>
        ) : status.data.totpEnabled ? (
          <TotpOn user={user} recoveryCodesLeft={status.data.recoveryCodesLeft} onCodes={setCodes} />
        ) : (
          <TotpSetupFlow user={user} onCodes={setCodes} />
        )}
        <PasskeysSection user={user} />
      </CardContent>
    </Card>
  );
}

/** A password (8 or more characters) or a 6-digit code from the app: either proves it is the owner. */
function proofOf(value: string): TwoFactorProof {
  const digits = value.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? { code: digits } : { password: value };
}

type ShowCodes = (codes: string[]) => void;

type ProofValues = { proof: string };
/** Every field of the proof's body is the one field the user types it in. */
const proofField: FieldOf<ProofValues> = () => 'proof';

/**
 * The proof's form checks the contract's body; that one is needed at all is the server's rule
 * (its service answers `proofRequired`), said here before sending.
 */
export function proofFormSchema(hasPassword: boolean) {
  return z
    .object({ proof: z.string().min(1, hasPassword ? TWO_FACTOR_MESSAGES.proofRequired : 'Enter a code from your authenticator app.') })
    .pipe(bodySchema<ProofValues>(twoFactorProofBodySchema, ({ proof }) => proofOf(proof), proofField));
}

function TotpOn({ user, recoveryCodesLeft, onCodes }: { user: User; recoveryCodesLeft: number; onCodes: ShowCodes }) {
  const id = useId();
  const form = useForm<ProofValues>({ resolver: zodResolver(proofFormSchema(user.hasPassword)), defaultValues: { proof: '' } });
  const disable = useDisableTwoFactor();
  const regenerate = useNewRecoveryCodes();

  const run = (action: 'disable' | 'regenerate') =>
    form.handleSubmit(async ({ proof }) => {
      try {
        if (action === 'disable') {
          const answer = await disable.mutateAsync(proofOf(proof));
          toast.success('Two-factor authentication', { description: answer.message });
        } else {
          onCodes((await regenerate.mutateAsync(proofOf(proof))).recoveryCodes);
        }
        form.reset();
      } catch (failure) {
        if (!setServerErrors(failure, form.setError, proofField)) form.setError('proof', { message: errorMessage(failure, 'That did not work. Please try again.') });
      }
    });

  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" /> Authenticator app <Badge>On</Badge>
      </h3>
      <p className="text-sm text-muted-foreground">
        {recoveryCodesLeft} of 10 recovery codes left. Make new ones if you have used most of them or lost them.
      </p>
      <FormField id={`${id}-proof`} label={user.hasPassword ? 'Password or authentication code' : 'Authentication code'} error={form.formState.errors.proof?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('proof')} />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={regenerate.isPending} onClick={(event) => void run('regenerate')(event)}>
          New recovery codes
        </Button>
        <Button variant="destructive" disabled={disable.isPending} onClick={(event) => void run('disable')(event)}>
          Turn off two-factor
        </Button>
      </div>
    </section>
  );
}

/** Password, then the secret to add to the app, then a first code; the recovery codes are shown once at the end. */
function TotpSetupFlow({ user, onCodes }: { user: User; onCodes: ShowCodes }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  return setup ? <TotpConfirmForm setup={setup} onCodes={onCodes} /> : <TotpStartForm user={user} onStarted={setSetup} />;
}

// Both steps send what was typed and show the server's answer: no check of their own.
const passwordStepSchema = z.object({ password: z.string() });
const codeStepSchema = z.object({ code: z.string() });

function TotpStartForm({ user, onStarted }: { user: User; onStarted: (setup: TotpSetup) => void }) {
  const id = useId();
  const start = useStartTotpSetup();
  const form = useForm<z.infer<typeof passwordStepSchema>>({ resolver: zodResolver(passwordStepSchema), defaultValues: { password: '' } });
  const error = form.formState.errors.root?.message;

  const onStart = form.handleSubmit(async ({ password }) => {
    try {
      onStarted(await start.mutateAsync(user.hasPassword ? password : undefined));
    } catch (failure) {
      form.setError('root', { message: errorMessage(failure, 'Could not start the set-up. Please try again.') });
    }
  });

  return (
    <form noValidate onSubmit={onStart} className="grid gap-3" aria-label="Set up an authenticator app">
      <h3 className="flex items-center gap-2 font-semibold">
        Authenticator app <Badge variant="outline">Off</Badge>
      </h3>
      {user.hasPassword ? (
        <FormField id={`${id}-password`} label="Password" error={error} hint="To change how you sign in, confirm it is you.">
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
        </FormField>
      ) : error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="outline" className="w-fit" disabled={start.isPending}>
        Set up authenticator app
      </Button>
    </form>
  );
}

function TotpConfirmForm({ setup, onCodes }: { setup: TotpSetup; onCodes: ShowCodes }) {
  const id = useId();
  const enable = useEnableTotp();
  const form = useForm<z.infer<typeof codeStepSchema>>({ resolver: zodResolver(codeStepSchema), defaultValues: { code: '' } });

  const onEnable = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await enable.mutateAsync(code);
      onCodes(answer.recoveryCodes);
      toast.success('Two-factor authentication', { description: answer.message });
    } catch (failure) {
      form.setError('root', { message: errorMessage(failure, 'That code did not work. Please try again.') });
    }
  });

  return (
    <form noValidate onSubmit={onEnable} className="grid gap-3" aria-label="Confirm your authenticator app">
      <p className="text-sm">
        Add StackLab to your authenticator app with this key (choose "enter a setup key", time based), or open the link on the
        device that has the app. Then enter the 6-digit code it shows.
      </p>
      <dl className="grid gap-2 rounded-lg bg-muted p-3 text-sm">
        <dt className="font-medium">Setup key</dt>
        <dd className="font-mono break-all" data-testid="totp-secret">
          {setup.secret}
        </dd>
        <dt className="font-medium">Link</dt>
        <dd className="font-mono break-all">
          <a href={setup.uri} className="text-primary hover:underline">
            {setup.uri}
          </a>
        </dd>
      </dl>
      <FormField id={`${id}-code`} label="Code from your app" error={form.formState.errors.root?.message}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" {...form.register('code')} />}
      </FormField>
      <Button type="submit" className="w-fit" disabled={enable.isPending}>
        {enable.isPending ? 'Checking...' : 'Turn on two-factor'}
      </Button>
    </form>
  );
}

function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="grid gap-3" aria-label="Recovery codes">
      <p className="text-sm">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ol className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-3 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast.success('Recovery codes copied'))}>
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved these codes</Button>
      </div>
    </section>
  );
}
