import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { User } from '#contract/auth.ts';
import { passkeyNameSchema, passwordProofBodySchema } from '#contract/two-factor.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/two-factor.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const addPasskeySchema = z.object({ name: passkeyNameSchema, password: passwordProofBodySchema.shape.password });
type AddPasskeyInput = z.input<typeof addPasskeySchema>;
const fieldOf = sameNames<AddPasskeyInput>(['name', 'password']);

/** The user's passkeys: named, listed, removable; a new one is made by the browser or device. */
export function PasskeysSection({ user }: { user: User }) {
  const id = useId();
  return (
    <section className="grid gap-3" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="size-5 text-primary" /> Passkeys
      </h3>
      <p className="text-sm text-muted-foreground">
        A passkey signs you in with your device's fingerprint, face or PIN, with no password. It also works as the second factor.
      </p>
      <PasskeyList />
      <AddPasskeyForm user={user} />
    </section>
  );
}

function PasskeyList() {
  const passkeys = usePasskeys();
  const remove = useRemovePasskey();
  if (passkeys.isPending) return <Spinner label="Loading passkeys" />;
  if (passkeys.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(passkeys.error, 'Could not load your passkeys.')}
      </p>
    );
  }
  if (passkeys.data.length === 0) return <p className="text-sm text-muted-foreground">No passkeys yet.</p>;
  return (
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
  );
}

function AddPasskeyForm({ user }: { user: User }) {
  const id = useId();
  const add = useAddPasskey();
  const form = useForm<AddPasskeyInput, unknown, z.output<typeof addPasskeySchema>>({
    resolver: zodResolver(addPasskeySchema),
    defaultValues: { name: '', password: '' },
  });
  const { errors } = form.formState;

  const onAdd = form.handleSubmit(async ({ name, password }) => {
    try {
      await add.mutateAsync({ name, password: user.hasPassword ? password : undefined });
      form.reset();
      toast.success('Passkey added', { description: 'You can now sign in with it instead of your password.' });
    } catch (failure) {
      // The user closed the browser's passkey prompt: nothing to say.
      if (failure instanceof Error && failure.name === 'NotAllowedError') return;
      if (!setServerErrors(failure, form.setError, fieldOf)) {
        form.setError('root', { type: 'server', message: errorMessage(failure, 'The passkey could not be added. Please try again.') });
      }
    }
  });

  return (
    <form noValidate onSubmit={onAdd} className="grid gap-3 sm:grid-cols-2" aria-label="Add a passkey">
      <FormField id={`${id}-name`} label="Passkey name" hint='For example "Work laptop" or "Phone".' error={errors.name?.message}>
        {(control) => <Input {...control} maxLength={60} {...form.register('name')} />}
      </FormField>
      {user.hasPassword ? (
        <FormField id={`${id}-password`} label="Your password" error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
        </FormField>
      ) : null}
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" variant="outline" className="w-fit" disabled={add.isPending}>
        {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
      </Button>
    </form>
  );
}
