import { expect, test } from './test';
import { apiSession, loginAt } from './helpers';

/** A recoupment of the demo label, Lena Label the creditor and Paco Payee the debtor. */
async function createRecoupment(baseURL: string, title: string) {
  const label = await apiSession(baseURL, 'label@demo.label');
  try {
    const idOf = async (username: string) => {
      const answer = await label.get(`/api/users?q=${encodeURIComponent(username)}`);
      expect(answer.status()).toBe(200);
      const { items } = (await answer.json()) as {
        items: Array<{ id: string; username: string | null }>;
      };
      const user = items.find((item) => item.username === username);
      if (!user) throw new Error(`No user ${username}`);
      return user.id;
    };
    const created = await label.post('/api/recoupments', {
      title,
      type: 'advance',
      amount: '500',
      creditorId: await idOf('label@demo.label'),
      debtorIds: [await idOf('payee@demo.label')],
      recoupablePct: '50',
      priority: 'high',
    });
    expect(created.status()).toBe(201);
    return ((await created.json()) as { id: string }).id;
  } finally {
    await label.dispose();
  }
}

test.describe('recoupments', () => {
  test('the label finds a new recoupment in the list and reads its terms', async ({
    page,
    baseURL,
  }) => {
    const title = `E2E advance ${Date.now()}`;
    const id = await createRecoupment(baseURL ?? '', title);

    await loginAt(page, 'label@demo.label', '/recoupments');
    await expect(page.getByTestId('open-balance')).toBeVisible();
    await page.getByLabel('Search title or tag').fill(title);
    const table = page.getByRole('table', { name: 'Recoupments' });
    const row = table.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Advance');
    await expect(row).toContainText('Paco Payee');
    await expect(row).toContainText('$500.00');
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/recoupments/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const terms = page.getByRole('region', { name: 'Terms' });
    await expect(terms).toContainText('Advance');
    await expect(terms).toContainText('High');
    await expect(terms).toContainText('50.00%');
    const parties = page.getByRole('region', { name: 'Parties and dates' });
    await expect(parties).toContainText('Lena Label');
    await expect(parties).toContainText('Paco Payee');
    await expect(page.getByText('No statement has repaid this recoupment yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  });

  test('an overseer gets the edit link; the debtor sees the recoupment too', async ({
    page,
    baseURL,
  }) => {
    const title = `E2E shared ${Date.now()}`;
    const id = await createRecoupment(baseURL ?? '', title);

    await loginAt(page, 'overseer@demo.label', `/recoupments/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/recoupments/edit/${id}`,
    );

    await page.context().clearCookies();
    await loginAt(page, 'payee@demo.label', '/recoupments');
    await page.getByLabel('Search title or tag').fill(title);
    await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  });

  test("a product's Recoupments tab lists the recoupments linked to it", async ({
    page,
    baseURL,
  }) => {
    const label = await apiSession(baseURL ?? '', 'label@demo.label');
    try {
      const products = (await (await label.get('/api/products?q=Glass%20Harbor')).json()) as {
        items: Array<{ id: string }>;
      };
      const productId = products.items[0]?.id ?? '';
      const users = (await (await label.get('/api/users?q=label%40demo.label')).json()) as {
        items: Array<{ id: string }>;
      };
      const title = `E2E linked expense ${Date.now()}`;
      const created = await label.post('/api/recoupments', {
        title,
        type: 'expense',
        amount: '80',
        creditorId: users.items[0]?.id,
        recoupablePct: '0',
        netRevenuePct: '10',
        scope: 'products',
        productIds: [productId],
        priority: 'highest',
      });
      expect(created.status()).toBe(201);

      await loginAt(page, 'label@demo.label', `/products/${productId}`);
      await page.getByRole('tab', { name: 'Recoupments' }).click();
      const tab = page.getByTestId('product-recoupments');
      const row = tab.getByRole('row').filter({ hasText: title });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('$80.00');
      await expect(tab).not.toContainText('come with');
    } finally {
      await label.dispose();
    }
  });
});
