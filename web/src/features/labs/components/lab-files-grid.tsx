import { AlertTriangle, CheckCircle2, Clock, Download, FileText, Loader2, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { LabFile } from '#contract/labs.ts';
import { EmptyState } from '#web/components/layout/empty-state.tsx';
import { ConfirmDialog } from '#web/components/ui/alert-dialog.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useDeleteLabFile } from '../api/lab-files.ts';
import { formatTestDate } from '../utils/chart-rows.ts';
import { STATUS_LABELS, isBeingRead, readingText } from '../utils/lab-results.ts';

// Review's forms bring zod and the contract's schemas: loaded when a review opens, not with the page.
const ReviewDialog = lazy(() => import('./review-dialog.tsx').then((module) => ({ default: module.ReviewDialog })));

type FilesQuery = { data: LabFile[] | undefined; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };

/** Uploaded Files (product.md, Labs): one card per file with its reading state, download and delete. */
export function LabFilesGrid({ files }: { files: FilesQuery }) {
  if (files.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Loading your files" />
      </div>
    );
  }
  if (!files.data) {
    // product.md, Labs: a failed load is logged (see LabsPage), and nothing made up is shown in its place.
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        Your uploaded files could not be loaded right now.
        <Button variant="outline" size="sm" onClick={() => void files.refetch()} disabled={files.isFetching}>
          Retry
        </Button>
      </div>
    );
  }
  if (files.data.length === 0) return <EmptyState title="No files uploaded yet" description="Lab reports you upload are kept here, with what was read from them." />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {files.data.map((file) => (
        <li key={file.id}>
          <LabFileCard file={file} />
        </li>
      ))}
    </ul>
  );
}

const STATUS_ICONS = {
  queued: <Clock aria-hidden="true" />,
  reading: <Loader2 aria-hidden="true" className="motion-safe:animate-spin" />,
  needs_review: <AlertTriangle aria-hidden="true" />,
  done: <CheckCircle2 aria-hidden="true" />,
  failed: <AlertTriangle aria-hidden="true" />,
} as const;

function LabFileCard({ file }: { file: LabFile }) {
  const [reviewing, setReviewing] = useState(false);
  const remove = useDeleteLabFile();
  const reading = isBeingRead(file);
  const uploaded = new Date(file.uploadedAt).toLocaleDateString();

  const onDelete = () =>
    remove.mutate(file.id, {
      // product.md, Labs: a failed delete is logged only; the list stays as it is.
      onError: (error) => console.error('Failed to delete lab file', { status: (error as { status?: number }).status }),
    });

  return (
    <Card className="flex h-full flex-col">
      <CardContent className="grid flex-1 content-start gap-3 pt-5">
        <div className="flex items-start gap-3">
          <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 flex-1">
            <h3 className="truncate font-medium" title={file.fileName}>
              {file.fileName}
            </h3>
            <p className="text-xs text-muted-foreground">Uploaded: {uploaded}</p>
          </div>
        </div>

        <div className="grid gap-2" aria-live="polite">
          <Badge
            variant={file.status === 'done' ? 'secondary' : file.status === 'needs_review' ? 'warning' : 'outline'}
            className={cn('w-fit', file.status === 'failed' && 'border-destructive/40 text-destructive')}
          >
            {STATUS_ICONS[file.status]} {STATUS_LABELS[file.status]}
          </Badge>
          {reading ? (
            <>
              <Progress value={file.progress} aria-label={`Reading ${file.fileName}`} />
              <p className="text-xs text-muted-foreground">
                {readingText(file)}
              </p>
            </>
          ) : null}
          {file.status === 'failed' ? <p className="text-sm text-destructive">{file.errorMessage ?? 'This file could not be read.'}</p> : null}
          {file.status === 'needs_review' || file.status === 'done' ? (
            <p className="text-sm text-muted-foreground">
              {resultsSummary(file)}
              {file.testDate ? ` Test date ${formatTestDate(file.testDate)}.` : ''}
            </p>
          ) : null}
          {file.status !== 'failed' && !reading && file.resultCount === 0 && file.errorMessage ? <p className="text-sm text-muted-foreground">{file.errorMessage}</p> : null}
        </div>
      </CardContent>
      <div className="flex flex-wrap items-center gap-2 border-t border-border px-5 py-3">
        {reading ? null : (
          <Button size="sm" variant={file.status === 'needs_review' ? 'default' : 'outline'} onClick={() => setReviewing(true)}>
            {file.status === 'needs_review' ? 'Review results' : file.status === 'failed' ? 'Add results by hand' : 'View results'}
          </Button>
        )}
        <a href={file.fileUrl} download={file.fileName} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <Download aria-hidden="true" /> Download<span className="sr-only"> {file.fileName}</span>
        </a>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost" className="text-destructive hover:text-destructive" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" /> {remove.isPending ? 'Deleting...' : 'Delete'}
              <span className="sr-only"> {file.fileName}</span>
            </Button>
          }
          title={`Delete ${file.fileName}?`}
          question="Are you sure you want to delete this lab result?"
          onConfirm={onDelete}
        />
      </div>
      {reviewing ? (
        <Suspense fallback={<Spinner label="Opening the review" />}>
          <ReviewDialog file={file} onClose={() => setReviewing(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

function resultsSummary(file: LabFile): string {
  if (file.resultCount === 0 && file.reviewRowCount === 0) return 'No results yet.';
  const count = `${file.resultCount} ${file.resultCount === 1 ? 'result' : 'results'}`;
  const decide = file.reviewRowCount > 0 ? ` ${file.reviewRowCount} ${file.reviewRowCount === 1 ? 'row needs' : 'rows need'} your decision.` : '';
  if (file.unreviewedCount === 0) return `${count}, all reviewed.${decide}`;
  return `${count}, ${file.unreviewedCount} not reviewed.${decide}`;
}
