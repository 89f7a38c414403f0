import { expect, test } from './test';
import { activatedPayee, apiSession, approvedSongStatement, labelApi, loginAt } from './helpers';

const PAYEE_PASSWORD = 'Payee-history-2026!';

test('the label steps through a product’s split history with each version’s payouts; the admin through a payment’s states', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString().slice(-5);
  const isrc = `QZPH126${stamp}`;
  // Payees of their own: no recoupment of another suite takes from their payouts.
  const first = await activatedPayee(base, PAYEE_PASSWORD);
  const second = await activatedPayee(base, PAYEE_PASSWORD);
  const label = await labelApi(base);
  const otto = await apiSession(base, 'overseer@demo.label');
  const ada = await apiSession(base, 'admin@demo.label');
  let productId: string;
  let firstId = '';
  try {
    const users = await label.json<{ items: { id: string; username: string | null }[] }>(
      '/api/users?limit=1000',
    );
    firstId = users.items.find((user) => user.username === first)?.id ?? '';
    const secondId = users.items.find((user) => user.username === second)?.id ?? '';
    const accounts = (await (await otto.get('/api/accounts?q=Demo%20Records')).json()) as {
      items: { id: string }[];
    };
    const created = await otto.post('/api/products', {
      title: `E2E History ${stamp}`,
      type: 'single',
      accountId: accounts.items[0]?.id,
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as { id: string; version: number };
    productId = product.id;
    const save = async (version: number, firstPct: string, secondPct: string) => {
      const saved = await label.put(`/api/products/${product.id}/splits`, {
        version,
        splitSets: [
          {
            scope: 'product',
            kind: 'base',
            shares: [
              { payeeId: firstId, pct: firstPct },
              { payeeId: secondId, pct: secondPct },
            ],
          },
        ],
      });
      expect(saved.status()).toBe(200);
      return ((await saved.json()) as { version: number }).version;
    };
    // 60/40 first, then 50/50: on 10.00 the first payee had 1.00 more with the earlier splits.
    const next = await save(product.version, '60', '40');
    await save(next, '50', '50');
    await approvedSongStatement(label, {
      isrc,
      month: '2026-05',
      earnings: '10.00',
      cashless: false,
      fileName: `history-${stamp}.tsv`,
    });
    // The batch holds the payment: the payee has no verified bank account.
    expect((await ada.post('/api/payments/batch', {})).status()).toBeLessThan(300);
  } finally {
    await label.api.dispose();
    await otto.dispose();
  }

  await loginAt(page, 'label@demo.label', `/products/${productId}?tab=history`);
  const viewer = page.getByRole('region', { name: 'Product history' });
  await expect(viewer.getByTestId('history-position')).toHaveText('Change 3 of 3');
  await expect(viewer.getByTestId('history-step-title')).toHaveText('Splits changed');
  const changes = viewer.getByRole('table', { name: 'What changed' });
  // Both payees are named E2E Payee: each keeps a row of their own.
  await expect(changes.getByRole('row', { name: /E2E Payee/ })).toHaveCount(2);
  await expect(changes.getByRole('row', { name: /E2E Payee/ }).first()).toContainText('60%50%');
  await expect(changes.getByRole('row', { name: /E2E Payee/ }).nth(1)).toContainText('40%50%');
  const payouts = viewer.getByRole('table', { name: 'Payouts with these splits' });
  await expect(payouts.getByRole('row').nth(1)).toContainText('$5.00');

  await viewer.getByRole('button', { name: 'Previous' }).click();
  await expect(viewer.getByTestId('history-position')).toHaveText('Change 2 of 3');
  // The 60/40 version: 6.00 and 4.00 then, 5.00 each today, 1.00 apart.
  await expect(payouts).toContainText('$6.00');
  await expect(payouts).toContainText('$4.00');
  await expect(payouts).toContainText('$1.00');
  await expect(payouts).toContainText('($1.00)');

  await viewer.getByRole('button', { name: 'First' }).click();
  await expect(viewer.getByTestId('history-step-title')).toHaveText('Product created');
  await viewer.getByLabel('Show').selectOption({ label: 'Shares' });
  await expect(viewer.getByTestId('history-position')).toHaveText('Change 2 of 2');
  await viewer.getByLabel('Search the history').fill('nothing like this');
  await expect(viewer.getByText('No change matches this filter and search.')).toBeVisible();

  // The admin steps through the payment's states.
  const payments = (await (await ada.get(`/api/payments?payee=${firstId}`)).json()) as {
    items: { id: string }[];
  };
  await ada.dispose();
  await page.context().clearCookies();
  await loginAt(page, 'admin@demo.label', `/payments/${payments.items[0]?.id}`);
  const states = page.getByRole('region', { name: 'History, step by step' });
  await expect(states.getByTestId('history-position')).toHaveText('Change 2 of 2');
  await expect(states.getByTestId('history-step-title')).toHaveText('Payment held');
  await expect(states.getByTestId('history-standing')).toHaveText('Held');
  await states.getByRole('button', { name: 'Previous' }).click();
  await expect(states.getByTestId('history-step-title')).toHaveText('Payment prepared');
  await expect(states.getByTestId('history-standing')).toHaveText('Scheduled');
});
