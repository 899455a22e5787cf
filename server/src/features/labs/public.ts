/** What other features may use of a user's biomarker targets (the export and its import). */
export { type TargetRow, checkTarget, listTargets, toTargetDto } from './labs.targets.ts';
