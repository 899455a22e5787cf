/** What other features may read of the reference database: a supplement's id by any of its names. */
export { findReferenceIdByName } from './reference-supplements.repository.ts';
