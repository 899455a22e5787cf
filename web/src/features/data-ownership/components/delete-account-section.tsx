import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import type { User } from '#contract/auth.ts';
import { REAUTH_WINDOW_MINUTES } from '#contract/auth.ts';
import { ACCOUNT_MESSAGES, deleteAccountBodySchema } from '#contract/data-ownership.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { setSignedInUser } from '#web/lib/session.ts';
import { useDeleteAccount } from '../api/account.ts';

// The body's password is optional because a Google-only account has none; the server asks for it when there is one.
const withPasswordSchema = z.object({ password: deleteAccountBodySchema.shape.password.unwrap().min(1, ACCOUNT_MESSAGES.passwordRequired) });
const withoutPasswordSchema = z.object({ password: z.string() });
type DeleteValues = z.infer<typeof withPasswordSchema>;
const fieldOf = sameNames<DeleteValues>(['password']);

/**
 * Deleting the account: a clear list of what goes, the password (or, for a Google-only account, a
 * recent sign-in), then the browser is signed out and lands on the landing page.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={`${id}-delete`} className="grid gap-3 rounded-lg border border-destructive/40 p-4">
      <div>
        <h3 id={`${id}-delete`} className="font-semibold text-destructive">
          Delete account
        </h3>
        <p className="text-sm text-muted-foreground">
          Deletes your account and everything in it, for good. Export your data first if you may want it later.
        </p>
      </div>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" className="w-fit">
            <Trash2 aria-hidden="true" /> Delete account
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          {/* The dialog's content unmounts when it closes, so the form starts empty each time. */}
          <DeleteAccountForm user={user} onDeleted={() => setOpen(false)} />
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

function DeleteAccountForm({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const id = useId();
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<DeleteValues>({
    resolver: zodResolver(user.hasPassword ? withPasswordSchema : withoutPasswordSchema),
    defaultValues: { password: '' },
  });
  const error = form.formState.errors.password?.message ?? form.formState.errors.root?.message;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const answer = await remove.mutateAsync(user.hasPassword ? { password } : {});
      onDeleted();
      navigate('/');
      queryClient.removeQueries({ predicate: (query) => !['user', 'config', 'plans'].includes(String(query.queryKey[0])) });
      setSignedInUser(queryClient, null);
      toast.success('Account deleted', { description: answer.message });
    } catch (failure) {
      if (!setServerErrors(failure, form.setError, fieldOf)) {
        form.setError('root', { type: 'server', message: errorMessage(failure, 'Your account could not be deleted. Please try again.') });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <AlertDialogTitle>Delete your account?</AlertDialogTitle>
      <AlertDialogDescription asChild>
        <div className="grid gap-2">
          <p>This cannot be undone. At once and for good, we delete:</p>
          <ul className="list-disc pl-5">
            <li>your supplements, intake logs, ratings, notes and chats</li>
            <li>your health stats, lab files and results</li>
            <li>your share links (they stop opening) and every session</li>
            <li>your subscription, which is cancelled with no further charges</li>
          </ul>
          <p>Backups holding your data are deleted as they expire, within 30 days.</p>
        </div>
      </AlertDialogDescription>
      {user.hasPassword ? (
        <FormField id={`${id}-password`} label="Your password" error={error}>
          {(props) => <Input {...props} type="password" autoComplete="current-password" {...form.register('password')} />}
        </FormField>
      ) : (
        <>
          <p className="text-sm">
            Your account signs in with Google and has no password. For your safety, deleting it needs a sign-in less than{' '}
            {REAUTH_WINDOW_MINUTES} minutes old: if you signed in earlier, sign out, sign in again, and come back here.
          </p>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </>
      )}
      <AlertDialogFooter>
        <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account forever'}
        </Button>
      </AlertDialogFooter>
    </form>
  );
}
