import { defineConfig } from '@playwright/test';

/**
 * The counter's end-to-end suite: the built renderer (dist/renderer) in the system Chromium,
 * each test against its own browser shell on a fresh data folder (see support/fixtures.ts).
 * `npm run e2e` builds the renderer first. Never `npx playwright install`: no browser is
 * downloaded, /usr/bin/chromium is used (CHROMIUM_PATH overrides it).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../e2e-artifacts/test-results',
  // Two shared cores: one browser at a time; a failure is a failure.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  // Generous for a loaded two-core machine; the tests themselves never sleep.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: '../playwright-report', open: 'never' }], ['../scripts/testing/playwrightSkips.ts']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 960 },
    locale: 'en-GB',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
