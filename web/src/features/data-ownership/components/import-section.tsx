import { Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { type ImportResult, IMPORT_MAX_BYTES } from '#contract/data-ownership.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type FieldError, errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { useImportData } from '../api/import.ts';

type Failure = { message: string; details: FieldError[] };

/** Bring data in: a StackLab export (from here or another installation), or a lab's CSV of results. */
export function ImportSection() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const importData = useImportData();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setResult(null);
    setFailure(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setFailure({ message: `The file is too large to import (at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB)`, details: [] });
      return;
    }
    try {
      const answer = await importData.mutateAsync(file);
      setResult(answer);
      setFile(null);
      if (input.current) input.current.value = '';
      toast.success('Import finished', { description: answer.message });
    } catch (error) {
      setFailure({ message: errorMessage(error, 'The import failed. Please try again.'), details: isApiError(error) ? error.details : [] });
    }
  };

  return (
    <section aria-labelledby={`${id}-import`} className="grid gap-3">
      <div>
        <h3 id={`${id}-import`} className="font-semibold">
          Import
        </h3>
        <p className="text-sm text-muted-foreground">
          A StackLab export (the JSON, or the CSV zip, which also brings your lab files), or a CSV of lab results with the columns name, value,
          unit and date. Importing the same file again adds nothing twice.
        </p>
      </div>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-file`} className="sr-only">
          File to import
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".json,.zip,.csv,application/json,application/zip,text/csv"
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-2 file:text-sm file:font-medium"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setResult(null);
            setFailure(null);
          }}
        />
        <Button type="submit" variant="outline" disabled={!file || importData.isPending}>
          <Upload aria-hidden="true" /> {importData.isPending ? 'Importing...' : 'Import'}
        </Button>
      </form>
      <div aria-live="polite">
        {result ? <ImportReport result={result} /> : null}
        {failure ? <ImportFailure failure={failure} /> : null}
      </div>
    </section>
  );
}

function ImportReport({ result }: { result: ImportResult }) {
  return (
    <div className="rounded-md border border-border bg-muted/50 p-3 text-sm">
      <p className="font-medium">{result.message}</p>
      {result.notes.map((note) => (
        <p key={note} className="mt-1 text-muted-foreground">
          {note}
        </p>
      ))}
    </div>
  );
}

/** The refusal, with each of the file's problems on its own line (a field's name first, unless it is the file itself). */
function ImportFailure({ failure }: { failure: Failure }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
      <p className="font-medium">{failure.message}</p>
      {failure.details.length > 0 ? (
        <ul className="mt-2 list-disc pl-5">
          {failure.details.map((detail) => (
            <li key={`${detail.field}-${detail.message}`}>
              {detail.field === 'file' ? '' : `${detail.field[0]?.toUpperCase()}${detail.field.slice(1)}: `}
              {detail.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
