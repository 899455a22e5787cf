import { MessageSquare, NotebookPen, ScrollText, Star, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import type { DayView, QualitativeLog } from '#contract/supplement-logs.ts';
import { Badge, badgeVariants } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { IntakeWarnings } from '#web/components/intake/intake-warnings.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { formatFullDate, formatTimeIn } from '#web/lib/local-day.ts';
import { useDay, useDeleteLogEntry } from '../api/supplement-logs.ts';
import { notePreview, noteText, splitNotes } from '../utils/notes.ts';
import { NoteDialog } from './note-dialog.tsx';

function NoteIcon({ log }: { log: QualitativeLog }) {
  if (log.type === 'chat') return <MessageSquare aria-hidden="true" className="size-4" />;
  if (log.ratings) return <Star aria-hidden="true" className="size-4" />;
  return <NotebookPen aria-hidden="true" className="size-4" />;
}

/**
 * Something another feature offers for a loaded day, beside its heading (the assistant's
 * "Write a daily summary"); composed in the route, since features do not import each other.
 */
export type DayAction = (day: { date: string; hasLogs: boolean; hasSummary: boolean; refresh: () => void }) => ReactNode;

/** The selected day: its heading, the summary badge, "Supplement Intake" and "Daily Notes". */
export function DayDetails({ date, timeZone, dayAction }: { date: string; timeZone: string; dayAction?: DayAction }) {
  const day = useDay(date);
  const [open, setOpen] = useState<QualitativeLog | null>(null);
  const headingId = `day-${date}`;
  const { summary, notes } = splitNotes(day.data?.qualitativeLogs ?? []);

  return (
    <section aria-labelledby={headingId} className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          {formatFullDate(date)}
        </h2>
        {summary ? (
          <button type="button" onClick={() => setOpen(summary)} className={cn(badgeVariants({ variant: 'default' }), 'cursor-pointer py-1')}>
            <ScrollText aria-hidden="true" /> Daily Summary
          </button>
        ) : null}
        {dayAction && day.data
          ? dayAction({
              date,
              hasLogs: day.data.supplements.length > 0 || notes.length > 0 || day.data.effects !== null,
              hasSummary: summary !== null,
              refresh: () => void day.refetch(),
            })
          : null}
      </div>

      {day.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading the day" />
        </div>
      ) : day.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p>This day could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void day.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="grid content-start gap-3">
            <h3 className="font-semibold">Supplement Intake</h3>
            <IntakeList supplements={day.data.supplements} timeZone={timeZone} />
            <IntakeWarnings warnings={day.data.warnings} title="Intake warnings for this day" />
          </div>
          <div className="grid content-start gap-3">
            <h3 className="font-semibold">Daily Notes</h3>
            <NoteList notes={notes} timeZone={timeZone} onOpen={setOpen} />
          </div>
        </div>
      )}
      <NoteDialog log={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </section>
  );
}

function IntakeList({ supplements, timeZone }: { supplements: DayView['supplements']; timeZone: string }) {
  const removeEntry = useDeleteLogEntry();
  const onRemove = (id: string) =>
    removeEntry.mutate(id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Failed to remove the supplement. Please try again.') }),
    });
  if (supplements.length === 0) return <p className="text-sm text-muted-foreground">No supplements logged on this day.</p>;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Supplement Intake">
      {supplements.map((log) => (
        <li key={log.id} className="flex items-start justify-between gap-3 px-3 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-medium break-words">{log.name}</p>
            <p className="text-muted-foreground">
              {log.dosage} · {log.frequency}
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <time dateTime={log.takenAt} className="text-muted-foreground">
              {formatTimeIn(log.takenAt, timeZone)}
            </time>
            <Button variant="ghost" size="icon" aria-label={`Remove ${log.name} from this day`} disabled={removeEntry.isPending} onClick={() => onRemove(log.id)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function NoteList({ notes, timeZone, onOpen }: { notes: QualitativeLog[]; timeZone: string; onOpen: (log: QualitativeLog) => void }) {
  if (notes.length === 0) return <p className="text-sm text-muted-foreground">No notes for this day.</p>;
  return (
    <ul className="grid gap-2" aria-label="Daily Notes">
      {notes.map((log) => (
        <li key={log.id}>
          <button
            type="button"
            onClick={() => onOpen(log)}
            className="grid w-full gap-1 rounded-lg border border-border bg-surface p-3 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="flex items-center gap-2 text-xs text-muted-foreground">
              <NoteIcon log={log} />
              <time dateTime={log.loggedAt}>{formatTimeIn(log.loggedAt, timeZone)}</time>
              {log.type === 'chat' ? <Badge variant="outline">AI Chat</Badge> : null}
              {log.ratings ? <Badge variant="outline">Rating</Badge> : null}
            </span>
            <span className="break-words">{notePreview(noteText(log))}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
