/** What other features may read of a user's stack as interactions see it: supplements and medications together. */
export { listStackItems } from './interactions.repository.ts';
