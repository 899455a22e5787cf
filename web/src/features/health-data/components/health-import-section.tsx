import { Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { HEALTH_SOURCE_NAMES } from '#contract/health-data.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useDeleteHealthSource, useHealthImports, useHealthSources, useUploadHealthExport } from '../api/health-data.ts';

/** Bring in data from a phone or wearable; follow each import's progress; delete a source's data. */
export function HealthImportSection() {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <div>
        <h3 id={`${id}-title`} className="font-semibold">
          Phones and wearables
        </h3>
        <p className="text-sm text-muted-foreground">
          Apple Health (export.zip or export.xml), Google Fit Takeout, Fitbit, Oura, Garmin (.fit) or Withings (.csv): sleep, resting heart rate,
          HRV, steps, weight, body fat, blood pressure and glucose. Importing the same export again adds nothing twice.
        </p>
      </div>
      <HealthUpload />
      <RecentImports />
      <ImportedSources />
    </section>
  );
}

/** A single file picker, so its own state rather than a form library. */
function HealthUpload() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadHealthExport();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setFailure(null);
    try {
      await upload.mutateAsync(file);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (error) {
      setFailure(errorMessage(error, 'The upload failed. Please try again.'));
    }
  };

  return (
    <>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-file`} className="sr-only">
          Health export to import
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".zip,.xml,.json,.csv,.fit"
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-2 file:text-sm file:font-medium"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFailure(null);
          }}
        />
        <Button type="submit" variant="outline" disabled={!file || upload.isPending}>
          <Upload aria-hidden="true" /> {upload.isPending ? 'Uploading...' : 'Import health data'}
        </Button>
      </form>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
          {failure}
        </p>
      ) : null}
    </>
  );
}

function RecentImports() {
  const imports = useHealthImports();
  return (
    <ul className="grid gap-2" aria-live="polite">
      {imports.data?.imports.slice(0, 5).map((item) => (
        <li key={item.id} className="grid gap-1 rounded-md border border-border p-3 text-sm">
          <div className="flex flex-wrap justify-between gap-2">
            <span className="font-medium">{item.fileName}</span>
            <span className="text-muted-foreground">{item.source ? HEALTH_SOURCE_NAMES[item.source] : ''}</span>
          </div>
          {item.status === 'queued' || item.status === 'reading' ? (
            <>
              <Progress value={item.progress} aria-label={`Reading ${item.fileName}`} />
              <span className="text-muted-foreground">{item.status === 'queued' ? 'Waiting to be read...' : `Reading... ${item.progress}%`}</span>
            </>
          ) : item.status === 'done' ? (
            <span data-testid="health-import-done">
              Done: {item.addedCount} new measurements{item.readCount > item.addedCount ? ` (${item.readCount - item.addedCount} you already had)` : ''}.
              {item.note ? ` ${item.note}` : ''}
            </span>
          ) : (
            <span className="text-destructive">{item.errorMessage}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function ImportedSources() {
  const sources = useHealthSources();
  const deleteSource = useDeleteHealthSource();
  if (!sources.data || sources.data.sources.length === 0) return null;
  return (
    <ul className="grid gap-2 text-sm">
      {sources.data.sources.map((source) => (
        <li key={source.source} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {source.name}: {source.count} measurements, {source.firstDay} to {source.lastDay}
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={deleteSource.isPending}
            onClick={() => {
              if (window.confirm(`Delete every measurement imported from ${source.name}?`)) deleteSource.mutate(source.source);
            }}
          >
            Delete {source.name} data
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The section as a card of its own, for pages that have no "Your data" card to hold it. */
export function HealthImportCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import health data</CardTitle>
      </CardHeader>
      <CardContent>
        <HealthImportSection />
      </CardContent>
    </Card>
  );
}
