/** What other features may read of a user's data as the export gathers it (the clinician share page). */
export { type LabResultRow, findHealthStatsOf, listIntakeLogsOf, listLabResultsOf, listNotesOf, listSupplementsOf } from './export.repository.ts';
