import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ELEMENT_ID } from '#contract/page-data.ts';

/**
 * Puts the queries the page's document answers (contract/page-data.ts) into the query cache,
 * with TanStack Query's own `hydrate`, so that the app draws the page without asking for them
 * again. False where the document carries none (Vite's development server) or one it cannot
 * read: the app then asks the API for everything.
 */
export function hydrateFromDocument(queryClient: QueryClient): boolean {
  const text = globalThis.document?.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return false;
  let state: Partial<DehydratedState>;
  try {
    state = JSON.parse(text) as Partial<DehydratedState>;
  } catch {
    return false;
  }
  if (!Array.isArray(state.queries)) return false;
  // Fresh as of now by this browser's clock, which may differ from the server's: the answers came with the document.
  const now = Date.now();
  hydrate(queryClient, { queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) });
  return true;
}
