import { expect, test } from './test';
import { approvedSongStatement, labelApi, login, loginAt } from './helpers';

// A month no other suite settles, so its figures are this test's statements alone.
const MONTH = '2024-02';

test('a label narrows analytics to one artist and one month and reads the statement’s total; the payee reads only their earnings', async ({
  page,
  baseURL,
}) => {
  const label = await labelApi(baseURL ?? '');
  // Night Shift Live gets an ISRC, so a DistroKid statement can pay The Night Shift too.
  const products = await label.json<{ items: { id: string; title: string }[] }>(
    '/api/products?q=Night%20Shift%20Live',
  );
  const nightShift = products.items[0]?.id ?? '';
  const detail = await label.json<{ version: number; codes: { code: string; kind: string }[] }>(
    `/api/products/${nightShift}`,
  );
  if (!detail.codes.some((code) => code.code === 'QZNS12400009')) {
    const patched = await label.api.patch(`/api/products/${nightShift}`, {
      data: {
        version: detail.version,
        codes: [...detail.codes, { code: 'QZNS12400009', kind: 'isrc' }],
      },
      headers: { 'x-csrf-token': label.csrf },
    });
    expect(patched.status()).toBe(200);
  }
  const aria = await approvedSongStatement(label, {
    isrc: 'QZDM12600001',
    month: MONTH,
    earnings: '12.34',
    cashless: true,
    fileName: `analytics-aria-${Date.now()}.tsv`,
  });
  await approvedSongStatement(label, {
    isrc: 'QZNS12400009',
    month: MONTH,
    earnings: '5.55',
    cashless: true,
    fileName: `analytics-night-${Date.now()}.tsv`,
  });
  const calculation = await label.json<{ output: { totals: { gross: string } } }>(
    `/api/statements/${aria}/calculation`,
  );
  expect(calculation.output.totals.gross).toBe('12.34');
  const midnight = await label.json<{ items: { id: string }[] }>(
    '/api/products?q=Midnight%20Signals',
  );
  await label.api.dispose();

  await login(page, 'label@demo.label');
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics/);
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('combobox', { name: /^Month/ }).selectOption(MONTH);
  await expect(page.getByTestId('analytics-total')).toHaveText('$17.89');
  await filters.getByLabel('Artist').selectOption({ label: 'Aria Vale' });
  await expect(page).toHaveURL(/[?&]artist=[\w-]+/);
  // The statement's revenue, to the cent: the one artist's one month. The product's revenue view
  // is net, and this statement has no distributor's cut: net is the gross.
  await expect(page.getByTestId('analytics-total')).toHaveText('$12.34');
  await expect(
    page.getByText("Net revenue of approved statements, after the distributor's cut"),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Territories' }).click();
  const territories = page.getByRole('table', { name: 'Territory' });
  await expect(territories.getByRole('row').filter({ hasText: 'United States' })).toHaveCount(1);
  await expect(page.locator('path[data-code="US"][fill]')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^analytics-territories-\d{4}-\d{2}-\d{2}\.csv$/,
  );

  await page.getByRole('tab', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'Midnight Signals' }).click();
  await expect(page.getByText('Product: Midnight Signals')).toBeVisible();
  await expect(page.getByTestId('analytics-total').first()).toHaveText('$12.34');

  // The product page's Analytics tab shows the same, its charts and map loaded with the tab.
  await page.goto(`/products/${midnight.items[0]?.id ?? ''}?tab=analytics&month=${MONTH}`);
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('analytics-total').first()).toHaveText('$12.34');
  await expect(page.locator('path[data-code="US"][fill]')).toHaveCount(1);

  // Paco's earnings only: 40% of the band's half of Midnight Signals, 30% of Night Shift Live.
  await page.context().clearCookies();
  await loginAt(page, 'payee@demo.label', `/analytics?month=${MONTH}`);
  await expect(page.getByText('Your earnings from approved statements')).toBeVisible();
  await expect(page.getByTestId('analytics-total')).toHaveText('$4.13');
  await expect(page.getByText('Gross revenue')).toHaveCount(0);
});

test('sales DistroKid reports outside the US (OU) show as a territory of their own, named, off the map', async ({
  page,
  baseURL,
}) => {
  // A month no other suite settles.
  const month = '2024-05';
  const label = await labelApi(baseURL ?? '');
  await approvedSongStatement(label, {
    isrc: 'QZDM12600001',
    month,
    earnings: '3.21',
    cashless: true,
    country: 'OU',
    fileName: `analytics-ou-${Date.now()}.tsv`,
  });
  await label.api.dispose();

  await loginAt(page, 'label@demo.label', `/analytics?month=${month}&tab=territories`);
  await page.getByRole('tab', { name: 'Territories' }).click();
  const territories = page.getByRole('table', { name: 'Territory' });
  await expect(
    territories.getByRole('row').filter({ hasText: 'Outside the United States' }),
  ).toContainText('$3.21');
  await expect(territories.getByRole('row').filter({ hasText: /^OU$/ })).toHaveCount(0);
  await expect(page.getByTestId('analytics-off-map')).toContainText(
    'Outside the United States $3.21',
  );
  await expect(page.locator('path[data-code][fill]')).toHaveCount(0);
});
