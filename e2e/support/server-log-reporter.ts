import { readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { E2E_SERVER_LOG } from './server-log.ts';

/**
 * Prints the apps' log lines written while a failed test ran, and nothing for a test that passed:
 * the run's output stays the tests' own. Two workers share the apps, so a failed test's lines may
 * include the other worker's.
 */
const CLOCK_MARGIN_MS = 2000;
/** The end of a failed test's log is where it failed; the whole stays in the file. */
const MAX_LINES_SHOWN = 200;

export default class ServerLogReporter implements Reporter {
  private readonly failed: { title: string; from: number; to: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === test.expectedStatus) return;
    // Playwright's times are its own clock's, a few hundred milliseconds from the apps': a margin for both.
    const from = result.startTime.getTime() - CLOCK_MARGIN_MS;
    this.failed.push({ title: test.titlePath().filter(Boolean).join(' › '), from, to: from + result.duration + 2 * CLOCK_MARGIN_MS });
  }

  /** After the other reporters' summaries, so that each failure's log follows its report. */
  onEnd(): void {
    if (this.failed.length === 0) return;
    const log = readLog();
    for (const { title, from, to } of this.failed) {
      const lines = log.filter((line) => {
        const time = timeOf(line);
        return time !== undefined && time >= from && time <= to;
      });
      const shown = lines.slice(-MAX_LINES_SHOWN);
      console.log(`\n── the apps' log while "${title}" ran (last ${shown.length} of ${lines.length} lines; all in ${E2E_SERVER_LOG}) ──\n${shown.join('\n')}`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

function readLog(): string[] {
  try {
    return readFileSync(E2E_SERVER_LOG, 'utf8').split('\n');
  } catch {
    return [];
  }
}

function timeOf(line: string): number | undefined {
  try {
    const { time } = JSON.parse(line) as { time?: unknown };
    return typeof time === 'number' ? time : undefined;
  } catch {
    return undefined;
  }
}
