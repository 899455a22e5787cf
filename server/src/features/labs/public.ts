/** What other features may use of a user's biomarker targets (the export and its import) and names (the retest reminder). */
export { type TargetRow, biomarkerNamesOf, checkTarget, targetsOf, toTargetDto } from './labs.targets.ts';
