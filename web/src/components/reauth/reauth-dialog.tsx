import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { apiFetch, errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { type ReauthRequest, usePendingReauth } from '#web/lib/reauth.ts';
import { userQueryOptions } from '#web/lib/session.ts';

/** The password dialog of `withReauth`; an account without a password is sent to sign in with Google again. */
export function ReauthDialog() {
  const request = usePendingReauth();
  if (!request) return null;
  return <ReauthForm key={request.id} request={request} />;
}

function ReauthForm({ request }: { request: ReauthRequest }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const user = useQueryClient().getQueryData(userQueryOptions.queryKey);
  const hasPassword = user?.hasPassword !== false;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Password is required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiFetch('/api/auth/reauthenticate', { method: 'POST', body: { password } });
      request.settle(true);
    } catch (failure) {
      const field = isApiError(failure) ? failure.details.find((detail) => detail.field === 'password') : undefined;
      setError(field?.message ?? errorMessage(failure, 'Your password could not be checked. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : request.settle(false))}>
      <DialogContent>
        <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Confirm it is you</DialogTitle>
            <DialogDescription>{request.message}</DialogDescription>
          </DialogHeader>
          {hasPassword ? (
            <FormField id={`${id}-password`} label="Your password" error={error ?? undefined}>
              {(props) => (
                <Input {...props} type="password" autoComplete="current-password" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} />
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
