import { expect, test } from './test';
import { approvedSongStatement, DEMO_LOGINS, labelApi, login } from './helpers';
import {
  consoleErrors,
  isNotFound,
  privateStops,
  problemsOnPage,
  publicRoutes,
  settle,
} from './walk';

// Every page of the route table, as every demo account, fails on what a person with a screen
// reader, a keyboard or low vision would meet (axe: serious or critical), on console errors, raw
// translation keys and placeholder text. Routes without a built page answer as not found and are
// passed over, so pages join the walk as they are built.

// The walks only read: one account's walk runs beside another's, each worker on its own portal.
test.describe.configure({ mode: 'parallel' });

// A fresh demo has no statement: one approved statement of the demo's song gives the statement,
// payment and transaction pages a row to open.
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(90_000);
  const label = await labelApi(baseURL ?? '');
  await approvedSongStatement(label, {
    isrc: 'QZDM12600001',
    month: '2025-11',
    earnings: `1.${Date.now().toString().slice(-4)}`,
    cashless: false,
    fileName: `walk-${Date.now()}.tsv`,
  });
  await label.api.dispose();
});

test('the public pages are accessible and finished', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  const problems: string[] = [];
  for (const route of publicRoutes()) {
    await page.goto(route.path);
    await settle(page);
    if (await isNotFound(page)) continue;
    for (const problem of await problemsOnPage(page)) problems.push(`${route.path}: ${problem}`);
  }
  expect({ problems, errors }).toEqual({ problems: [], errors: [] });
});

// Each account's walk in two halves (every other page), so that the longest walks (admin,
// overseer, label: over a minute each) spread over both workers instead of one running alone at
// the end.
const HALVES = [
  { name: 'first', index: 0 },
  { name: 'second', index: 1 },
];

for (const { username } of DEMO_LOGINS) {
  for (const half of HALVES) {
    test(`every page ${username} may open is accessible and finished (${half.name} half)`, async ({
      page,
      baseURL,
    }, testInfo) => {
      test.setTimeout(900_000);
      const stops = (await privateStops(baseURL ?? '', username)).filter(
        (_, at) => at % HALVES.length === half.index,
      );
      await login(page, username);
      const errors = consoleErrors(page);
      const problems: string[] = [];
      const walked: string[] = [];
      for (const stop of stops) {
        if (!stop.path) continue;
        await page.goto(stop.path);
        await settle(page);
        if (await isNotFound(page)) continue;
        walked.push(stop.path);
        for (const problem of await problemsOnPage(page)) problems.push(`${stop.path}: ${problem}`);
      }
      testInfo.annotations.push(
        { type: 'walked', description: walked.join(' ') },
        {
          type: 'skipped',
          description: stops
            .filter((stop) => stop.skipped)
            .map((stop) => `${stop.route.id} (${stop.skipped})`)
            .join(', '),
        },
      );
      expect(walked.length).toBeGreaterThan(1);
      expect({ problems, errors }).toEqual({ problems: [], errors: [] });
    });
  }
}
