import { expect, test } from './test';
import { apiSession, loginAt } from './helpers';

test('the timeframe and artist filters narrow the recoupments, live in the address and survive a reload', async ({
  page,
  baseURL,
}) => {
  const stamp = `E2E filtered ${Date.now()}`;
  const label = await apiSession(baseURL ?? '', 'label@demo.label');
  // The advances are removed at the end, so they take nothing from later suites' payouts.
  const created: string[] = [];
  try {
    const users = (await (await label.get('/api/users?limit=100')).json()) as {
      items: { id: string; username: string | null }[];
    };
    const idOf = (username: string) => users.items.find((u) => u.username === username)?.id;
    // Aria Artist signs in as the artist Aria Vale; Paco Payee is no artist's.
    for (const [who, debtor] of [
      ['Aria', 'artist@demo.label'],
      ['Paco', 'payee@demo.label'],
    ] as const) {
      const answer = await label.post('/api/recoupments', {
        title: `${stamp} ${who}`,
        type: 'advance',
        amount: '100',
        creditorId: idOf('label@demo.label'),
        debtorIds: [idOf(debtor)],
      });
      expect(answer.status()).toBe(201);
      created.push(((await answer.json()) as { id: string }).id);
    }
  } catch (error) {
    await label.dispose();
    throw error;
  }
  try {
    await narrowAndReload();
  } finally {
    for (const id of created)
      expect((await label.delete(`/api/recoupments/${id}`)).status()).toBe(200);
    await label.dispose();
  }

  async function narrowAndReload() {
    await loginAt(page, 'label@demo.label', '/recoupments');
    await page.getByLabel('Search title or tag').fill(stamp);
    const rows = page.getByRole('table', { name: 'Recoupments' }).getByRole('row');
    await expect(rows.filter({ hasText: stamp })).toHaveCount(2);

    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByLabel('Timeframe').selectOption({ label: 'Last 6 months' });
    await filters.getByLabel('Artist').selectOption({ label: 'Aria Vale' });
    await expect(page).toHaveURL(/[?&]months=6(&|$)/);
    await expect(page).toHaveURL(/[?&]artist=[\w-]+/);
    await expect(rows.filter({ hasText: stamp })).toHaveCount(1);
    await expect(rows.filter({ hasText: `${stamp} Aria` })).toHaveCount(1);

    await page.reload();
    await page.getByLabel('Search title or tag').fill(stamp);
    await expect(filters.getByLabel('Artist')).toHaveValue(/[\w-]+/);
    await expect(filters.getByLabel('Timeframe')).toHaveValue('6');
    await expect(rows.filter({ hasText: stamp })).toHaveCount(1);

    // The side navigation carries the filters to the products, which the artist narrows.
    await page.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products\?months=6&artist=/);
    const products = page.getByRole('table', { name: 'Products' });
    await expect(products.getByRole('row').filter({ hasText: 'Glass Harbor' })).toHaveCount(1);
    await expect(products.getByRole('row').filter({ hasText: 'Night Shift Live' })).toHaveCount(0);

    await page
      .getByRole('group', { name: 'Filters' })
      .getByRole('button', { name: 'Clear filters' })
      .click();
    await expect(products.getByRole('row').filter({ hasText: 'Night Shift Live' })).toHaveCount(1);
  }
});
