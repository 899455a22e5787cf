import { zipSync, strToU8 } from 'fflate';

/**
 * Health exports generated in each format, for tests, the e2e spec and the bench: shaped like the
 * real files (see the samples' notes), with figures we choose so that tests know what to expect.
 */

const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST HealthData locale CDATA #REQUIRED>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record type CDATA #REQUIRED unit CDATA #IMPLIED value CDATA #IMPLIED sourceName CDATA #REQUIRED startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-03-10 08:00:00 -0500"/>
 <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>
`;
const FOOTER = '</HealthData>\n';
const DEVICE = '&lt;&lt;HKDevice: 0x283b1c2d0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,2, software:10.1&gt;';

/** `2026-03-08 10:00:00 -0500` for a day, an hour and minute, at `offset` (`-0500`). */
function stamp(day: string, minutes: number, offset: string): string {
  const base = Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) + minutes * 60_000;
  const date = new Date(base);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${offset}`;
}

const record = (type: string, unit: string | null, value: string | number, source: string, start: string, end: string, extra = '', children = '') =>
  ` <Record type="${type}" sourceName="${source}" sourceVersion="10.1"${unit ? ` unit="${unit}"` : ''} creationDate="${end}" startDate="${start}" endDate="${end}" value="${value}"${extra}${children ? `>\n${children} </Record>` : '/>'}\n`;

export type AppleDayFigures = {
  /** Minutes of each stage in the night that ends on the day. */
  sleep: { core: number; deep: number; rem: number };
  restingHeartRate: number;
  hrv: number;
  /** Steps counted by the watch; the phone counts the same walk again, fewer. */
  steps: number;
  weightKg: number;
  bloodPressure: [number, number];
  glucoseMgDl: number;
};

/** The figures of day `index` (0-based): varied but known. */
export function appleDayFigures(index: number): AppleDayFigures {
  return {
    sleep: { core: 240 + (index % 5) * 6, deep: 60 + (index % 3) * 5, rem: 90 + (index % 4) * 3 },
    restingHeartRate: 55 + (index % 6),
    hrv: 40 + (index % 7) * 2,
    steps: 6000 + index * 100,
    weightKg: 80 - index * 0.1,
    bloodPressure: [118 + (index % 5), 76 + (index % 3)],
    glucoseMgDl: 90 + (index % 8),
  };
}

/**
 * One day of records: a night (in bed, then core, deep and REM) ending that morning, resting
 * heart rate, HRV, steps from a watch and (overlapping) from a phone, a weigh-in, a blood-pressure
 * pair at the top level and again inside its Correlation, a glucose reading, and `fillerRecords`
 * heart-rate samples (kept out of the measurements, as in real exports where they dominate).
 */
export function appleDayXml(day: string, index: number, options: { offset?: string; fillerRecords?: number } = {}): string {
  const offset = options.offset ?? '-0500';
  const figures = appleDayFigures(index);
  const watch = 'Test Watch';
  let out = '';
  const bedStart = -90; // 22:30 the evening before
  const { core, deep, rem } = figures.sleep;
  out += record('HKCategoryTypeIdentifierSleepAnalysis', null, 'HKCategoryValueSleepAnalysisInBed', watch, stamp(day, bedStart, offset), stamp(day, bedStart + core + deep + rem + 10, offset));
  let at = bedStart + 5;
  for (const [value, minutes] of [['AsleepCore', core], ['AsleepDeep', deep], ['AsleepREM', rem]] as const) {
    out += record('HKCategoryTypeIdentifierSleepAnalysis', null, `HKCategoryValueSleepAnalysis${value}`, watch, stamp(day, at, offset), stamp(day, at + minutes, offset));
    at += minutes;
  }
  out += record('HKQuantityTypeIdentifierRestingHeartRate', 'count/min', figures.restingHeartRate, watch, stamp(day, 480, offset), stamp(day, 480, offset), ` device="${DEVICE}"`);
  out += record('HKQuantityTypeIdentifierHeartRateVariabilitySDNN', 'ms', figures.hrv, watch, stamp(day, 300, offset), stamp(day, 301, offset));
  const half = Math.floor(figures.steps / 2);
  out += record('HKQuantityTypeIdentifierStepCount', 'count', half, watch, stamp(day, 540, offset), stamp(day, 600, offset));
  out += record('HKQuantityTypeIdentifierStepCount', 'count', figures.steps - half, watch, stamp(day, 1080, offset), stamp(day, 1140, offset));
  out += record('HKQuantityTypeIdentifierStepCount', 'count', half - 500, 'Test Phone', stamp(day, 540, offset), stamp(day, 600, offset));
  out += record('HKQuantityTypeIdentifierBodyMass', 'kg', figures.weightKg.toFixed(1), 'Test Scale', stamp(day, 420, offset), stamp(day, 420, offset));
  const [systolic, diastolic] = figures.bloodPressure;
  const bpAt = stamp(day, 450, offset);
  const pair =
    record('HKQuantityTypeIdentifierBloodPressureSystolic', 'mmHg', systolic, 'Test Cuff', bpAt, bpAt) +
    record('HKQuantityTypeIdentifierBloodPressureDiastolic', 'mmHg', diastolic, 'Test Cuff', bpAt, bpAt);
  out += pair;
  out += ` <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Test Cuff" creationDate="${bpAt}" startDate="${bpAt}" endDate="${bpAt}">\n${pair} </Correlation>\n`;
  out += record('HKQuantityTypeIdentifierBloodGlucose', 'mg/dL', figures.glucoseMgDl, 'Test Meter', stamp(day, 460, offset), stamp(day, 460, offset), '', '  <MetadataEntry key="HKBloodGlucoseMealTime" value="1"/>\n');
  for (let i = 0; i < (options.fillerRecords ?? 0); i += 1) {
    const minute = (i * 7) % 1440;
    out += record('HKQuantityTypeIdentifierHeartRate', 'count/min', 60 + (i % 40), watch, stamp(day, minute, offset), stamp(day, minute, offset), ` device="${DEVICE}"`);
  }
  return out;
}

