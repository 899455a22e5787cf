import { CalendarCheck, Check } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { LOG_MESSAGES } from '#contract/supplement-logs-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { isApiError } from '#web/lib/api-fetch.ts';
import { formatTimeIn, useLocalToday } from '#web/lib/local-day.ts';
import { useSupplements } from '#web/features/supplements/public.ts';
import { useDay, useMarkToday } from '../api/supplement-logs.ts';
import { describeTimes, itemsDueOn } from '../utils/today.ts';

/**
 * "Today" (product.md, Tracking, "Schedules"): what is due today by each supplement's schedule,
 * what was taken, and one tap to mark a dose. It writes the same intake as "Save Today".
 */
export function TodayCard({ user, onLogged }: { user: User; onLogged?: () => void }) {
  const navigate = useNavigate();
  const today = useLocalToday(user.timeZone);
  const supplements = useSupplements();
  const day = useDay(today);
  const mark = useMarkToday();
  if (!supplements.data || supplements.data.length === 0) return null;
  const items = itemsDueOn(supplements.data, day.data, today);
  const done = items.filter((item) => item.takenAt).length;

  const onMark = async (supplementId: string, name: string, taken: boolean) => {
    try {
      await mark.mutateAsync({ supplementId, taken });
      toast.success(taken ? `${name} marked as taken` : `${name} marked as not taken`);
      onLogged?.();
    } catch (error) {
      const expired = isApiError(error) && error.code === 'TRIAL_EXPIRED';
      toast.error(expired ? error.message : LOG_MESSAGES.saveFailed, expired ? { action: { label: 'Upgrade Plan', onClick: () => navigate('/subscription-page') } } : undefined);
    }
  };

  return (
    <Card id="today" role="region" aria-labelledby="today-title">
      <CardHeader>
        <div className="flex items-center gap-3">
          <CardIcon>
            <CalendarCheck aria-hidden="true" />
          </CardIcon>
          <div className="grid gap-1">
            <CardTitle id="today-title">Today</CardTitle>
            <CardDescription aria-live="polite">
              {items.length === 0 ? 'Nothing is due today.' : `${done} of ${items.length} taken`}
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      {items.length > 0 ? (
        <CardContent>
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Due today">
            {items.map(({ supplement, times, takenAt }) => (
              <li key={supplement.id} className="flex flex-wrap items-center gap-3 px-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{supplement.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {supplement.dosage} · {supplement.schedule && times.length === 0 ? 'Not due today' : describeTimes(times)}
                  </p>
                </div>
                {takenAt ? (
                  <div className="flex items-center gap-2">
                    <span className="flex items-center gap-1 text-sm text-primary">
                      <Check aria-hidden="true" className="size-4" /> Taken at {formatTimeIn(takenAt, user.timeZone)}
                    </span>
                    <Button variant="ghost" size="sm" disabled={mark.isPending} onClick={() => void onMark(supplement.id, supplement.name, false)}>
                      Undo<span className="sr-only"> {supplement.name}</span>
                    </Button>
                  </div>
                ) : (
                  <Button size="sm" disabled={mark.isPending} onClick={() => void onMark(supplement.id, supplement.name, true)}>
                    Mark taken<span className="sr-only"> {supplement.name}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}
