import { useState } from 'react';
import type { HealthDay, HealthHistoryKind } from '#contract/health-data.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useHealthHistory, useHealthSummary } from '../api/health-data.ts';
import { MiniBars, MiniLine } from './mini-chart.tsx';

const average = (values: (number | null)[]) => {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
};
const hoursAndMinutes = (minutes: number) => `${Math.floor(minutes / 60)}h ${Math.round(minutes % 60)}m`;

function PeriodSwitch({ days, onChange, label }: { days: 7 | 30; onChange: (days: 7 | 30) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="flex gap-1 text-xs">
      {([7, 30] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={days === option}
          onClick={() => onChange(option)}
          className={`rounded-md border px-2 py-1 ${days === option ? 'border-primary bg-primary text-primary-foreground' : 'border-border'}`}
        >
          {option} days
        </button>
      ))}
    </div>
  );
}

function useLastDays(days: 7 | 30): HealthDay[] | undefined {
  const { data } = useHealthSummary();
  return data?.days.slice(-days);
}

/** "Sleep Stats": average sleep and deep sleep, a bar a night (product.md, Health data from phones and wearables). */
export function SleepCard() {
  const [days, setDays] = useState<7 | 30>(7);
  const shown = useLastDays(days);
  const asleep = average(shown?.map((day) => day.asleepMinutes) ?? []);
  const deep = average(shown?.map((day) => day.deepMinutes) ?? []);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Sleep Stats</CardTitle>
        <PeriodSwitch days={days} onChange={setDays} label="Sleep period" />
      </CardHeader>
      <CardContent>
        {asleep === null ? (
          <p className="text-sm text-muted-foreground">No sleep data yet. Import an export from your phone or watch in your profile's "Your data".</p>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm">
              Average sleep, last {days} days: <strong data-testid="sleep-average">{hoursAndMinutes(asleep)}</strong>
              {deep !== null ? <span className="text-muted-foreground"> · deep {hoursAndMinutes(deep)}</span> : null}
            </p>
            <MiniBars values={shown!.map((day) => day.asleepMinutes)} label={`Minutes asleep each night, last ${days} days`} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** "Heart Rate": average resting heart rate and HRV, a bar a day. */
export function HeartRateCard() {
  const [days, setDays] = useState<7 | 30>(7);
  const shown = useLastDays(days);
  const resting = average(shown?.map((day) => day.restingHeartRate) ?? []);
  const hrv = average(shown?.map((day) => day.hrv) ?? []);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>Heart Rate</CardTitle>
        <PeriodSwitch days={days} onChange={setDays} label="Heart rate period" />
      </CardHeader>
      <CardContent>
        {resting === null ? (
          <p className="text-sm text-muted-foreground">No heart rate data yet. Import an export from your phone or watch in your profile's "Your data".</p>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm">
              Resting heart rate, last {days} days: <strong data-testid="resting-heart-rate">{Math.round(resting)} bpm</strong>
              {hrv !== null ? <span className="text-muted-foreground"> · HRV {Math.round(hrv)} ms</span> : null}
            </p>
            <MiniBars values={shown!.map((day) => day.restingHeartRate)} label={`Resting heart rate each day, last ${days} days`} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const HISTORY_TITLES: Record<Exclude<HealthHistoryKind, 'body_fat'>, string> = {
  weight: 'Weight',
  blood_pressure: 'Blood pressure',
  blood_glucose: 'Blood glucose',
};

/** Every reading kept, with a chart: a history, never one overwritten value. */
export function HistoryCard({ kind }: { kind: Exclude<HealthHistoryKind, 'body_fat'> }) {
  const { data } = useHealthHistory(kind);
  const points = data?.points ?? [];
  const latest = points.at(-1);
  const title = HISTORY_TITLES[kind];
  const format = (value: number) => (kind === 'blood_glucose' ? value.toFixed(1) : kind === 'weight' ? value.toFixed(1) : String(Math.round(value)));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {!latest ? (
          <p className="text-sm text-muted-foreground">No readings imported yet.</p>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm">
              Latest ({latest.day}):{' '}
              <strong data-testid={`history-${kind}`}>
                {format(latest.value)}
                {latest.second !== null ? `/${format(latest.second)}` : ''} {data!.unit}
              </strong>
              <span className="text-muted-foreground"> · {points.length} readings</span>
            </p>
            <MiniLine points={points.map((point) => ({ t: Date.parse(point.at), value: point.value }))} label={`${title} over time`} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
