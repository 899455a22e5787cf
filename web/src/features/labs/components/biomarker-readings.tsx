import type { BiomarkerReading } from '#contract/labs.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatLabValue, formatTestDate } from '../utils/chart-rows.ts';
import { FLAG_LABELS, rangeText } from '../utils/lab-results.ts';

const flagClass = (reading: BiomarkerReading) => cn(reading.flag && reading.flag !== 'normal' && 'font-medium text-destructive');

/** Where a reading came from: its report, which opens, or the user's own typing. */
function ReportLink({ reading }: { reading: BiomarkerReading }) {
  if (!reading.report) return <span className="text-muted-foreground">Added by you</span>;
  return (
    <a className="break-all text-primary underline-offset-2 hover:underline" href={reading.report.fileUrl} target="_blank" rel="noreferrer">
      {reading.report.fileName}
    </a>
  );
}

function NotReviewed({ reading }: { reading: BiomarkerReading }) {
  return reading.reviewed ? null : (
    <Badge variant="warning" className="w-fit">
      Not reviewed
    </Badge>
  );
}

/**
 * Every reading of one biomarker, newest first, as printed: date, value, unit, range, flag and
 * the report it came from. On a phone each reading is a card, so nothing is off-screen.
 */
export function BiomarkerReadings({ name, readings }: { name: string; readings: BiomarkerReading[] }) {
  const caption = `Readings of ${name}`;
  return (
    <div className="grid min-w-0 gap-3">
      <ul className="grid gap-2 sm:hidden" aria-label={caption}>
        {readings.map((reading) => (
          <li key={reading.id} className="grid gap-1 rounded-lg border border-border p-3 text-sm">
            <p className="font-medium">{formatTestDate(reading.testDate)}</p>
            <p className="tabular-nums">
              {formatLabValue(reading.value, reading.comparator)} {reading.unit}
              {reading.flag ? <span className={cn('ml-2', flagClass(reading))}>{FLAG_LABELS[reading.flag]}</span> : null}
            </p>
            <p className="text-xs text-muted-foreground">Range {rangeText(reading.referenceRange) || '-'}</p>
            <p className="text-xs">
              <ReportLink reading={reading} />
            </p>
            <NotReviewed reading={reading} />
          </li>
        ))}
      </ul>
      <div className="hidden min-w-0 overflow-x-auto rounded-lg border border-border sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-xs text-muted-foreground">
            <tr>
              {['Date', 'Value', 'Unit', 'Range', 'Flag', 'Report'].map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-medium">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {readings.map((reading) => (
              <tr key={reading.id} className={cn('border-t border-border align-top', !reading.reviewed && 'bg-accent/10')}>
                <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                  <span className="block">{formatTestDate(reading.testDate)}</span>
                  <NotReviewed reading={reading} />
                </th>
                <td className="px-3 py-2 tabular-nums">{formatLabValue(reading.value, reading.comparator)}</td>
                <td className="px-3 py-2">{reading.unit}</td>
                <td className="px-3 py-2">{rangeText(reading.referenceRange) || <span className="text-muted-foreground">-</span>}</td>
                <td className={cn('px-3 py-2', flagClass(reading))}>{reading.flag ? FLAG_LABELS[reading.flag] : '-'}</td>
                <td className="px-3 py-2">
                  <ReportLink reading={reading} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
