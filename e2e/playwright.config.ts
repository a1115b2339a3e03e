import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The browser suites run against the embedded build that `npm start` serves: one process, one origin, a fresh
// data directory per run. Playwright evaluates this file in every worker too, so the values chosen once are kept
// in the environment the workers inherit.
process.env.E2E_PORT ??= '4310';
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'memories-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// The server's output is also kept in a file: the log-scan suite reads every line the run produced.
process.env.E2E_SERVER_LOG ??= path.join(process.env.E2E_DATA_DIR, 'standalone.log');
const repositoryRoot = path.resolve(__dirname, '..');

// Debian's Chromium (browser downloads are not available here); these flags keep it off the network it cannot reach.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests',
  outputDir: 'output/artifacts',
  fullyParallel: true,
  workers: 2,
  // CI gives a test that failed once one more try, so a rare timing fault on a loaded machine does not sink the run;
  // `npm test` names every test that needed it ("flaky") in its summary, and a test that fails twice still fails.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Waiting budgets, not speed checks (speed is measured by `npm run bench:*`): on a loaded 2-core runner the first
  // visit of a remote (the editor's Tiptap above all) takes up to ~10 s, and a journey of several page loads a minute.
  // One budget for every suite, so no test carries its own; a test that loads a dozen screens or moves whole archives
  // says so with `test.slow()` (three times the budget).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: 'output/results.json' }],
    ['html', { open: 'never', outputFolder: 'output/report' }],
  ],
  // The app's service worker precaches the whole shell (~170 files) in every fresh browser context, i.e. in every
  // test: only the suite that tests the installable app lets it register (test.use there).
  // A trace records every action's screenshots and DOM: it made each test about a third slower, so it is kept for the
  // retry of a test that failed on CI (the run that shows a flake), and asked for by hand otherwise (`--trace on`).
  use: {
    baseURL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
    serviceWorkers: 'block',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    command: `node services/standalone/dist/main.js 2>&1 | tee -a '${process.env.E2E_SERVER_LOG}'`,
    cwd: repositoryRoot,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_POSTGRES_PORT: process.env.E2E_POSTGRES_PORT ?? '54339',
      // Every suite signs users up from 127.0.0.1; the throttling itself is proven by the gateway's integration tests.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // The webhook receivers the suites start listen on 127.0.0.1 (like the integration suites' receivers).
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    },
  },
});