/** The days `count` days back to `lastDay`, oldest first. */
export function daysEndingOn(lastDay: string, count: number): string[] {
  const end = Date.UTC(+lastDay.slice(0, 4), +lastDay.slice(5, 7) - 1, +lastDay.slice(8, 10));
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** A whole export.xml for the days given (day index = position in `days`, unless `firstIndex` moves it). */
export function appleHealthXml(days: string[], options: { offset?: string; fillerRecords?: number; firstIndex?: number } = {}): string {
  return HEADER + days.map((day, i) => appleDayXml(day, (options.firstIndex ?? 0) + i, options)).join('') + FOOTER;
}

/** export.zip as the Health app writes it: the XML under `apple_health_export/`. */
export function appleHealthZip(xml: string): Uint8Array {
  return zipSync({ 'apple_health_export/export.xml': strToU8(xml), 'apple_health_export/export_cda.xml': strToU8('<?xml version="1.0"?><ClinicalDocument/>') });
}

/** An export.xml of about `targetBytes`, a chunk at a time (the bench's gigabytes never sit in memory). */
export function* appleHealthXmlChunks(targetBytes: number, options: { offset?: string; fillerRecords?: number } = {}): Generator<string> {
  yield HEADER;
  let written = HEADER.length;
  let index = 0;
  const start = Date.UTC(2015, 0, 1);
  while (written < targetBytes) {
    const day = new Date(start + index * 86_400_000).toISOString().slice(0, 10);
    const chunk = appleDayXml(day, index, { fillerRecords: options.fillerRecords ?? 400, offset: options.offset });
    written += chunk.length;
    index += 1;
    yield chunk;
  }
  yield FOOTER;
}

/** Withings weight.csv with the German headers and no offset, newest first. */
export function withingsWeightCsv(readings: { at: string; kg: number; fatKg?: number }[]): string {
  const rows = readings.map((reading) => `"${reading.at}",${reading.kg.toFixed(2)},${reading.fatKg?.toFixed(2) ?? ''},,,,`);
  return ['Date,"Gewicht (kg)","Fettmasse (kg)","Knochenmasse (kg)","Muskelmasse (kg)","Wasseranteil (kg)",Kommentare', ...rows].join('\n') + '\n';
}

/** An Oura API v2 sleep page; every row repeated, as a collector that saved pages twice leaves it. */
export function ouraSleepJson(nights: { day: string; start: string; end: string; deepSeconds: number; lowestHr: number; hrv: number }[]): string {
  const rows = nights.map((night, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    day: night.day,
    type: 'long_sleep',
    bedtime_start: night.start,
    bedtime_end: night.end,
    time_in_bed: 28_000,
    total_sleep_duration: 26_000,
    deep_sleep_duration: night.deepSeconds,
    light_sleep_duration: 14_000,
    rem_sleep_duration: 26_000 - 14_000 - night.deepSeconds,
    awake_time: 2000,
    lowest_heart_rate: night.lowestHr,
    average_hrv: night.hrv,
    heart_rate: { interval: 300, items: [null, 60, 58], timestamp: night.start },
  }));
  return JSON.stringify({ data: [...rows, ...rows], next_token: null }, null, 2);
}

/** A Google Fit "All Data" weight file, its nanosecond times beyond 2^53 written as JSON integers. */
export function googleFitWeightJson(points: { atMs: number; kg: number }[]): string {
  const body = points
    .map((point) => `{"fitValue":[{"value":{"fpVal":${point.kg}}}],"originDataSourceId":"raw:com.google.weight:com.example:user_input","endTimeNanos":${point.atMs}000123,"dataTypeName":"com.google.weight","startTimeNanos":${point.atMs}000123,"modifiedTimeMillis":${point.atMs},"rawTimestampNanos":0}`)
    .join(',\n');
  return `{\n"Data Source": "derived:com.google.weight:com.google.android.gms:merge_weight",\n"Data Points": [\n${body}\n]\n}`;
}

/** A Fitbit account-archive sleep file: one stages log and one classic log, local times with no zone. */
export function fitbitSleepJson(nights: { logId: number; dateOfSleep: string; start: string; end: string; deep: number; light: number; rem: number; wake: number }[]): string {
  return JSON.stringify(
    nights.map((night) => ({
      logId: night.logId,
      dateOfSleep: night.dateOfSleep,
      startTime: night.start,
      endTime: night.end,
      timeInBed: night.deep + night.light + night.rem + night.wake,
      minutesAsleep: night.deep + night.light + night.rem,
      minutesAwake: night.wake,
      type: 'stages',
      mainSleep: true,
      levels: { summary: { deep: { minutes: night.deep }, light: { minutes: night.light }, rem: { minutes: night.rem }, wake: { minutes: night.wake } }, data: [] },
    })),
    null,
    2,
  ).replaceAll('":', '" :');
}
