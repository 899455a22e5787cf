import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { useLocalToday } from '#web/lib/local-day.ts';
import { defaultReportPeriod, reportHref, reportPeriodError } from '../utils/data-options.ts';

/**
 * Downloads are plain links to attachments: the browser saves them under the server's file name,
 * with the session cookie, and nothing large passes through the page's memory.
 */
export function ExportSection({ timeZone }: { timeZone: string }) {
  const id = useId();
  const today = useLocalToday(timeZone);
  const [withFiles, setWithFiles] = useState(false);
  const [period, setPeriod] = useState(() => defaultReportPeriod(today));
  const periodError = reportPeriodError(period, today);

  return (
    <section aria-labelledby={`${id}-export`} className="grid gap-4">
      <div>
        <h3 id={`${id}-export`} className="font-semibold">
          Export
        </h3>
        <p className="text-sm text-muted-foreground">Everything you have, to keep or to take to another app or installation.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href="/api/export/json" download>
            <Download aria-hidden="true" /> All data (JSON)
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={withFiles ? '/api/export/csv?includeFiles=true' : '/api/export/csv'} download>
            <Download aria-hidden="true" /> Spreadsheets (CSV zip)
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href="/api/export/fhir" download>
            <Download aria-hidden="true" /> Health record (FHIR)
          </a>
        </Button>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={`${id}-files`} checked={withFiles} onCheckedChange={setWithFiles} />
        <label htmlFor={`${id}-files`} className="text-sm">
          Include my original lab files in the CSV zip
        </label>
      </div>
      <p className="text-xs text-muted-foreground">
        FHIR is the format clinics and health records read: your lab results with their LOINC codes, ranges and flags, and your supplements
        with doses.
      </p>

      <div className="grid gap-3 rounded-lg border border-border p-4">
        <div>
          <h4 className="font-medium">Report for your doctor (PDF)</h4>
          <p className="text-sm text-muted-foreground">
            Your stack with doses, how regularly you took it, your ratings, and each biomarker&apos;s latest value with its range, flag and trend.
          </p>
        </div>
        <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FormField id={`${id}-from`} label="From">
            {(props) => <Input {...props} type="date" value={period.from} max={today} onChange={(event) => setPeriod((p) => ({ ...p, from: event.target.value }))} />}
          </FormField>
          <FormField id={`${id}-to`} label="To">
            {(props) => <Input {...props} type="date" value={period.to} max={today} onChange={(event) => setPeriod((p) => ({ ...p, to: event.target.value }))} />}
          </FormField>
          {periodError ? (
            <Button disabled aria-describedby={`${id}-period-error`}>
              <FileText aria-hidden="true" /> Download report
            </Button>
          ) : (
            <Button asChild>
              <a href={reportHref(period)} download>
                <FileText aria-hidden="true" /> Download report
              </a>
            </Button>
          )}
        </div>
        {periodError ? (
          <p id={`${id}-period-error`} role="alert" className="text-sm text-destructive">
            {periodError}
          </p>
        ) : null}
      </div>
    </section>
  );
}
