import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { BiomarkerCatalogueEntry, LabResult } from '#contract/labs.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { useDeleteResult, useUpdateResult } from '../api/lab-results.ts';
import { formatTestDate, formatValue } from '../utils/chart-rows.ts';
import { FLAG_LABELS, rangeText } from '../utils/lab-results.ts';
import { type ResultBody, ResultForm } from './result-form.tsx';

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
};

const COLUMNS = 7;

/**
 * The review table (decisions 6): name, value, unit, range, flag and date per result, each
 * correctable or deletable, with a row to add what was missed. Results the user has not
 * reviewed are tinted and badged.
 */
export function ResultsTable({ results, catalogue, onAdd, defaultDate, requireDate, caption, emptyText }: ResultsTableProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const update = useUpdateResult();

  return (
    <div className="grid min-w-0 gap-3">
      <div className="relative min-w-0 overflow-x-auto rounded-lg border border-border">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
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
                    <ResultForm
                      catalogue={catalogue}
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
                  </td>
                </tr>
              ) : (
                <ResultRow key={result.id} result={result} onEdit={() => setEditing(result.id)} />
              ),
            )}
          </tbody>
        </table>
      </div>
      {adding ? (
        <div className="rounded-lg border border-border bg-muted/30 p-4">
          <h4 className="mb-3 text-sm font-medium">Add a result</h4>
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
        </div>
      ) : (
        <Button variant="outline" className="w-fit" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add a result
        </Button>
      )}
    </div>
  );
}

function ResultRow({ result, onEdit }: { result: LabResult; onEdit: () => void }) {
  const remove = useDeleteResult();
  const unreviewed = !result.reviewed;
  const printedDisagrees = result.printedFlag !== null && result.flag !== null && !result.printedFlag.toLowerCase().startsWith(result.flag[0]!);
  return (
    <tr className={cn('border-t border-border align-top', unreviewed && 'bg-accent/10')}>
      <th scope="row" className="px-3 py-2 font-medium">
        <span className="block">{result.name}</span>
        {unreviewed ? (
          <Badge variant="warning" className="mt-1">
            Not reviewed
          </Badge>
        ) : result.source === 'manual' ? (
          <span className="text-xs font-normal text-muted-foreground">Added by you</span>
        ) : null}
      </th>
      <td className="px-3 py-2 tabular-nums">{formatValue(result.value)}</td>
      <td className="px-3 py-2">{result.unit}</td>
      <td className="px-3 py-2">{rangeText(result.referenceRange) || <span className="text-muted-foreground">-</span>}</td>
      <td className="px-3 py-2">
        {result.flag ? <span className={cn(result.flag !== 'normal' && 'font-medium text-destructive')}>{FLAG_LABELS[result.flag]}</span> : <span className="text-muted-foreground">-</span>}
        {printedDisagrees ? <span className="block text-xs text-muted-foreground">Report says {result.printedFlag}</span> : null}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatTestDate(result.testDate)}</td>
      <td className="px-3 py-2">
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="icon" aria-label={`Correct ${result.name}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Delete ${result.name}`} disabled={remove.isPending}>
                <Trash2 aria-hidden="true" />
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogTitle>Delete {result.name}?</AlertDialogTitle>
              <AlertDialogDescription>
                The result {formatValue(result.value)} {result.unit} of {formatTestDate(result.testDate)} is removed from your charts.
              </AlertDialogDescription>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction
                  onClick={() =>
                    remove.mutate(result.id, {
                      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Failed to delete the result') }),
                    })
                  }
                >
                  Delete
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        </div>
      </td>
    </tr>
  );
}
