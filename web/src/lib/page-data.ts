import { PAGE_DATA_ELEMENT_ID } from '#contract/page-data.ts';

/**
 * The answers to the page's first calls that its document carries (contract/page-data.ts), so
 * that the app draws the page without asking for them again. Each answer is given once, and
 * only while the page opens: after that the API is asked, as for any later call.
 */
const ANSWERS_STAND_FOR_MS = 10_000;

let answers: Map<string, unknown> | undefined;

function documentAnswers(): Map<string, unknown> {
  if (!answers) {
    answers = new Map();
    const text = globalThis.document?.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
    try {
      if (text) answers = new Map(Object.entries(JSON.parse(text) as Record<string, unknown>));
    } catch {
      // A document without readable answers: the app asks the API for everything.
    }
  }
  return answers;
}

/** The document's answer to `GET path`, once, or undefined where it has none (or the page opened a while ago). */
export function takeDocumentAnswer(path: string): { value: unknown } | undefined {
  const found = documentAnswers();
  if (performance.now() > ANSWERS_STAND_FOR_MS || !found.has(path)) return undefined;
  const value = found.get(path);
  found.delete(path);
  return { value };
}
