import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { SEVERITY_LABELS } from '#contract/interactions-texts.ts';
import { labNotesQueryOptions } from '../api/lab-notes.ts';
import { formatTestDate } from '../utils/chart-rows.ts';

/**
 * Results taken while a supplement known to distort the test was in the stack (biotin with
 * thyroid tests, creatine with creatinine), named beside the trends. Nothing when there are none.
 */
export function LabInterferenceNotes() {
  const notes = useQuery(labNotesQueryOptions);
  if (!notes.data || notes.data.notes.length === 0) return null;
  return (
    <section aria-label="Results a supplement may have distorted" className="grid gap-3 rounded-lg border border-accent/40 bg-accent/10 p-4 text-sm">
      <h3 className="flex items-center gap-2 font-semibold">
        <FlaskConical aria-hidden="true" className="size-4" /> Results a supplement may have distorted
      </h3>
      <ul className="grid gap-3">
        {notes.data.notes.map((note) => (
          <li key={`${note.resultId}-${note.supplement}-${note.test}`} className="grid gap-1">
            <p className="font-medium">
              {note.biomarker}, {formatTestDate(note.testDate)}: {note.supplement} was in your stack ({SEVERITY_LABELS[note.severity].toLowerCase()})
            </p>
            <p>{note.effect}</p>
            <p>{note.advice}</p>
            <p className="text-xs text-muted-foreground">
              Source:{' '}
              {note.sourceUrl ? (
                <a href={note.sourceUrl} target="_blank" rel="noopener noreferrer" className="underline">
                  {note.source}
                </a>
              ) : (
                note.source
              )}
            </p>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{notes.data.disclaimer}</p>
    </section>
  );
}
