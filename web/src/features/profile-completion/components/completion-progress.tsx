import type { ProfileCompletion } from '#contract/profile.ts';
import { Progress } from '#web/components/ui/progress.tsx';

export function CompletionProgress({ completion }: { completion: ProfileCompletion }) {
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{completion.percent}% complete</span>
        <span className="text-muted-foreground">
          {completion.completed} of {completion.total} steps
        </span>
      </div>
      <Progress value={completion.percent} aria-label="Profile completion" />
    </div>
  );
}
