import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { reauthenticateBodySchema } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiFetch, errorMessage } from '#web/lib/api-fetch.ts';
import { sameNames, setServerErrors } from '#web/lib/forms.ts';
import { type ReauthRequest, usePendingReauth } from '#web/lib/reauth.ts';
import { userQueryOptions } from '#web/lib/session.ts';

type ReauthFields = { password: string };

/** The password dialog of `withReauth`; an account without a password is sent to sign in with Google again. */
export function ReauthDialog() {
  const request = usePendingReauth();
  if (!request) return null;
  return <ReauthForm key={request.id} request={request} />;
}

function ReauthForm({ request }: { request: ReauthRequest }) {
  const id = useId();
  const form = useForm<ReauthFields>({ resolver: zodResolver(reauthenticateBodySchema), defaultValues: { password: '' } });
  const error = form.formState.errors.password?.message;
  const busy = form.formState.isSubmitting;
  const user = useQueryClient().getQueryData(userQueryOptions.queryKey);
  const hasPassword = user?.hasPassword !== false;

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await apiFetch('/api/auth/reauthenticate', { method: 'POST', body });
      request.settle(true);
    } catch (failure) {
      if (!setServerErrors(failure, form.setError, sameNames<ReauthFields>(['password']))) {
        form.setError('password', { type: 'server', message: errorMessage(failure, 'Your password could not be checked. Please try again.') });
      }
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : request.settle(false))}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription>{request.message}</DialogDescription>
          </DialogHeader>
          {hasPassword ? (
            <FormField id={`${id}-password`} label="Your password" error={error}>
              {(props) => (
                <Input {...props} type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
              )}
            </FormField>
          ) : (
            <p className="text-sm">Your account signs in with Google. Sign in with Google again, then come back and try once more.</p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => request.settle(false)}>
              Cancel
            </Button>
            {hasPassword ? (
              <Button type="submit" disabled={busy}>
                {busy ? 'Checking...' : 'Confirm'}
              </Button>
            ) : (
              <Button type="button" onClick={() => window.location.assign('/auth/google?signup=false')}>
                Sign in with Google again
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
