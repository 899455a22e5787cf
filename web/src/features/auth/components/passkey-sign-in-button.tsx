import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { usePasskeySignIn } from '../api/two-factor.ts';

/** Signs in with a passkey saved in this browser or device: no username or password. */
export function PasskeySignInButton({ onDone }: { onDone: () => void }) {
  const signIn = usePasskeySignIn();
  if (typeof window !== 'undefined' && !('PublicKeyCredential' in window)) return null;

  const onClick = async () => {
    try {
      await signIn.mutateAsync();
      onDone();
    } catch (failure) {
      // Closing the browser's passkey prompt is a choice, not an error worth a toast.
      if (failure instanceof Error && failure.name === 'NotAllowedError') return;
      toast.error('Login Error', { description: errorMessage(failure, 'Signing in with a passkey did not work. Please try again.') });
    }
  };

  return (
    <Button type="button" variant="outline" size="lg" className="w-full" disabled={signIn.isPending} onClick={() => void onClick()}>
      <KeyRound aria-hidden="true" /> {signIn.isPending ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}
