import { useState } from 'react';
import { toast } from 'sonner';
import type { LabFile } from '#contract/labs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useBiomarkerCatalogue } from '../api/biomarker-catalogue.ts';
import { useAddFileResult, useConfirmFile, useFileResults, useSetTestDate } from '../api/lab-results.ts';
import { isBeingRead } from '../utils/lab-results.ts';
import { ResultsTable } from './results-table.tsx';

/** The results of one file, to review, correct and confirm (decisions 6). */
export function ReviewDialog({ file, open, onOpenChange }: { file: LabFile; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-4xl"
        // Start on the dialog itself (its title is announced), not inside the date field.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
      >
        {open ? <ReviewContent file={file} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReviewContent({ file, onDone }: { file: LabFile; onDone: () => void }) {
  const results = useFileResults(file.id);
  const catalogue = useBiomarkerCatalogue();
  const addResult = useAddFileResult();
  const confirm = useConfirmFile();
  const current = results.data?.file ?? file;
  const reading = isBeingRead(current);
  const unreviewed = results.data?.results.filter((result) => !result.reviewed).length ?? current.unreviewedCount;

  const onConfirm = () =>
    confirm.mutate(file.id, {
      onSuccess: () => {
        toast.success('Results confirmed', { description: 'They are marked as reviewed on your charts.' });
        onDone();
      },
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not confirm the results. Please try again.') }),
    });

  return (
    <div className="grid min-w-0 gap-5">
      <DialogHeader>
        <DialogTitle>Review results</DialogTitle>
        <DialogDescription>
          <span className="font-medium break-all text-foreground">{file.fileName}</span>. Check each value against your report: correct what was misread, delete what does not
          belong and add what was missed, then confirm.
        </DialogDescription>
      </DialogHeader>

      {current.status === 'failed' || current.errorMessage ? (
        <p role="status" className="rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
          {current.errorMessage ?? 'This file could not be read.'} You can add its results by hand.
        </p>
      ) : null}

      <TestDateEditor fileId={file.id} testDate={current.testDate} />

      {results.isPending || catalogue.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading results" />
        </div>
      ) : results.isError || catalogue.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          {errorMessage(results.error ?? catalogue.error, 'The results could not be loaded.')}
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              void results.refetch();
              void catalogue.refetch();
            }}
          >
            Retry
          </Button>
        </div>
      ) : (
        <ResultsTable
          results={results.data.results}
          catalogue={catalogue.data}
          defaultDate={current.testDate ?? undefined}
          requireDate={false}
          caption={`Results read from ${file.fileName}`}
          emptyText="No results in this file yet."
          onAdd={(body) => addResult.mutateAsync({ fileId: file.id, body })}
        />
      )}

      <DialogFooter className="items-center">
        {unreviewed > 0 ? (
          <p className="text-sm text-muted-foreground sm:mr-auto">
            {unreviewed} {unreviewed === 1 ? 'result is' : 'results are'} not reviewed yet.
          </p>
        ) : null}
        <Button variant="outline" onClick={onDone}>
          Close
        </Button>
        {current.status !== 'done' || unreviewed > 0 ? (
          <Button onClick={onConfirm} disabled={reading || confirm.isPending || results.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm results'}
          </Button>
        ) : null}
      </DialogFooter>
    </div>
  );
}

/** The date the sample was taken; it applies to all of the file's results. */
function TestDateEditor({ fileId, testDate }: { fileId: string; testDate: string | null }) {
  const [value, setValue] = useState(testDate ?? '');
  const [error, setError] = useState<string | null>(null);
  const setDate = useSetTestDate();
  const inputId = `test-date-${fileId}`;
  const save = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      setError('Test date must be a date like 2025-01-31');
      return;
    }
    setError(null);
    setDate.mutate(
      { fileId, testDate: value },
      {
        onSuccess: () => toast.success('Test date saved'),
        onError: (failure) => setError(errorMessage(failure, 'Could not save the test date. Please try again.')),
      },
    );
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Test date</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={inputId}
          type="date"
          min="1900-01-01"
          className="w-auto"
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={`${inputId}-hint`}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button variant="outline" onClick={save} disabled={setDate.isPending || value === (testDate ?? '')}>
          {setDate.isPending ? 'Saving...' : 'Save date'}
        </Button>
      </div>
      <p id={`${inputId}-hint`} className={error ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
        {error ?? (testDate ? 'The date the sample was taken; it applies to every result of this report.' : 'No collection date was found in the report: set the date the sample was taken.')}
      </p>
    </div>
  );
}
