import { Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { BiomarkerCatalogueEntry, LabResult } from '#contract/labs.ts';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { useDeleteResult, useOwnBiomarkers, useUpdateResult } from '../api/lab-results.ts';
import { useResultNotes } from '../api/lab-notes.ts';
import { formatLabValue, formatTestDate } from '../utils/chart-rows.ts';
import { FLAG_LABELS, rangeText, UNIT_FROM_RANGE_NOTE, READ_BY_MODEL_NOTE } from '../utils/lab-results.ts';
import type { ResultBody } from './result-form.tsx';
import { BiomarkerName } from './biomarker-name.tsx';

// The form library (and zod with it) loads when a form opens, not with the page.
const ResultForm = lazy(() => import('./result-form.tsx').then((module) => ({ default: module.ResultForm })));

type ResultsTableProps = {
  results: LabResult[];
  catalogue: BiomarkerCatalogueEntry[];
  /** Adds a result (to the file, or with no file). */
  onAdd: (body: ResultBody) => Promise<unknown>;
  /** The date a new result gets unless the user picks another. */
  defaultDate?: string | undefined;
  requireDate: boolean;
  caption: string;
  emptyText: string;
  /** The result under review (its place on the report's page is highlighted beside the table). */
  selectedId?: string | null | undefined;
  onSelect?: ((result: LabResult) => void) | undefined;
};

const COLUMNS = 7;

/**
 * The review table (product.md, Labs): name, value, unit, range, flag and date per result, each
 * correctable or deletable, with a row to add what was missed. Results the user has not
 * reviewed are tinted and badged.
 */
export function ResultsTable({ results, catalogue, onAdd, defaultDate, requireDate, caption, emptyText, selectedId, onSelect }: ResultsTableProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const update = useUpdateResult();
  const own = useOwnBiomarkers();
  // The user's own biomarkers are picked and corrected like the catalogue's, in their one unit.
  const choices = useMemo(
    () => [...catalogue, ...(own.data ?? []).map((o) => ({ key: o.key, name: o.name, category: 'other' as const, canonicalUnit: o.unit, siUnit: o.unit, units: [o.unit] }))],
    [catalogue, own.data],
  );
  const editForm = (result: LabResult) => (
    <Suspense fallback={<Spinner label="Opening the form" />}>
      <ResultForm
        catalogue={choices}
        result={result}
        requireDate
        submitLabel={`Save ${result.name}`}
        onCancel={() => setEditing(null)}
        onSubmit={async (body) => {
          await update.mutateAsync({ id: result.id, body });
          toast.success('Result saved');
          setEditing(null);
        }}
      />
    </Suspense>
  );

  return (
    <div className="grid min-w-0 gap-3">
      {/* On a phone each result is a card, so range, flag and buttons are never off-screen. */}
      <ul className="grid gap-2 sm:hidden" aria-label={caption}>
        {results.length === 0 ? <li className="rounded-lg border border-border px-3 py-6 text-center text-sm text-muted-foreground">{emptyText}</li> : null}
        {results.map((result) => (
          <li key={result.id}>
            {editing === result.id ? (
              <div className="rounded-lg border border-border bg-muted/30 p-3">{editForm(result)}</div>
            ) : (
              <ResultCard result={result} selected={result.id === selectedId} onSelect={onSelect} onEdit={() => setEditing(result.id)} />
            )}
          </li>
        ))}
      </ul>
      <div className="relative hidden min-w-0 overflow-x-auto rounded-lg border border-border sm:block">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <ResultsHead />
          <tbody>
            {results.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS} className="px-3 py-6 text-center text-muted-foreground">
                  {emptyText}
                </td>
              </tr>
            ) : null}
            {results.map((result) =>
              editing === result.id ? (
                <tr key={result.id} className="border-t border-border bg-muted/30">
                  <td colSpan={COLUMNS} className="px-3 py-4">
                    {editForm(result)}
                  </td>
                </tr>
              ) : (
                <ResultRow key={result.id} result={result} selected={result.id === selectedId} onSelect={onSelect} onEdit={() => setEditing(result.id)} />
              ),
            )}
          </tbody>
        </table>
      </div>
      <AddResult catalogue={choices} defaultDate={defaultDate} requireDate={requireDate} onAdd={onAdd} />
    </div>
  );
}

