import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '#contract/auth.ts';
import type { LabFile } from '#contract/labs.ts';
import { PageContainer } from '#web/components/layout/page-container.tsx';
import { PageHeader } from '#web/components/layout/page-header.tsx';
import { PageBodySpinner } from '#web/components/ui/spinner.tsx';
import { useFirstAnswers } from '#web/lib/use-first-answers.ts';
import { LABS_QUERY_KEY, useLabFiles } from '../api/lab-files.ts';
import { finishedReading } from '../utils/lab-results.ts';
import { BiomarkerTrends } from './biomarker-trends.tsx';
import { LabFilesGrid } from './lab-files-grid.tsx';
import { LabInterferenceNotes } from './lab-interference-notes.tsx';
import { ManualResults } from './manual-results.tsx';
import { ModelReadingSetting } from './model-reading-setting.tsx';
import { UploadWidget } from './upload-widget.tsx';

/** When a file finishes reading, its results join the chart: re-read everything about labs. */
function useFollowReading(files: LabFile[] | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef<LabFile[] | undefined>(undefined);
  useEffect(() => {
    if (previous.current && files && finishedReading(previous.current, files).length > 0) {
      void queryClient.invalidateQueries({ queryKey: LABS_QUERY_KEY, predicate: (query) => query.queryKey[1] !== 'files' });
    }
    previous.current = files;
  }, [files, queryClient]);
}

/** Labs (product.md, Labs): Biomarker Trends, Lab Results (upload and entry by hand), Uploaded Files. */
export function LabsPage({ user }: { user: User }) {
  const files = useLabFiles();
  useFollowReading(files.data);
  // Every section's first data, so that the sections appear together (useFirstAnswers).
  const ready = useFirstAnswers('labs', user);

  // product.md, Labs: a failed file-list load is logged only; the list on screen stays as it was.
  const failure = files.error;
  useEffect(() => {
    if (failure) console.error('Failed to load lab files', { status: (failure as { status?: number }).status });
  }, [failure]);

  return (
    <PageContainer>
      <Link to="/" className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Dashboard
      </Link>
      <PageHeader title="Biomarker Trends" description="Your lab results over time, beside the supplements you take." />
      {ready ? <LabsSections user={user} files={files} /> : <PageBodySpinner label="Loading your lab results" />}
    </PageContainer>
  );
}

function LabsSections({ user, files }: { user: User; files: ReturnType<typeof useLabFiles> }) {
  return (
    <div className="space-y-10">
      <LabsSection id="labs-trends" title="Biomarker Trends">
        <BiomarkerTrends user={user} hasFiles={(files.data?.length ?? 0) > 0} filesPending={files.isPending} />
        <LabInterferenceNotes />
      </LabsSection>
      <LabsSection id="labs-results" title="Lab Results">
        <UploadWidget user={user} />
        <ModelReadingSetting />
        <ManualResults />
      </LabsSection>
      <LabsSection id="labs-files" title="Uploaded Files">
        <LabFilesGrid files={files} />
      </LabsSection>
    </div>
  );
}

function LabsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
