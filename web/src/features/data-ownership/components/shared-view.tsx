import type { ReactNode } from 'react';
import { SHARE_PART_LABELS, type SharedData } from '#contract/data-ownership.ts';
import { LogoMark } from '#web/components/layout/logo.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { errorMessage, isApiError } from '#web/lib/api-fetch.ts';
import { cn } from '#web/lib/cn.ts';
import { formatDateWithYear } from '#web/lib/local-day.ts';
import { formatLabValue } from '#web/features/labs/public.ts';
import { useSharedData } from '../api/shared-view.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });
const FLAG_TEXT = { high: 'High', low: 'Low', normal: 'Normal' } as const;

/**
 * The page a clinician opens from a share link: no sign-in, no app chrome beyond a one-line
 * header, read-only, never indexed. It shows only what the link's owner chose to share.
 */
export function SharedView({ token }: { token: string }) {
  const shared = useSharedData(token);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3 sm:px-6">
          <LogoMark className="size-7" />
          <span className="font-semibold">StackLab</span>
          <span className="text-sm text-muted-foreground">· shared health data, read-only</span>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6">
        {shared.isPending ? (
          <PageSpinner />
        ) : shared.isError ? (
          <div role="alert" className="mx-auto max-w-lg rounded-xl border border-border bg-surface p-6 text-center">
            <h1 className="text-xl font-semibold">
              {isApiError(shared.error) && shared.error.status === 404 ? 'This link has expired or was revoked' : 'This page could not be loaded'}
            </h1>
            <p className="mt-2 text-sm text-muted-foreground">
              {isApiError(shared.error) && shared.error.status === 404
                ? 'Share links work for a limited time and can be withdrawn. Ask the person who shared it for a new link.'
                : errorMessage(shared.error, 'Please try again in a moment.')}
            </p>
          </div>
        ) : (
          <SharedContent data={shared.data} />
        )}
      </main>
      <footer className="border-t border-border px-4 py-4 text-center text-xs text-muted-foreground">
        Recorded by the patient in StackLab; lab values as reported by their labs. Not medical advice.
      </footer>
    </div>
  );
}

function SharedContent({ data }: { data: SharedData }) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{data.owner.displayName}&apos;s health data</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Shared with you: {data.parts.map((part) => SHARE_PART_LABELS[part]).join(', ')}. This link works until {dateTime.format(new Date(data.expiresAt))}.
        </p>
      </div>
      {data.stats ? <StatsPart stats={data.stats} /> : null}
      {data.stack ? <StackPart stack={data.stack} /> : null}
      {data.labs ? <LabsPart labs={data.labs} /> : null}
      {data.logs ? <LogsPart logs={data.logs} /> : null}
    </div>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-border bg-surface p-4 sm:p-6" aria-label={title}>
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

