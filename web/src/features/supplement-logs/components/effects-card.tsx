import { Smile } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import type { DayView } from '#contract/supplement-logs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { formatShortDate, useLocalToday } from '#web/lib/local-day.ts';
import { useDay, useDeleteEffects, useSaveEffects } from '../api/supplement-logs.ts';

const SCALES = [
  { key: 'energy', label: 'Energy', low: 'Drained', high: 'Energetic' },
  { key: 'mood', label: 'Mood', low: 'Low', high: 'Great' },
  { key: 'sleep', label: 'Sleep', low: 'Poor', high: 'Restful' },
] as const;
type ScaleKey = (typeof SCALES)[number]['key'];
type Ratings = Record<ScaleKey, number | null>;

function RatingScale({ name, label, low, high, value, onChange }: {
  name: string;
  label: string;
  low: string;
  high: string;
  value: number | null;
  onChange: (value: number) => void;
}) {
  const labelId = `${name}-label`;
  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm font-medium">
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="grid grid-cols-5 gap-1.5">
        {[1, 2, 3, 4, 5].map((score) => (
          <label key={score} className="relative">
            <input
              type="radio"
              name={name}
              value={score}
              checked={value === score}
              onChange={() => onChange(score)}
              className="peer absolute inset-0 cursor-pointer opacity-0"
              aria-label={`${score}`}
            />
            <span
              aria-hidden="true"
              className={cn(
                'flex h-10 items-center justify-center rounded-md border text-sm font-medium transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                value === score ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-surface hover:bg-muted',
              )}
            >
              {score}
            </span>
          </label>
        ))}
      </div>
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>1 {low}</span>
        <span>5 {high}</span>
      </div>
    </div>
  );
}

function EffectsForm({ date, isToday, saved }: { date: string; isToday: boolean; saved: DayView['effects'] }) {
  const id = useId();
  const save = useSaveEffects();
  const remove = useDeleteEffects(date);
  const [ratings, setRatings] = useState<Ratings>({ energy: saved?.energy ?? null, mood: saved?.mood ?? null, sleep: saved?.sleep ?? null });
  const [note, setNote] = useState(saved?.note ?? '');
  const [missing, setMissing] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { energy, mood, sleep } = ratings;
    if (energy === null || mood === null || sleep === null) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      await save.mutateAsync({ date, energy, mood, sleep, note: note.trim() || null });
      toast.success(isToday ? "Today's ratings are saved." : `The ratings for ${formatShortDate(date)} are saved.`);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to save your ratings. Please try again.') });
    }
  };

  const onDelete = async () => {
    try {
      const result = await remove.mutateAsync();
      toast.success(result.message);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete the rating. Please try again.') });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      {SCALES.map((scale) => (
        <RatingScale
          key={scale.key}
          name={`${id}-${scale.key}`}
          label={scale.label}
          low={scale.low}
          high={scale.high}
          value={ratings[scale.key]}
          onChange={(value) => setRatings((current) => ({ ...current, [scale.key]: value }))}
        />
      ))}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>Note (optional)</Label>
        <Textarea id={`${id}-note`} className="min-h-16" maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      {missing ? (
        <p role="alert" className="text-sm text-destructive">
          Rate your energy, mood and sleep from 1 to 5.
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs text-muted-foreground">{saved ? `Saving again replaces ${isToday ? 'today’s' : 'this day’s'} rating.` : 'One rating a day.'}</p>
        <div className="flex gap-2">
          {saved ? (
            <Button type="button" variant="outline" onClick={() => void onDelete()} disabled={remove.isPending || save.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete Rating'}
            </Button>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Rating'}
          </Button>
        </div>
      </div>
    </form>
  );
}

/**
 * How the day felt: energy, mood and sleep from 1 to 5, with an optional note; one per local day,
 * today unless another day is given (product.md, Tracking, "Any day").
 */
export function EffectsCard({ user, date: chosenDate }: { user: User; date?: string }) {
  const today = useLocalToday(user.timeZone);
  const date = chosenDate ?? today;
  const isToday = date === today;
  const day = useDay(date);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5">
            <Smile aria-hidden="true" />
          </span>
          <CardTitle>Rate your day</CardTitle>
        </div>
        <CardDescription>
          {isToday ? 'How did today feel?' : `How did ${formatShortDate(date)} feel?`} Your ratings sit beside your intake in your history.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {day.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={isToday ? "Loading today's rating" : "Loading the day's rating"} />
          </div>
        ) : (
          // Keyed by day and saved rating, so the form starts from what the server holds.
          <EffectsForm key={`${date}-${day.data?.effects?.id ?? 'none'}`} date={date} isToday={isToday} saved={day.data?.effects ?? null} />
        )}
      </CardContent>
    </Card>
  );
}
