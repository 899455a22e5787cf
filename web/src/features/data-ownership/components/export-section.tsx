import { Download, FileText } from 'lucide-react';
import { type ComponentProps, type MouseEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { errorMessage } from '#web/lib/api-fetch.ts';
import { useLocalToday } from '#web/lib/local-day.ts';
import { confirmRecentSignIn } from '#web/lib/reauth.ts';
import { defaultReportPeriod, reportHref, reportPeriodError } from '../utils/data-options.ts';

/**
 * Downloads are plain links to attachments: the browser saves them under the server's file name,
 * with the session cookie, and nothing large passes through the page's memory. An export needs a
 * recent sign-in, so the link first asks for the password when the session's is older.
 */
function DownloadLink({ href, children, ...props }: ComponentProps<'a'> & { href: string }) {
  const follow = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    try {
      if (!(await confirmRecentSignIn())) return;
    } catch (error) {
      toast.error('Download failed', { description: errorMessage(error, 'Please try again.') });
      return;
    }
    const link = document.createElement('a');
    link.href = href;
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };
  return (
    <a {...props} href={href} download onClick={(event) => void follow(event)}>
      {children}
    </a>
  );
}

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
          <DownloadLink href="/api/export/json">
            <Download aria-hidden="true" /> All data (JSON)
          </DownloadLink>
        </Button>
        <Button asChild variant="outline">
          <DownloadLink href={withFiles ? '/api/export/csv?includeFiles=true' : '/api/export/csv'}>
            <Download aria-hidden="true" /> Spreadsheets (CSV zip)
          </DownloadLink>
        </Button>
        <Button asChild variant="outline">
          <DownloadLink href="/api/export/fhir">
            <Download aria-hidden="true" /> Health record (FHIR)
          </DownloadLink>
        </Button>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={`${id}-files`} checked={withFiles} onCheckedChange={setWithFiles} />
        <label htmlFor={`${id}-files`} className="text-sm">
          Include my original lab files in the CSV zip
        </label>
      </div>
      <p className="text-xs text-muted-foreground">
        FHIR is the format clinics and health records read: your lab results with their LOINC codes, ranges and flags, the measurements from
        your phone or wearable, your supplements with doses, and your medications.
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
              <DownloadLink href={reportHref(period)}>
                <FileText aria-hidden="true" /> Download report
              </DownloadLink>
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
