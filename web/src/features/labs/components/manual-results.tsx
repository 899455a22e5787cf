import { PencilLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useBiomarkerCatalogue } from '../api/biomarker-catalogue.ts';
import { useAddManualResult, useManualResults } from '../api/lab-results.ts';
import { ResultsTable } from './results-table.tsx';

// The form library (and zod with it) loads when a form opens, not with the page.
const ResultForm = lazy(() => import('./result-form.tsx').then((module) => ({ default: module.ResultForm })));

/** Results typed in with no file (product.md, Labs): a report on paper, or a value from a clinic's portal. */
export function ManualResults() {
  const [open, setOpen] = useState(false);
  const manual = useManualResults();
  const catalogue = useBiomarkerCatalogue();
  const add = useAddManualResult();
  const addManual = (body: Parameters<typeof add.mutateAsync>[0]) => add.mutateAsync(body);
  const count = manual.data?.length ?? 0;

  return (
    <div className="grid min-w-0 gap-4 rounded-xl border border-border bg-surface p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="font-medium">Results entered by hand</h3>
          <p className="text-sm text-muted-foreground">No file? Type a result from a printed report or your clinic&apos;s portal.</p>
        </div>
        <Button variant="outline" className="w-fit" onClick={() => setOpen(true)}>
          <PencilLine aria-hidden="true" /> Enter a result by hand
        </Button>
      </div>

      {manual.isPending ? (
        <Spinner label="Loading results entered by hand" />
      ) : count > 0 && catalogue.data ? (
        <ResultsTable
          results={manual.data!}
          catalogue={catalogue.data}
          requireDate
          caption="Results entered by hand"
          emptyText="No results entered by hand."
          onAdd={(body) => addManual({ ...body, testDate: body.testDate ?? '' })}
        />
      ) : null}

      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>Enter a result by hand</DialogTitle>
            <DialogDescription>Pick the biomarker, then type the value and unit as your report shows them.</DialogDescription>
          </DialogHeader>
          {catalogue.isPending ? (
            <Spinner label="Loading biomarkers" />
          ) : catalogue.isError ? (
            <p role="alert" className="text-sm text-destructive">
              The list of biomarkers could not be loaded. Please try again.
            </p>
          ) : (
            <Suspense fallback={<Spinner label="Opening the form" />}>
              <ResultForm
                catalogue={catalogue.data}
                requireDate
                submitLabel="Add result"
                onCancel={() => setOpen(false)}
                onSubmit={async (body) => {
                  await addManual({ ...body, testDate: body.testDate ?? '' });
                  toast.success('Result added');
                  setOpen(false);
                }}
              />
            </Suspense>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
