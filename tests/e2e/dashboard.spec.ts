import { expect, test, type Page } from './test';
import { approvedSongStatement, labelApi, login } from './helpers';

// A month no other browser test settles, so the figures are this test's statement alone.
const MONTH = '2026-04';

/** The row of the dashboard's chart table for the month. */
const chartRow = (page: Page, name: string) =>
  page.getByRole('region', { name }).getByRole('row', { name: new RegExp(`^${MONTH}`) });

test.describe.serial('dashboard', () => {
  test.beforeAll(async ({ baseURL }) => {
    const label = await labelApi(baseURL ?? '');
    await approvedSongStatement(label, {
      isrc: 'QZDM12600001',
      month: MONTH,
      earnings: '88.40',
      cashless: true,
      fileName: 'dashboard-april.tsv',
    });
  });

  test("a label sees the month's revenue, payouts and top product, and a payee's own with the User filter", async ({
    page,
  }) => {
    await login(page, 'label@demo.label');
    await expect(page.getByTestId('dashboard-person')).toHaveText('Lena Label, Demo Records');
    const filters = page.getByRole('group', { name: 'Filters' });
    await expect(filters.getByRole('combobox', { name: /^Timeframe/ })).toBeVisible();
    await expect(filters.getByRole('combobox', { name: /^Artist/ })).toBeVisible();
    await filters.getByRole('combobox', { name: 'Month' }).selectOption(MONTH);
    await expect(page).toHaveURL(/month=2026-04/);

    const chart = 'Revenue and payouts over time';
    await expect(chartRow(page, chart)).toContainText('$88.40');
    await expect(
      page.getByRole('img', {
        name: new RegExp(`^${chart}: 2026-04: Revenue of approved statements \\$88\\.40`),
      }),
    ).toBeVisible();
    const top = page.getByRole('region', { name: 'Top products' });
    await expect(top.getByRole('listitem')).toHaveText(['Midnight Signals$88.40']);
    await expect(top.getByRole('link', { name: 'Midnight Signals' })).toHaveAttribute(
      'href',
      /\/products\//,
    );

    // The User filter shows one payee's own dashboard: his statement of the month and his share.
    await filters.getByRole('combobox', { name: /^User/ }).selectOption({ label: 'Paco Payee' });
    await expect(page.getByTestId('dashboard-person')).toHaveText('Paco Payee, Demo Records');
    await expect(
      page.getByTestId('my-statements').getByRole('row', { name: /2026-04/ }),
    ).toContainText('Demo Records');
    await expect(
      page.getByTestId('my-products').getByRole('row', { name: /Midnight Signals/ }),
    ).toContainText('20.00%');
    await expect(page.getByRole('region', { name: 'Top products' })).toHaveCount(0);
  });

  test("the month's figures show before the chart's drawing has arrived, and the bars follow", async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/PeriodBars-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await login(page, 'label@demo.label');
    await page
      .getByRole('group', { name: 'Filters' })
      .getByRole('combobox', { name: 'Month' })
      .selectOption(MONTH);
    const chart = 'Revenue and payouts over time';
    await expect(chartRow(page, chart)).toContainText('$88.40');
    const bars = page.getByRole('img', { name: new RegExp(`^${chart}: 2026-04: Revenue`) });
    await expect(bars).toHaveCount(0);
    release();
    await expect(bars).toBeVisible();
  });

  test('a payee sees what they earned, their balance and statements, never the label’s revenue', async ({
    page,
  }) => {
    await login(page, 'payee@demo.label');
    await expect(page.getByTestId('dashboard-person')).toHaveText('Paco Payee, Demo Records');
    const filters = page.getByRole('group', { name: 'Filters' });
    await expect(filters.getByRole('combobox', { name: /^User/ })).toHaveCount(0);
    await filters.getByRole('combobox', { name: 'Month' }).selectOption(MONTH);
    await expect(chartRow(page, 'What I earned over time')).toBeVisible();
    await expect(page.getByTestId('balance-tile')).toContainText('My balance');
    await expect(
      page.getByTestId('my-statements').getByRole('row', { name: /2026-04/ }),
    ).toBeVisible();
    await expect(page.getByText('Revenue and payouts over time')).toHaveCount(0);
    await expect(page.getByText('$88.40')).toHaveCount(0);
  });

  test("an admin emulating a payee sees the payee's dashboard", async ({ page, context }) => {
    await login(page, 'admin@demo.label');
    await expect(page.getByTestId('dashboard-person')).toHaveText(
      'Ada Admin, Portal administration',
    );
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'portal_csrf')?.value;
    const started = await page.request.post('/api/session/emulate', {
      data: { username: 'payee@demo.label' },
      headers: { 'x-csrf-token': csrf ?? '' },
    });
    expect(started.status()).toBe(200);
    await page.goto(`/dashboard?month=${MONTH}`);
    await expect(page.getByTestId('dashboard-person')).toHaveText('Paco Payee, Demo Records');
    await expect(
      page.getByTestId('my-statements').getByRole('row', { name: /2026-04/ }),
    ).toBeVisible();
    await page.request.delete('/api/session/emulate', { headers: { 'x-csrf-token': csrf ?? '' } });
  });
});
