import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);

/** Browser tests run against the production server (`npm start`), in Debian's Chromium or CHROMIUM_PATH. */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // Generous for a loaded two-core CI machine; every wait is for a condition, never for a time.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/`,
    // Its own data folder; forms sent by tests need neither the fill-time check nor the per-address limit.
    env: { PORT: String(port), DATA_DIR: join(process.cwd(), 'tests', '.tmp', 'e2e-data'), FORM_MIN_FILL_MS: '0', FORM_RATE_LIMIT: '10000' },
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
