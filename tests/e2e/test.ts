import { test as base } from '@playwright/test';

export * from '@playwright/test';

/** Where the portal of the n-th worker listens: each worker has a server and database of its own. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
export const workerBaseUrl = (parallelIndex: number) =>
  `http://127.0.0.1:${E2E_PORT + parallelIndex}`;

/**
 * Playwright's test, with each worker's pages and API calls sent to that worker's own portal
 * (playwright.config.ts starts one per worker), so files running side by side never see each
 * other's statements, payments or settings.
 */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(workerBaseUrl(testInfo.parallelIndex));
  },
});
