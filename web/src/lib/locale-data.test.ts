import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLocaleData } from './locale-data.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A worker that answers when told to, and remembers being stopped. */
class FakeWorker {
  static last: FakeWorker | undefined;
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(readonly url: URL) {
    FakeWorker.last = this;
  }
  terminate() {
    this.terminated = true;
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('locale data loaded in a worker', () => {
  it('lets the page format its dates once the worker has loaded the data, and stops the worker', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const loaded = loadLocaleData();
    const worker = FakeWorker.last!;
    expect(worker.url.pathname).toMatch(/locale-data\.worker\.ts$/);
    expect(await settled(loaded)).toBe(false);
    worker.onmessage!();
    expect(await settled(loaded)).toBe(true);
    expect(worker.terminated).toBe(true);
  });

  it('does not hold the page more than half a second when the worker never answers', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const loaded = loadLocaleData();
    await vi.advanceTimersByTimeAsync(499);
    expect(await settled(loaded)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(loaded)).toBe(true);
    expect(FakeWorker.last!.terminated).toBe(true);
  });

  it('does not hold the page when the worker fails to load, or the browser has no workers', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const failed = loadLocaleData();
    FakeWorker.last!.onerror!();
    expect(await settled(failed)).toBe(true);

    vi.stubGlobal('Worker', undefined);
    expect(await settled(loadLocaleData())).toBe(true);
  });
});
