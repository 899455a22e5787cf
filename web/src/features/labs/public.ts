/** What other features use of labs: a value shown as printed, with a limit's sign ("< 0.5"). */
export { formatLabValue } from './utils/chart-rows.ts';
