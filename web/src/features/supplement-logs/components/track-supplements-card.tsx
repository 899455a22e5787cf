import { History, Pencil, Pill, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { User } from '#contract/auth.ts';
import { describeSchedule } from '#contract/schedule.ts';
import type { Supplement } from '#contract/supplements.ts';
import { LOG_MESSAGES } from '#contract/supplement-logs-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardIcon, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { formatFullDate, formatShortDate, formatTimeIn, useLocalToday } from '#web/lib/local-day.ts';
import { useDay, useSaveDay, useSaveIntake } from '../api/supplement-logs.ts';
import { buildDayLogs, buildIntakeLogs, defaultTaken, lastLoggedAt } from '../utils/intake.ts';
import { DAILY_REMINDER_TOAST_ID } from './daily-reminder.tsx';
import { IntakeWarnings } from '#web/components/intake/intake-warnings.tsx';
import { DeleteSupplementButton, SupplementDialog, type SupplementDialogState, useDismissWarning, useStackWarnings, useSupplements } from '#web/features/supplements/public.ts';
import { preloadOnIntent } from '#web/lib/lazy-with-preload.ts';

/** product.md, Tracking: the server's details when it gives them, else the spec's text. */
function saveFailureMessage(error: unknown): string {
  if (!isApiError(error)) return LOG_MESSAGES.saveFailed;
  if (error.code === 'TRIAL_EXPIRED') return error.message;
  if (error.details.length > 0) return error.details.map((detail) => detail.message).join('. ');
  return LOG_MESSAGES.saveFailed;
}

/** What the checklist asks for, and whether the day is logged already. */
function checklistHint(isToday: boolean, loggedAt: string | null, timeZone: string): string {
  if (!isToday) return loggedAt ? 'This day is logged. Saving again updates its record.' : 'Switch off anything you did not take that day, then save it.';
  return loggedAt
    ? `Logged today at ${formatTimeIn(loggedAt, timeZone)}. Saving again updates today's record.`
    : 'Switch off anything you did not take, then save today.';
}

/**
 * "Track my Supplements": the stack as a day's checklist, today unless another day is given (the
 * dashboard's date switcher, the history: product.md, Tracking, "Any day"). Each supplement is taken by
 * default and can be switched off; "Save Today" records the day, and saving again edits the record.
 */
export function TrackSupplementsCard({ user, date: chosenDate, onLogged }: { user: User; date?: string; onLogged?: () => void }) {
  const today = useLocalToday(user.timeZone);
  const date = chosenDate ?? today;
  const isToday = date === today;
  const supplements = useSupplements();
  const list = supplements.data ?? [];
  const intake = useDayIntake(date, isToday, list, onLogged);
  const [dialog, setDialog] = useState<SupplementDialogState | null>(null);
  // Mounted from its first opening on, so that it closes with its animation and gives focus back.
  const [dialogUsed, setDialogUsed] = useState(false);
  const openDialog = (state: SupplementDialogState) => {
    setDialogUsed(true);
    setDialog(state);
  };
  const dayName = isToday ? 'today' : `on ${formatShortDate(date)}`;
  const { loggedAt } = intake;

  return (
    <Card id="track-supplements" className="flex flex-col">
      <TrackHeader dayLabel={isToday ? `Today, ${formatShortDate(today)}` : formatFullDate(date)} onAdd={() => openDialog({ mode: 'add' })} />

      <CardContent className="grid flex-1 gap-4">
        {supplements.isPending || supplements.isError || list.length === 0 ? (
          <StackStatus supplements={supplements} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {checklistHint(isToday, loggedAt, user.timeZone)}
            </p>
            <ul className="divide-y divide-border rounded-lg border border-border" aria-label={isToday ? "Today's supplements" : `Supplements ${dayName}`}>
              {list.map((supplement) => (
                <SupplementRow
                  key={supplement.id}
                  supplement={supplement}
                  taken={intake.isTaken(supplement)}
                  onTaken={(taken) => intake.setTaken(supplement, taken)}
                  dayName={dayName}
                  disabled={intake.saving}
                  onEdit={() => openDialog({ mode: 'edit', supplement })}
                />
              ))}
            </ul>
          </>
        )}
        <StackWarnings />
      </CardContent>

      {list.length > 0 ? (
        <CardFooter className="justify-end">
          <Button onClick={() => void intake.save()} disabled={intake.saving || intake.dayPending || (!intake.anyTaken && !loggedAt)}>
            {intake.saving ? 'Saving...' : isToday ? 'Save Today' : `Save ${formatShortDate(date)}`}
          </Button>
        </CardFooter>
      ) : null}

      {dialogUsed ? (
        <Suspense fallback={null}>
          <SupplementDialog state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

/** The day's switches (taken by default, the user's changes kept for that day only) and the save that records them. */
function useDayIntake(date: string, isToday: boolean, list: Supplement[], onLogged: (() => void) | undefined) {
  const navigate = useNavigate();
  const day = useDay(date);
  const saveToday = useSaveIntake();
  const saveDay = useSaveDay(date);
  const saveIntake = isToday ? saveToday : saveDay;
  // The user's changes to the switches, for one day; a new day starts from the defaults.
  const [switches, setSwitches] = useState<{ date: string; taken: Record<string, boolean> }>({ date, taken: {} });

  const todayLogs = day.data?.supplements ?? [];
  const changes = switches.date === date ? switches.taken : {};
  const isTaken = (supplement: Supplement) => changes[supplement.id] ?? defaultTaken(supplement, todayLogs, { pastDay: !isToday });
  const setTaken = (supplement: Supplement, taken: boolean) => setSwitches({ date, taken: { ...changes, [supplement.id]: taken } });

  const save = async () => {
    try {
      if (isToday) await saveToday.mutateAsync(buildIntakeLogs(list, isTaken));
      else await saveDay.mutateAsync(buildDayLogs(list, isTaken));
      setSwitches({ date, taken: {} });
      // One toast at a time: the reminder to log has been answered.
      toast.dismiss(DAILY_REMINDER_TOAST_ID);
      toast.success(LOG_MESSAGES.saved);
      onLogged?.();
    } catch (error) {
      const expired = isApiError(error) && error.code === 'TRIAL_EXPIRED';
      toast.error(saveFailureMessage(error), expired ? { action: { label: 'Upgrade Plan', onClick: () => navigate('/subscription-page') } } : undefined);
    }
  };

  return {
    isTaken,
    setTaken,
    loggedAt: lastLoggedAt(todayLogs),
    anyTaken: list.some(isTaken),
    saving: saveIntake.isPending,
    dayPending: day.isPending,
    save,
  };
}

function SupplementRow({ supplement, taken, onTaken, dayName, disabled, onEdit }: {
  supplement: Supplement;
  taken: boolean;
  onTaken: (taken: boolean) => void;
  dayName: string;
  disabled: boolean;
  onEdit: () => void;
}) {
  return (
    <li className="flex items-center gap-3 px-3 py-3">
      <Switch checked={taken} onCheckedChange={onTaken} aria-label={`${supplement.name} taken ${dayName}`} disabled={disabled} />
      <div className="min-w-0 flex-1">
        <p className="font-medium wrap-anywhere">{supplement.name}</p>
        <p className="text-sm text-muted-foreground">
          {supplement.dosage}
          {supplement.strength ? ` (${supplement.strength} each)` : null} · {supplement.frequency}
          {supplement.schedule ? ` · ${describeSchedule(supplement.schedule)}` : null}
          {supplement.notes ? <span className="wrap-anywhere"> · {supplement.notes}</span> : null}
        </p>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Edit ${supplement.name}`} onClick={onEdit} {...preloadOnIntent(SupplementDialog.preload)}>
        <Pencil aria-hidden="true" />
      </Button>
      <DeleteSupplementButton supplement={supplement} />
    </li>
  );
}

/** The stack's intake warnings, each dismissible. */
function StackWarnings() {
  const warnings = useStackWarnings();
  const dismissWarning = useDismissWarning();
  if (!warnings.data) return null;
  return (
    <IntakeWarnings
      warnings={warnings.data.warnings}
      unconverted={warnings.data.unconverted}
      uncounted={warnings.data.uncounted}
      dismissing={dismissWarning.isPending}
      onDismiss={(nutrient) =>
        dismissWarning.mutate(nutrient, { onError: (error) => toast.error('Error', { description: errorMessage(error, 'Failed to hide the warning') }) })
      }
    />
  );
}

function TrackHeader({ dayLabel, onAdd }: { dayLabel: string; onAdd: () => void }) {
  return (
    <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
      <div className="flex items-center gap-3">
        <CardIcon>
          <Pill aria-hidden="true" />
        </CardIcon>
        <div className="grid gap-1">
          <CardTitle>Track my Supplements</CardTitle>
          <CardDescription>{dayLabel}</CardDescription>
        </div>
      </div>
      <TrackActions onAdd={onAdd} />
    </CardHeader>
  );
}

/** The stack while it loads, when it failed to, or when it is empty. */
function StackStatus({ supplements }: { supplements: ReturnType<typeof useSupplements> }) {
  if (supplements.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading your supplements" />
      </div>
    );
  }
  if (supplements.isError) {
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>Failed to fetch supplements</p>
        <Button variant="outline" size="sm" onClick={() => void supplements.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-dashed border-border px-4 py-8 text-center">
      <p className="font-medium">No supplements yet</p>
      <p className="mt-1 text-sm text-muted-foreground">Add the supplements you take, then record each day what you took.</p>
    </div>
  );
}

function TrackActions({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="flex gap-2">
      <Button variant="outline" size="sm" asChild>
        <Link to="/supplement-history">
          <History aria-hidden="true" /> My History
        </Link>
      </Button>
      <Button size="sm" onClick={onAdd} {...preloadOnIntent(SupplementDialog.preload)}>
        <Plus aria-hidden="true" /> Add Supplement
      </Button>
    </div>
  );
}
