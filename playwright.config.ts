import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './tests/e2e/chromium';
import { E2E_PORT, workerBaseUrl } from './tests/e2e/test';

// One worker per core, each with a portal of its own on E2E_PORT + its index (E2E_PORT lets two
// checkouts on one machine run their browser tests side by side). E2E_WORKERS sets the count.
const WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism()));
// Workers load this file again: the runner's choice is passed on through the environment.
process.env.E2E_DATA_DIR ??= resolve('.tmp', `e2e-data-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  workers: WORKERS,
  // A file's tests run in order in one worker, on that worker's portal.
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL: workerBaseUrl(0),
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: CHROMIUM,
      },
    },
  ],
  // The app is built once (scripts/build-app.ts skips the build when dist/ matches the sources,
  // and a second server waits for the first one's build); each worker's portal seeds its own demo.
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const folder = resolve(dataDir, `worker-${index}`);
    mkdirSync(folder, { recursive: true });
    return {
      command: 'npx tsx scripts/build-app.ts && npx tsx server/main.ts',
      url: `${workerBaseUrl(index)}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(E2E_PORT + index),
        DATA_DIR: folder,
        SEED: 'demo',
        // Every test signs in; the default 30 logins a minute would throttle the suite.
        LOGIN_RATE_LIMIT_MAX: '1000',
        // The sandbox bank answers within seconds and returns only the account numbers meant to
        // fail (ending in 0001 to 0004), so a suite can watch a payment reach the bank.
        SANDBOX_SETTLE_AFTER_MS: '1000',
        SANDBOX_WEBHOOK_DELAY_MS: '300',
        SANDBOX_FAILURE_SHARE: '0',
        SANDBOX_DUPLICATE_SHARE: '0.5',
        PARTNER_TICK_MS: '500',
        // Micro-deposits are in the bank at once, so a suite can confirm them (24 hours by default).
        SANDBOX_MICRO_DEPOSIT_DELAY_MS: '0',
      },
    };
  }),
});
