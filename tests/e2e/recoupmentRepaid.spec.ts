import { expect, test } from './test';
import { apiSession, approvedSongStatement, labelApi, loginAt } from './helpers';

test('approving a statement repays a recoupment, shown statement by statement on its page', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString().slice(-5);
  const isrc = `QZRP126${stamp}`;
  const label = await labelApi(base);
  const otto = await apiSession(base, 'overseer@demo.label');
  try {
    // A product and a payee of its own, so no other suite's recoupment of the account's payees
    // takes a share: the payee holds all of the product.
    const accounts = (await (await otto.get('/api/accounts?q=Demo%20Records')).json()) as {
      items: { id: string }[];
    };
    const created = await otto.post('/api/products', {
      title: `E2E Repaid ${stamp}`,
      type: 'single',
      accountId: accounts.items[0]?.id,
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as { id: string; version: number };
    const users = await label.json<{ items: { id: string; username: string | null }[] }>(
      '/api/users?limit=100',
    );
    const idOf = (username: string) => users.items.find((u) => u.username === username)?.id;
    const payeeName = `E2E Repaid payee ${stamp}`;
    const invited = await label.post('/api/users', {
      email: `repaid-${stamp}-${Date.now()}@e2e.example`,
      fullname: payeeName,
    });
    expect(invited.status()).toBe(201);
    const payeeId = ((await invited.json()) as { id: string }).id;
    const splits = await label.put(`/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: [{ payeeId, pct: '100' }],
        },
      ],
    });
    expect(splits.status()).toBe(200);

    // An advance of 12 to the payee on this product, first in the waterfall.
    const title = `E2E repaid advance ${stamp}`;
    const advance = await label.post('/api/recoupments', {
      title,
      type: 'advance',
      amount: '12',
      creditorId: idOf('label@demo.label'),
      debtorIds: [payeeId],
      recoupablePct: '100',
      priority: 'highest',
      scope: 'products',
      productIds: [product.id],
    });
    expect(advance.status()).toBe(201);
    const recoupmentId = ((await advance.json()) as { id: string }).id;

    // A cashless DistroKid statement of 5 for the product, calculated and approved.
    await approvedSongStatement(label, {
      isrc,
      month: '2026-05',
      earnings: '5',
      cashless: true,
      fileName: `repaid-${stamp}.tsv`,
    });

    // The advance took all 5 the payee earned: 7 of 12 are left.
    await loginAt(page, 'label@demo.label', `/recoupments/${recoupmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const remittances = page.getByRole('table', { name: 'Remittances' });
    const remitted = remittances.getByRole('row').filter({ hasText: '2026-05' });
    await expect(remitted).toContainText(payeeName);
    await expect(remitted).toContainText('$5.00');
    const chart = page.getByRole('img', { name: 'Balance after each statement' });
    await expect(chart.locator('title').first()).toHaveText(/\$12\.00; 2026-05: \$7\.00$/);

    // Editing it previews the same statement through the engine: as it is, it took 5; at an
    // amount of 3 it would take 3, and the payee would be paid the other 2.
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the recoupment' });
    const preview = dialog.getByRole('region', { name: 'Preview on the latest statement' });
    const takes = preview.getByRole('table', { name: 'Taken by each recoupment' });
    const taken = takes.getByRole('row', { name: new RegExp(title) });
    await expect(taken).toContainText('$5.00');
    await dialog.getByRole('textbox', { name: 'Amount', exact: true }).fill('3');
    await expect(taken.getByRole('cell').nth(1)).toHaveText('$3.00');
    await expect(taken.getByRole('cell').nth(2)).toHaveText('($2.00)');
    const payouts = preview.getByRole('table', { name: 'Payouts' });
    await expect(
      payouts
        .getByRole('row', { name: new RegExp(payeeName) })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('$2.00');
  } finally {
    await label.api.dispose();
    await otto.dispose();
  }
});
