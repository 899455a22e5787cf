import { Decoder, Stream } from '@garmin/fitsdk';
import { dayAtOffset } from './time.ts';
import { HealthImportError, type Measurement } from './types.ts';

/**
 * Garmin FIT files, read with Garmin's own SDK: weigh-ins (weight and body fat), the daily step
 * summaries of monitoring files, and resting heart rate and overnight HRV where the device wrote
 * them. A timestamp under 0x10000000 counts seconds since the device was switched on, not a
 * date; such messages are passed over rather than dated in 1990.
 */

const FIT_EPOCH_MS = Date.UTC(1989, 11, 31);
const SYSTEM_TIME_LIMIT = 0x10000000;

type Message = Record<string, unknown>;

export function isFit(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 12 && bytes[8] === 0x2e && bytes[9] === 0x46 && bytes[10] === 0x49 && bytes[11] === 0x54;
}

const toDate = (seconds: unknown) => (typeof seconds === 'number' && seconds >= SYSTEM_TIME_LIMIT ? new Date(FIT_EPOCH_MS + seconds * 1000) : null);

export function readFit(bytes: Uint8Array, notes: string[]): Measurement[] {
  const decoder = new Decoder(Stream.fromByteArray(Array.from(bytes)));
  if (!decoder.isFIT()) throw new HealthImportError('This .fit file is damaged and could not be read.');
  const { messages, errors } = decoder.read({ convertDateTimesToDates: false, expandComponents: true, mergeHeartRates: false });
  const all = messages as Record<string, Message[] | undefined>;
  const device = String((all.fileIdMesgs?.[0]?.manufacturer as string | undefined) ?? 'garmin');
  const origin = `Garmin ${device}`.trim();
  // The device's offset from UTC, where it wrote its local time beside the UTC one.
  const info = all.monitoringInfoMesgs?.[0] ?? all.activityMesgs?.[0];
  const offsetMinutes =
    typeof info?.localTimestamp === 'number' && typeof info.timestamp === 'number' && info.timestamp >= SYSTEM_TIME_LIMIT
      ? Math.round((info.localTimestamp - info.timestamp) / 60)
      : 0;
  const dayOf = (instant: Date) => dayAtOffset(instant, offsetMinutes);
  const out: Measurement[] = [];

  for (const message of all.weightScaleMesgs ?? []) {
    const at = toDate(message.timestamp);
    if (!at) continue;
    if (typeof message.weight === 'number' && message.weight > 0) out.push({ kind: 'weight', startAt: at, endAt: at, day: dayOf(at), value: message.weight, origin });
    if (typeof message.percentFat === 'number' && message.percentFat > 0) {
      out.push({ kind: 'body_fat', startAt: at, endAt: at, day: dayOf(at), value: message.percentFat, origin });
    }
  }

  // Daily summaries: one message per activity type, stamped at the local midnight that ends the day.
  const dailySteps = new Map<number, number>();
  for (const message of all.monitoringMesgs ?? []) {
    if (message.durationMin !== 1440 || typeof message.steps !== 'number' || typeof message.timestamp !== 'number') continue;
    dailySteps.set(message.timestamp, (dailySteps.get(message.timestamp) ?? 0) + message.steps);
  }
  for (const [stamp, steps] of dailySteps) {
    const end = toDate(stamp);
    if (!end || steps <= 0) continue;
    const start = new Date(end.getTime() - 86_400_000);
    out.push({ kind: 'steps', startAt: start, endAt: end, day: dayOf(start), value: steps, origin });
  }

  for (const message of all.monitoringHrDataMesgs ?? []) {
    const at = toDate(message.timestamp);
    const rate = message.restingHeartRate ?? message.currentDayRestingHeartRate;
    if (at && typeof rate === 'number' && rate > 0) out.push({ kind: 'resting_heart_rate', startAt: at, endAt: at, day: dayOf(at), value: rate, origin });
  }
  for (const message of all.hrvStatusSummaryMesgs ?? []) {
    const at = toDate(message.timestamp);
    if (at && typeof message.lastNightAverage === 'number' && message.lastNightAverage > 0) {
      out.push({ kind: 'hrv', startAt: at, endAt: at, day: dayOf(at), value: message.lastNightAverage, origin });
    }
  }

  if (out.length === 0) {
    const activity = (all.sessionMesgs?.length ?? 0) > 0 || (all.recordMesgs?.length ?? 0) > 0;
    notes.push(
      activity
        ? 'This file is a workout; workouts hold no resting heart rate, sleep, steps or weight to keep.'
        : 'This file holds none of the measurements we keep.',
    );
  }
  if (errors.length > 0 && out.length === 0 && !all.fileIdMesgs) throw new HealthImportError('This .fit file is damaged and could not be read.');
  return out;
}
