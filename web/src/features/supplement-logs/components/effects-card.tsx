import { zodResolver } from '@hookform/resolvers/zod';
import { Smile } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { type DayView, effectsBodySchema } from '#contract/supplement-logs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { bodySchema, sameNames, setServerErrors } from '#web/lib/forms.ts';
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

type EffectsValues = Ratings & { note: string };
const RATING_FIELDS = ['energy', 'mood', 'sleep'] as const;

function toBody(date: string, values: EffectsValues) {
  return { date, energy: values.energy, mood: values.mood, sleep: values.sleep, note: values.note.trim() || null };
}
// Only the day's fields are the user's: any valid date stands in for it while the ratings are checked.
const effectsFormSchema = bodySchema(effectsBodySchema, (values: EffectsValues) => toBody('2025-01-01', values), sameNames<EffectsValues>([...RATING_FIELDS, 'note']));

function EffectsForm({ date, isToday, saved }: { date: string; isToday: boolean; saved: DayView['effects'] }) {
  const id = useId();
  const save = useSaveEffects();
  const form = useForm<EffectsValues>({
    resolver: zodResolver(effectsFormSchema),
    defaultValues: { energy: saved?.energy ?? null, mood: saved?.mood ?? null, sleep: saved?.sleep ?? null, note: saved?.note ?? '' },
  });
  const { errors } = form.formState;
  // A scale can only be left unrated, so one line asks for all three.
  const unrated = RATING_FIELDS.some((field) => errors[field]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { energy, mood, sleep, note } = toBody(date, values);
      // The schema has refused an unrated scale; this only tells the types.
      if (energy === null || mood === null || sleep === null) return;
      await save.mutateAsync({ date, energy, mood, sleep, note });
      toast.success(isToday ? "Today's ratings are saved." : `The ratings for ${formatShortDate(date)} are saved.`);
    } catch (error) {
      if (!setServerErrors(error, form.setError, sameNames<EffectsValues>(['note']))) {
        toast.error('Error', { description: errorMessage(error, 'Failed to save your ratings. Please try again.') });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {SCALES.map((scale) => (
        <Controller
          key={scale.key}
          control={form.control}
          name={scale.key}
          render={({ field }) => (
            <RatingScale name={`${id}-${scale.key}`} label={scale.label} low={scale.low} high={scale.high} value={field.value} onChange={field.onChange} />
          )}
        />
      ))}
      <FormField id={`${id}-note`} label="Note (optional)" error={errors.note?.message}>
        {(control) => <Textarea {...control} className="min-h-16" maxLength={1000} {...form.register('note')} />}
      </FormField>
      {unrated ? (
        <p role="alert" className="text-sm text-destructive">
          Rate your energy, mood and sleep from 1 to 5.
        </p>
      ) : null}
      <EffectsActions date={date} isToday={isToday} saved={saved} saving={save.isPending} />
    </form>
  );
}

function EffectsActions({ date, isToday, saved, saving }: { date: string; isToday: boolean; saved: DayView['effects']; saving: boolean }) {
  const remove = useDeleteEffects(date);

  const onDelete = async () => {
    try {
      const result = await remove.mutateAsync();
      toast.success(result.message);
    } catch (error) {
      toast.error('Error', { description: errorMessage(error, 'Failed to delete the rating. Please try again.') });
    }
  };

  return (
    <div className="flex items-center justify-between gap-3">
      <p className="text-xs text-muted-foreground">{saved ? `Saving again replaces ${isToday ? 'today’s' : 'this day’s'} rating.` : 'One rating a day.'}</p>
      <div className="flex gap-2">
        {saved ? (
          <Button type="button" variant="outline" onClick={() => void onDelete()} disabled={remove.isPending || saving}>
            {remove.isPending ? 'Deleting...' : 'Delete Rating'}
          </Button>
        ) : null}
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Rating'}
        </Button>
      </div>
    </div>
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
          <CardIcon>
            <Smile aria-hidden="true" />
          </CardIcon>
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