function ResultsHead() {
  return (
    <thead className="bg-muted/60 text-xs text-muted-foreground">
      <tr>
        <th scope="col" className="px-3 py-2 font-medium">Biomarker</th>
        <th scope="col" className="px-3 py-2 font-medium">Value</th>
        <th scope="col" className="px-3 py-2 font-medium">Unit</th>
        <th scope="col" className="px-3 py-2 font-medium">Range</th>
        <th scope="col" className="px-3 py-2 font-medium">Flag</th>
        <th scope="col" className="px-3 py-2 font-medium">Date</th>
        <th scope="col" className="px-3 py-2 font-medium">
          <span className="sr-only">Actions</span>
        </th>
      </tr>
    </thead>
  );
}

/** The button that opens the form for a result the reading missed, and that form. */
function AddResult({ catalogue, defaultDate, requireDate, onAdd }: Pick<ResultsTableProps, 'catalogue' | 'defaultDate' | 'requireDate' | 'onAdd'>) {
  const [adding, setAdding] = useState(false);
  if (!adding) {
    return (
      <Button variant="outline" className="w-fit" onClick={() => setAdding(true)}>
        <Plus aria-hidden="true" /> Add a result
      </Button>
    );
  }
  return (
    <div className="rounded-lg border border-border bg-muted/30 p-4">
      <h4 className="mb-3 text-sm font-medium">Add a result</h4>
      <Suspense fallback={<Spinner label="Opening the form" />}>
        <ResultForm
          catalogue={catalogue}
          defaultDate={defaultDate}
          requireDate={requireDate}
          submitLabel="Add result"
          onCancel={() => setAdding(false)}
          onSubmit={async (body) => {
            await onAdd(body);
            toast.success('Result added');
            setAdding(false);
          }}
        />
      </Suspense>
    </div>
  );
}

type RowProps = { result: LabResult; selected: boolean; onSelect?: ((result: LabResult) => void) | undefined; onEdit: () => void };

const printedDisagrees = (result: LabResult) => result.printedFlag !== null && result.flag !== null && !result.printedFlag.toLowerCase().startsWith(result.flag[0]!);

function ResultCard({ result, selected, onSelect, onEdit }: RowProps) {
  const unreviewed = !result.reviewed;
  const range = rangeText(result.referenceRange);
  return (
    <article
      aria-label={`${result.name} ${formatLabValue(result.value, result.comparator)} ${result.unit}`.trim()}
      onClick={() => onSelect?.(result)}
      onFocusCapture={() => onSelect?.(result)}
      className={cn('grid gap-1 rounded-lg border border-border p-3 text-sm', unreviewed && 'bg-accent/10', selected && 'ring-2 ring-ring')}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">
            <BiomarkerName biomarker={result.biomarker} name={result.name} />
          </p>
          <p className="tabular-nums">
            {formatLabValue(result.value, result.comparator)} {result.unit}
            {result.flag ? <span className={cn('ml-2', result.flag !== 'normal' && 'font-medium text-destructive')}>{FLAG_LABELS[result.flag]}</span> : null}
          </p>
        </div>
        <ResultActions result={result} onEdit={onEdit} />
      </div>
      <p className="text-xs text-muted-foreground">
        Range {range || '-'} · {formatTestDate(result.testDate)}
        {printedDisagrees(result) ? ` · Report says ${result.printedFlag}` : ''}
      </p>
      {unreviewed && result.unitFromRange ? <p className="text-xs text-muted-foreground">{UNIT_FROM_RANGE_NOTE}</p> : null}
      {result.readByModel ? <p className="text-xs text-muted-foreground">{READ_BY_MODEL_NOTE}</p> : null}
      <InterferenceNotes resultId={result.id} />
      {unreviewed ? (
        <Badge variant="warning" className="w-fit">
          Not reviewed
        </Badge>
      ) : null}
    </article>
  );
}

