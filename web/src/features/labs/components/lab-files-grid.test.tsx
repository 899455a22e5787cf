import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LabFile } from '#contract/labs.ts';
import { LabFilesGrid } from './lab-files-grid.tsx';

const file = (change: Partial<LabFile>): LabFile => ({
  id: '00000000-0000-4000-8000-000000000001',
  fileName: 'september-scan.png',
  fileUrl: '/api/labs/00000000-0000-4000-8000-000000000001/file',
  uploadedAt: '2026-11-29T08:00:00.000Z',
  contentType: 'image/png',
  sizeBytes: 1000,
  status: 'reading',
  progress: 40,
  errorCode: null,
  errorMessage: null,
  testDate: null,
  testDateReview: null,
  resultCount: 0,
  unreviewedCount: 0,
  pagesRead: 0,
  pageCount: 1,
  reviewRowCount: 0,
  ...change,
});

function html(files: LabFile[]): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <LabFilesGrid files={{ data: files, isPending: false, isError: false, isFetching: false, refetch: () => {} }} />
    </QueryClientProvider>,
  );
}

// The browser test sees these states only when its polling happens to catch them (e2e/labs.spec.ts).
describe('uploaded files being read', () => {
  it('shows a waiting file and a file being read with a progress bar named after the file, and their progress', () => {
    const waiting = html([file({ status: 'queued', progress: 0, pagesRead: null, pageCount: null })]);
    expect(waiting).toContain('role="progressbar"');
    expect(waiting).toContain('aria-label="Reading september-scan.png"');
    expect(waiting).toContain('Waiting to be read...');

    const reading = html([file({ status: 'reading', progress: 40, pagesRead: 0, pageCount: 1 })]);
    expect(reading).toContain('role="progressbar"');
    expect(reading).toContain('aria-label="Reading september-scan.png"');
    expect(reading).toContain('Reading the report... 0 of 1 page read');
  });

  it('shows no progress once the file is read', () => {
    const read = html([file({ status: 'needs_review', progress: 100, pagesRead: 1, resultCount: 3, unreviewedCount: 3 })]);
    expect(read).not.toContain('role="progressbar"');
    expect(read).toContain('Needs review');
  });
});