function StatsPart({ stats }: { stats: NonNullable<SharedData['stats']> }) {
  const rows: [string, string | null][] = [
    ['Date of birth', stats.dateOfBirth ? formatDateWithYear(stats.dateOfBirth) : null],
    ['Sex', stats.gender],
    ['Weight', stats.weight !== null ? `${stats.weight} lb (${(stats.weight * 0.45359237).toFixed(1)} kg)` : null],
    ['Height', stats.height !== null ? `${stats.height} in (${Math.round(stats.height * 2.54)} cm)` : null],
    ['Average sleep', stats.averageSleep !== null ? `${Math.floor(stats.averageSleep / 60)} h ${stats.averageSleep % 60} min` : null],
    ['Allergies', stats.allergies?.trim() || null],
  ];
  const known = rows.filter(([, value]) => value !== null);
  return (
    <Part title="Health stats">
      {known.length === 0 ? (
        <Empty>No health stats recorded.</Empty>
      ) : (
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {known.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-sm font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Part>
  );
}

function StackPart({ stack }: { stack: NonNullable<SharedData['stack']> }) {
  return (
    <Part title="Supplement stack">
      {stack.supplements.length === 0 ? (
        <Empty>No supplements in the stack.</Empty>
      ) : (
        <Table label="Supplement stack table" className="text-left">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-2 pr-4 font-medium">Supplement</th>
              <th className="py-2 pr-4 font-medium">Dose</th>
              <th className="py-2 pr-4 font-medium">How often</th>
              <th className="py-2 pr-4 font-medium">Since</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {stack.supplements.map((row) => (
              <tr key={`${row.name}-${row.since}`}>
                <td className="py-2 pr-4">
                  <span className="font-medium">{row.name}</span>
                  {row.notes ? <span className="block text-xs text-muted-foreground">{row.notes}</span> : null}
                </td>
                <td className="py-2 pr-4">{row.dosage}</td>
                <td className="py-2 pr-4">{row.frequency}</td>
                <td className="py-2 pr-4">{formatDateWithYear(row.since)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Part>
  );
}

function flagClass(flag: string | null): string {
  if (flag === 'high' || flag === 'low') return 'font-semibold text-destructive';
  return '';
}

/** A small trend line of one biomarker's history; the points' flags colour the dots. */
function Sparkline({ points, name }: { points: { testDate: string; value: number; flag: string | null }[]; name: string }) {
  if (points.length < 2) return <span className="text-xs text-muted-foreground">one result</span>;
  const width = 120;
  const height = 32;
  const times = points.map((p) => Date.parse(`${p.testDate}T00:00:00Z`));
  const values = points.map((p) => p.value);
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const [v0, v1] = [Math.min(...values), Math.max(...values)];
  const x = (t: number) => 4 + ((t - t0) / Math.max(1, t1 - t0)) * (width - 8);
  const y = (v: number) => height - 4 - ((v - v0) / Math.max(1e-9, v1 - v0 || 1)) * (height - 8);
  return (
    <svg width={width} height={height} role="img" aria-label={`${name}: ${points.length} results from ${points[0]!.testDate} to ${points.at(-1)!.testDate}`}>
      <polyline fill="none" className="stroke-primary" strokeWidth="1.5" points={points.map((p, i) => `${x(times[i]!)},${y(p.value)}`).join(' ')} />
      {points.map((p, i) => (
        <circle key={`${p.testDate}-${i}`} cx={x(times[i]!)} cy={y(p.value)} r="2.5" className={p.flag === 'high' || p.flag === 'low' ? 'fill-destructive' : 'fill-primary'} />
      ))}
    </svg>
  );
}

function LabsPart({ labs }: { labs: NonNullable<SharedData['labs']> }) {
  return (
    <Part title="Lab results">
      {labs.biomarkers.length === 0 ? (
        <Empty>No lab results recorded.</Empty>
      ) : (
        <Table label="Lab results table" className="text-left">
          <thead className="text-muted-foreground">
            <tr>
              <th className="py-2 pr-4 font-medium">Biomarker</th>
              <th className="py-2 pr-4 font-medium">Latest</th>
              <th className="py-2 pr-4 font-medium">Reference range</th>
              <th className="py-2 pr-4 font-medium">Flag</th>
              <th className="py-2 pr-4 font-medium">Tested</th>
              <th className="py-2 pr-4 font-medium">Trend</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {labs.biomarkers.map((biomarker) => {
              const { latest } = biomarker;
              const range =
                latest.referenceText ??
                (latest.referenceLow !== null || latest.referenceHigh !== null ? `${latest.referenceLow ?? ''} - ${latest.referenceHigh ?? ''}` : 'not printed');
              return (
                <tr key={biomarker.name}>
                  <td className="py-2 pr-4 font-medium">
                    {biomarker.name}
                    {biomarker.loinc ? <span className="block text-xs font-normal text-muted-foreground">LOINC {biomarker.loinc}</span> : null}
                  </td>
                  <td className={cn('py-2 pr-4 whitespace-nowrap', flagClass(latest.flag))}>
                    {formatLabValue(latest.value, latest.comparator)} {latest.unit}
                  </td>
                  <td className="py-2 pr-4">{range}</td>
                  <td className={cn('py-2 pr-4', flagClass(latest.flag))}>{latest.flag ? FLAG_TEXT[latest.flag] : '-'}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {formatDateWithYear(latest.testDate)}
                    {latest.reviewed ? null : <span className="block text-xs text-muted-foreground">not reviewed by the patient</span>}
                  </td>
                  <td className="py-2 pr-4">
                    <Sparkline points={biomarker.points} name={`${biomarker.name} (${biomarker.unit})`} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </Part>
  );
}

function LogsPart({ logs }: { logs: NonNullable<SharedData['logs']> }) {
  return (
    <Part title={`Intake and effect logs, ${formatDateWithYear(logs.from)} to ${formatDateWithYear(logs.to)}`}>
      <div className="grid gap-6">
        <div>
          <h3 className="mb-2 font-medium">Days each supplement was taken</h3>
          {logs.adherence.length === 0 ? (
            <Empty>Nothing logged in this period.</Empty>
          ) : (
            <ul className="grid gap-1 text-sm">
              {logs.adherence.map((row) => (
                <li key={row.name}>
                  <span className="font-medium">{row.name}</span>: {row.daysTaken} {row.daysTaken === 1 ? 'day' : 'days'} (first {formatDateWithYear(row.firstDay)}, last{' '}
                  {formatDateWithYear(row.lastDay)})
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 font-medium">Energy, mood and sleep (1 to 5)</h3>
          {logs.effects.length === 0 ? (
            <Empty>No ratings in this period.</Empty>
          ) : (
            <Table label="Ratings table" className="text-left">
              <thead className="text-muted-foreground">
                <tr>
                  <th className="py-1 pr-4 font-medium">Day</th>
                  <th className="py-1 pr-4 font-medium">Energy</th>
                  <th className="py-1 pr-4 font-medium">Mood</th>
                  <th className="py-1 pr-4 font-medium">Sleep</th>
                  <th className="py-1 pr-4 font-medium">Note</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {logs.effects.map((row) => (
                  <tr key={row.date}>
                    <td className="py-1 pr-4 whitespace-nowrap">{formatDateWithYear(row.date)}</td>
                    <td className="py-1 pr-4">{row.energy}</td>
                    <td className="py-1 pr-4">{row.mood}</td>
                    <td className="py-1 pr-4">{row.sleep}</td>
                    <td className="py-1 pr-4">{row.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
        {logs.intake.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium">Day by day ({logs.intake.length} {logs.intake.length === 1 ? 'day' : 'days'} with intake)</summary>
            <ul className="mt-2 grid gap-1">
              {logs.intake.map((day) => (
                <li key={day.date}>
                  <span className="text-muted-foreground">{formatDateWithYear(day.date)}:</span> {day.supplements.join(', ')}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </Part>
  );
}
