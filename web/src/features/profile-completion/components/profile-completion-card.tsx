import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useProfileCompletion } from '../api/completion.ts';
import { CompletionProgress } from './completion-progress.tsx';
import { CompletionSteps } from './completion-steps.tsx';

/** Profile settings: how complete the profile is, from the server's five steps. */
export function ProfileCompletionCard() {
  const completion = useProfileCompletion();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile completion</CardTitle>
        <CardDescription>A complete profile lets the assistant and your reports use your own data.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {completion.isPending ? (
          <Spinner label="Loading profile completion" />
        ) : completion.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>Profile completion could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void completion.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <CompletionProgress completion={completion.data} />
            <CompletionSteps completion={completion.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
