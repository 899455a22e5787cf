import { Flame } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useStreak } from '../api/streak.ts';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The logging streak toward the 90-day goal (product.md, Tracking). */
export function StreakCard() {
  const streak = useStreak();
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <CardIcon>
            <Flame aria-hidden="true" />
          </CardIcon>
          <CardTitle>Logging streak</CardTitle>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {streak.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading streak" />
          </div>
        ) : streak.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>Failed to load streak data</p>
            <Button variant="outline" size="sm" onClick={() => void streak.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <p>
              <span className="text-3xl font-semibold">{streak.data.streakDays}</span>{' '}
              <span className="text-muted-foreground">{streak.data.streakDays === 1 ? 'day' : 'days'} in a row</span>
            </p>
            <Progress value={Math.min(streak.data.streakDays, streak.data.goalDays)} max={streak.data.goalDays} aria-label={`Streak toward the ${streak.data.goalDays}-day goal`} />
            <p className="text-sm text-muted-foreground">
              {streak.data.streakDays >= streak.data.goalDays
                ? `Goal reached: ${days(streak.data.goalDays)} of logging.`
                : `${streak.data.streakDays} of ${streak.data.goalDays} days toward your goal.`}{' '}
              {streak.data.loggedToday
                ? 'Today is logged.'
                : streak.data.streakDays > 0
                  ? 'Log today to keep it going.'
                  : 'Log today to start one.'}
            </p>
            {streak.data.longestStreak > 0 ? <p className="text-xs text-muted-foreground">Longest streak: {days(streak.data.longestStreak)}</p> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
