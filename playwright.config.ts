import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './tests/e2e/chromium';

// E2E_PORT lets two checkouts on one machine run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 8091);
// Workers load this file again: the runner's choice is passed on through the environment.
process.env.E2E_DATA_DIR ??= resolve('.tmp', `e2e-data-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
mkdirSync(dataDir, { recursive: true });

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    command: 'npx vite build && npx tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
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
  },
});
