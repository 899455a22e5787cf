import { useQueryClient } from '@tanstack/react-query';
import { Laptop, Smartphone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { SessionInfo } from '#contract/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { setSignedInUser } from '#web/lib/session.ts';
import { useEndSession, useSessions } from '../api/sessions.ts';
import { describeUserAgent } from '../utils/user-agent.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function isMobile(userAgent: string | null): boolean {
  return /Mobile|iPhone|iPad|Android/.test(userAgent ?? '');
}

/** Where the user is signed in; any session can be ended, the current one signs out. */
export function SessionsCard() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const end = (session: SessionInfo) => {
    endSession.mutate(session, {
      onSuccess: () => {
        if (session.current) {
          navigate('/');
          queryClient.removeQueries({ queryKey: ['sessions'] });
          setSignedInUser(queryClient, null);
          toast.success('Logged out', { description: 'You have been successfully logged out' });
        } else {
          toast.success('Session ended', { description: 'That device is signed out.' });
        }
      },
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not end the session. Please try again.') }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>The devices where you are signed in. End any session you do not recognise.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Spinner label="Loading sessions" />
        ) : sessions.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {errorMessage(sessions.error, 'Could not load your sessions.')}
            <Button size="sm" variant="outline" onClick={() => void sessions.refetch()}>
              Retry
            </Button>
          </div>
        ) : sessions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing here yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} ending={endSession.isPending && endSession.variables?.id === session.id} onEnd={() => end(session)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session, ending, onEnd }: { session: SessionInfo; ending: boolean; onEnd: () => void }) {
  const device = describeUserAgent(session.userAgent);
  return (
    <li className="grid grid-cols-[auto_1fr] items-center gap-3 py-4 first:pt-0 last:pb-0 sm:flex">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        {isMobile(session.userAgent) ? <Smartphone aria-hidden="true" className="size-5" /> : <Laptop aria-hidden="true" className="size-5" />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium" title={session.userAgent ?? undefined}>
          {device}
          {session.current ? <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">This device</span> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.ipAddress ? `${session.ipAddress} · ` : ''}Last seen {dateTime.format(new Date(session.lastSeenAt))}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="col-span-2 sm:col-auto"
        disabled={ending}
        onClick={onEnd}
        aria-label={`End session: ${device}${session.current ? ' (this device)' : ''}`}
      >
        {ending ? 'Ending...' : 'End session'}
      </Button>
    </li>
  );
}
