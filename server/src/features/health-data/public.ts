/** What other features may use of imported measurements: the daily totals and the key that dedupes a measurement. */
export { type DayTotal, dedupeKey, listDayTotals } from './health-data.repository.ts';
