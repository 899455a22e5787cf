import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/ports.ts';

/** Debian's Chromium builds; Playwright's own browser download cannot work on our machines. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The service worker's notifications are shown only by the full browser. */
const NEEDS_FULL_BROWSER = ['daily-journey.spec.ts', 'reminders.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/e2e-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Limits against hangs, not speed goals (those are in bench/): two browsers, the apps and the
  // slow tests share two cores, and on a slow day the keyboard journey has needed over two minutes.
  // One limit for every test.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  // The apps' logs only for a test that failed.
  reporter: [['list'], ['./e2e/support/server-log-reporter.ts']],
  forbidOnly: true,
  use: {
    baseURL: E2E.appUrl,
    // A failed test keeps its trace's DOM snapshots and a screenshot; a screencast would make every
    // test's browser draw and encode frames throughout (bench/RESULTS.md, npm test).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
  },
  projects: [
    {
      // Chromium's headless shell: Blink and V8 of the same build without the desktop browser around
      // them, as Playwright runs headless by default; a quarter less CPU (decision 064).
      name: 'headless-shell',
      testIgnore: NEEDS_FULL_BROWSER,
      use: { launchOptions: { executablePath: process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell', args: CHROMIUM_FLAGS } },
    },
    { name: 'chromium', testMatch: NEEDS_FULL_BROWSER, use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS } } },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/servers.ts',
    // Answers once all three apps do (servers.ts).
    url: `${E2E.mailboxUrl}/readyz`,
    // Three apps start at once (one per host name passkeys need); on a busy machine that took over two minutes.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
