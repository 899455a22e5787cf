import { useState } from 'react';
import type { PageBox } from '#contract/biomarkers.ts';
import { toast } from 'sonner';
import type { LabFile } from '#contract/labs.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useBiomarkerCatalogue } from '../api/biomarker-catalogue.ts';
import { useAddFileResult, useConfirmFile, useFileResults, useOwnBiomarkers } from '../api/lab-results.ts';
import { isBeingRead } from '../utils/lab-results.ts';
import { ReportPage } from './report-page.tsx';
import { ResultsTable } from './results-table.tsx';
import { ReviewRows } from './review-rows.tsx';
import { TestDateEditor, testDateInputId } from './test-date-editor.tsx';

/** PDFs and images have pages to show beside the review; Word files do not. */
const hasPages = (file: LabFile) => /^(application\/pdf|image\/)/.test(file.contentType);

/** The results of one file, to review, correct and confirm (product.md, Labs); shown while mounted. */
export function ReviewDialog({ file, onClose }: { file: LabFile; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className={hasPages(file) ? 'max-w-4xl lg:max-w-7xl' : 'max-w-4xl'}
        // Start on the dialog itself (its title is announced), not inside the date field.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
      >
        <ReviewContent file={file} onDone={onClose} />
      </DialogContent>
    </Dialog>
  );
}

function ReviewContent({ file, onDone }: { file: LabFile; onDone: () => void }) {
  const results = useFileResults(file.id);
  const catalogue = useBiomarkerCatalogue();
  const own = useOwnBiomarkers();
  const [selected, setSelected] = useState<{ id: string; box: PageBox | null } | null>(null);
  const addResult = useAddFileResult();
  const current = results.data?.file ?? file;
  const reading = isBeingRead(current);
  const unreviewed = results.data?.results.filter((result) => !result.reviewed).length ?? current.unreviewedCount;
  const reviewRows = results.data?.reviewRows ?? [];
  const showPage = hasPages(current) && current.status !== 'failed' && !reading;
  const select = (id: string, box: PageBox | null | undefined) => setSelected({ id, box: box ?? null });

  const { confirm, askForDate, onConfirm } = useConfirmResults(current, reviewRows.length, onDone);

  return (
    <div className="grid min-w-0 gap-5">
      <ReviewHeader file={current} />

      <div className={showPage ? 'grid min-w-0 gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start' : 'grid min-w-0 gap-5'}>
      {showPage ? (
        <div className="min-w-0 lg:sticky lg:top-0">
          <ReportPage fileId={file.id} fileName={file.fileName} pageCount={current.pageCount ?? 1} box={selected?.box ?? null} />
        </div>
      ) : null}
      <div className="grid min-w-0 gap-5">
      <TestDateEditor fileId={file.id} testDate={current.testDate} review={current.testDateReview} askForDate={askForDate && !current.testDate} />

      {results.isPending || catalogue.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading results" />
        </div>
      ) : results.isError || catalogue.isError ? (
        <LoadFailed
          error={results.error ?? catalogue.error}
          onRetry={() => {
            void results.refetch();
            void catalogue.refetch();
          }}
        />
      ) : (
        <>
          <ReviewRows rows={reviewRows} catalogue={catalogue.data} own={own.data ?? []} selectedId={selected?.id ?? null} onSelect={(id) => select(id, reviewRows.find((row) => row.id === id)?.box)} />
          <ResultsTable
            results={results.data.results}
            catalogue={catalogue.data}
            defaultDate={current.testDate ?? undefined}
            requireDate={false}
            caption={`Results read from ${file.fileName}`}
            emptyText="No results in this file yet."
            onAdd={(body) => addResult.mutateAsync({ fileId: file.id, body })}
            selectedId={selected?.id ?? null}
            onSelect={(result) => select(result.id, result.box)}
          />
        </>
      )}
      </div>
      </div>

      <ReviewFooter
        unreviewed={unreviewed}
        undecided={reviewRows.length}
        canConfirm={current.status !== 'done' || unreviewed > 0 || reviewRows.length > 0}
        confirming={confirm.isPending}
        disabled={reading || confirm.isPending || results.isPending}
        onConfirm={onConfirm}
        onClose={onDone}
      />
    </div>
  );
}

/** Confirms the file's results once no row needs a decision and the file has a test date; else says what is missing. */
function useConfirmResults(file: LabFile, undecided: number, onDone: () => void) {
  const confirm = useConfirmFile();
  const [askForDate, setAskForDate] = useState(false);
  const onConfirm = () => {
    if (undecided > 0) {
      document.getElementById('review-rows-title')?.scrollIntoView({ block: 'start' });
      toast.error('Some rows need your decision', { description: 'Match or keep each row we could not recognise, type each value we could not read, and confirm or correct each unlikely value.' });
      return;
    }
    if (!file.testDate) {
      setAskForDate(true);
      document.getElementById(testDateInputId(file.id))?.focus();
      return;
    }
    confirm.mutate(file.id, {
      onSuccess: () => {
        toast.success('Results confirmed', { description: 'They are marked as reviewed on your charts.' });
        onDone();
      },
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Could not confirm the results. Please try again.') }),
    });
  };
  return { confirm, askForDate, onConfirm };
}

function ReviewHeader({ file }: { file: LabFile }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Review results</DialogTitle>
        <DialogDescription>
          <span className="font-medium break-all text-foreground">{file.fileName}</span>. Check each value against your report: correct what was misread, delete what does not
          belong and add what was missed, then confirm.
        </DialogDescription>
      </DialogHeader>

      {file.status === 'failed' || file.errorMessage ? (
        <p role="status" className="rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm">
          {file.errorMessage ?? 'This file could not be read.'} You can add its results by hand.
        </p>
      ) : null}
    </>
  );
}
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      {errorMessage(error, 'The results could not be loaded.')}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** What is left to review, and the buttons to close or confirm. */
function ReviewFooter({ unreviewed, undecided, canConfirm, confirming, disabled, onConfirm, onClose }: {
  unreviewed: number;
  /** Rows that need the user's decision. */
  undecided: number;
  canConfirm: boolean;
  confirming: boolean;
  disabled: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <DialogFooter className="items-center">
      {unreviewed > 0 || undecided > 0 ? (
        <p className="text-sm text-muted-foreground sm:mr-auto">
          {unreviewed > 0 ? `${unreviewed} ${unreviewed === 1 ? 'result is' : 'results are'} not reviewed yet.` : ''}
          {undecided > 0 ? ` ${undecided} ${undecided === 1 ? 'row needs' : 'rows need'} your decision.` : ''}
        </p>
      ) : null}
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
      {canConfirm ? (
        <Button onClick={onConfirm} disabled={disabled}>
          {confirming ? 'Confirming...' : 'Confirm results'}
        </Button>
      ) : null}
    </DialogFooter>
  );
}
