/**
 * The first date or number format a page builds loads the browser's locale and time-zone data: a
 * long task on a phone's main thread. That data is shared by the page's process, workers
 * included, so a signed-in page has a worker load it on another core while the page's code
 * arrives, and formats its first date once the worker is done (or has taken too long).
 */
const LONGEST_WAIT_MS = 500;

/** Loads the locale data in a worker; resolves once it is loaded, or the worker gave up. */
export function loadLocaleData(): Promise<void> {
  return new Promise((resolve) => {
    let worker: Worker | undefined;
    const done = () => {
      worker?.terminate();
      resolve();
    };
    try {
      worker = new Worker(new URL('./locale-data.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = done;
      worker.onerror = done;
    } catch {
      done();
    }
    setTimeout(done, LONGEST_WAIT_MS);
  });
}
