import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogPanel, DialogTitle } from '#web/components/ui/dialog.tsx';
import { useUser } from '#web/lib/session.ts';
import { useProfileCompletion } from '../api/completion.ts';
import { shouldShowCompletionModal } from '../utils/steps.ts';
import { CompletionProgress } from './completion-progress.tsx';
import { CompletionSteps } from './completion-steps.tsx';

const storageKey = (userId: string) => `stacklab.completionDismissed.${userId}`;

function wasDismissed(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(storageKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * The dashboard's profile-completion dialog (product.md, Profile and health stats). It is docked in a corner and does
 * not block the page: the dashboard is where the day's intake is logged, and a prompt should not
 * stand between the user and that. Dismissing it keeps it closed for the rest of this browser
 * session, so coming back to the dashboard does not reopen it.
 */
export function ProfileCompletionModal() {
  const { data: user, isPending: userPending } = useUser();
  const completion = useProfileCompletion(Boolean(user));
  const [dismissed, setDismissed] = useState(() => (user ? wasDismissed(user.id) : false));

  const open = shouldShowCompletionModal({
    hasUser: Boolean(user),
    loading: userPending || completion.isPending,
    percent: completion.data?.percent,
    dismissed,
  });

  const dismiss = () => {
    setDismissed(true);
    try {
      if (user) window.sessionStorage.setItem(storageKey(user.id), '1');
    } catch {
      // Storage refused: it stays closed until the page reloads.
    }
  };

  if (!completion.data) return null;
  return (
    <Dialog open={open} modal={false} onOpenChange={(next) => (next ? undefined : dismiss())}>
      <DialogPanel>
        <DialogHeader>
          <DialogTitle>Complete your profile</DialogTitle>
          <DialogDescription>A few details help your tracking, reports and the assistant's answers fit you.</DialogDescription>
        </DialogHeader>
        <CompletionProgress completion={completion.data} />
        {/* On a phone the panel stays small: the next step only; the full list is on the profile. */}
        <div className="hidden sm:block">
          <CompletionSteps completion={completion.data} onNavigate={dismiss} />
        </div>
        <div className="sm:hidden">
          <CompletionSteps completion={{ ...completion.data, steps: completion.data.steps.filter((step) => step.status === 'todo').slice(0, 1) }} onNavigate={dismiss} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={dismiss}>
            Not now
          </Button>
        </DialogFooter>
      </DialogPanel>
    </Dialog>
  );
}
