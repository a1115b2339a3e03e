/**
 * Debian's Chromium as every browser bench launches it, with the flags of the browser suites (e2e/playwright.config.ts):
 * no sandbox (root in a container), no GPU, and no network it cannot reach.
 */
export const BENCH_CHROMIUM = {
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
