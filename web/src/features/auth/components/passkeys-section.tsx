import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/two-factor.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The user's passkeys: named, listed, removable; a new one is made by the browser or device. */
export function PasskeysSection({ user }: { user: User }) {
  const id = useId();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      setError('Name is required');
      return;
    }
    try {
      await add.mutateAsync({ name: name.trim(), password: user.hasPassword ? password : undefined });
      setName('');
      setPassword('');
      toast.success('Passkey added', { description: 'You can now sign in with it instead of your password.' });
    } catch (failure) {
      if (failure instanceof Error && failure.name === 'NotAllowedError') return;
      setError(errorMessage(failure, 'The passkey could not be added. Please try again.'));
    }
  };

  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="size-5 text-primary" /> Passkeys
      </h3>
      <p className="text-sm text-muted-foreground">
        A passkey signs you in with your device's fingerprint, face or PIN, with no password. It also works as the second factor.
      </p>
      {passkeys.isPending ? (
        <Spinner label="Loading passkeys" />
      ) : passkeys.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(passkeys.error, 'Could not load your passkeys.')}
        </p>
      ) : passkeys.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No passkeys yet.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Your passkeys">
          {passkeys.data.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">{passkey.name}</p>
                <p className="text-sm text-muted-foreground">
                  Added {dateTime.format(new Date(passkey.createdAt))}
                  {passkey.lastUsedAt ? ` · Last used ${dateTime.format(new Date(passkey.lastUsedAt))}` : ''}
                </p>
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={remove.isPending && remove.variables?.id === passkey.id}
                aria-label={`Remove passkey ${passkey.name}`}
                onClick={() =>
                  remove.mutate(passkey, {
                    onSuccess: (answer) => toast.success('Passkey removed', { description: answer.message }),
                    onError: (failure) => toast.error('Error', { description: errorMessage(failure, 'The passkey could not be removed.') }),
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={onAdd} className="grid gap-3 sm:grid-cols-2" aria-label="Add a passkey">
        <FormField id={`${id}-name`} label="Passkey name" hint='For example "Work laptop" or "Phone".'>
          {(control) => <Input {...control} maxLength={60} value={name} onChange={(event) => setName(event.target.value)} />}
        </FormField>
        {user.hasPassword ? (
          <FormField id={`${id}-password`} label="Your password">
            {(control) => (
              <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
            )}
          </FormField>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="outline" className="w-fit" disabled={add.isPending}>
          {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
        </Button>
      </form>
    </section>
  );
}