function ResultRow({ result, selected, onSelect, onEdit }: RowProps) {
  const unreviewed = !result.reviewed;
  return (
    <tr
      className={cn('border-t border-border align-top', unreviewed && 'bg-accent/10', selected && 'outline-2 -outline-offset-2 outline-ring')}
      onClick={() => onSelect?.(result)}
      onFocusCapture={() => onSelect?.(result)}
    >
      <th scope="row" className="px-3 py-2 font-medium">
        <span className="block">
          <BiomarkerName biomarker={result.biomarker} name={result.name} />
        </span>
        {unreviewed ? (
          <Badge variant="warning" className="mt-1">
            Not reviewed
          </Badge>
        ) : result.source === 'manual' ? (
          <span className="text-xs font-normal text-muted-foreground">Added by you</span>
        ) : null}
        {result.readByModel ? <span className="block text-xs font-normal text-muted-foreground">{READ_BY_MODEL_NOTE}</span> : null}
        <InterferenceNotes resultId={result.id} />
      </th>
      <td className="px-3 py-2 tabular-nums">{formatLabValue(result.value, result.comparator)}</td>
      <td className="px-3 py-2">
        {result.unit}
        {unreviewed && result.unitFromRange ? <span className="block text-xs text-muted-foreground">{UNIT_FROM_RANGE_NOTE}</span> : null}
      </td>
      <td className="px-3 py-2">{rangeText(result.referenceRange) || <span className="text-muted-foreground">-</span>}</td>
      <td className="px-3 py-2">
        {result.flag ? <span className={cn(result.flag !== 'normal' && 'font-medium text-destructive')}>{FLAG_LABELS[result.flag]}</span> : <span className="text-muted-foreground">-</span>}
        {printedDisagrees(result) ? <span className="block text-xs text-muted-foreground">Report says {result.printedFlag}</span> : null}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatTestDate(result.testDate)}</td>
      <td className="px-3 py-2">
        <ResultActions result={result} onEdit={onEdit} />
      </td>
    </tr>
  );
}

/** Supplements in the stack at the time of this result that are known to distort its test. */
function InterferenceNotes({ resultId }: { resultId: string }) {
  const notes = useResultNotes(resultId);
  return (
    <>
      {notes.map((note) => (
        <details key={`${note.supplement}-${note.test}`} className="mt-1 text-xs font-normal">
          <summary className="cursor-pointer text-accent-foreground underline decoration-dotted">
            {note.supplement} was in your stack: it can distort this test
          </summary>
          <p className="mt-1">{note.effect}</p>
          <p className="mt-1">{note.advice}</p>
          <p className="mt-1 text-muted-foreground">Not medical advice. Source: {note.sourceUrl ? <a href={note.sourceUrl} target="_blank" rel="noopener noreferrer" className="underline">{note.source}</a> : note.source}</p>
        </details>
      ))}
    </>
  );
}

function ResultActions({ result, onEdit }: { result: LabResult; onEdit: () => void }) {
  const remove = useDeleteResult();
  return (
        <div className="flex shrink-0 justify-end gap-1">
          <Button variant="ghost" size="icon" aria-label={`Correct ${result.name}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="icon" aria-label={`Delete ${result.name}`} disabled={remove.isPending}>
                <Trash2 aria-hidden="true" />
              </Button>
            }
            title={`Delete ${result.name}?`}
            question={`The result ${formatLabValue(result.value, result.comparator)} ${result.unit} of ${formatTestDate(result.testDate)} is removed from your charts.`}
            onConfirm={() =>
              remove.mutate(result.id, {
                onError: (error) => toast.error('Error', { description: errorMessage(error, 'Failed to delete the result') }),
              })
            }
          />
        </div>
  );
}
