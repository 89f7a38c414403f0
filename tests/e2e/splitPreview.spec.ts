// The split editor's payout preview: each payee's earned, payout and change fit its panel at a
// desk's width and on a phone, where it comes before the split rows; and a product's revenue view
// (gross includes the distributor's cut, net does not) changes the revenue its pages show.
import { expect, test, type Locator, type Page } from './test';
import { labelApi, login, overseerProduct, uploadSongStatement } from './helpers';

const digits = (count: number) =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

interface Prepared {
  productId: string;
  ana: string;
  ben: string;
}

/**
 * A product of its own, split 70/30 between two payees added by name, with one approved statement
 * of 100.00 from which the distributor took 20%: 80.00 net, 56.00 and 24.00 paid.
 */
async function preparedProduct(baseURL: string): Promise<Prepared> {
  const isrc = `QZPRV${digits(7)}`;
  const productId = await overseerProduct(baseURL, `Preview ${isrc}`, isrc);
  const label = await labelApi(baseURL);
  const run = digits(5);
  const payee = async (fullname: string) => {
    const added = await label.post('/api/users', { fullname });
    expect(added.status()).toBe(201);
    return ((await added.json()) as { id: string }).id;
  };
  const ana = `Ana Preview ${run}`;
  const ben = `Ben Preview ${run}`;
  const [anaId, benId] = [await payee(ana), await payee(ben)];
  const product = await label.json<{ version: number }>(`/api/products/${productId}`);
  const saved = await label.put(`/api/products/${productId}/splits`, {
    version: product.version,
    splitSets: [
      {
        scope: 'product',
        kind: 'base',
        shares: [
          { payeeId: anaId, pct: '70' },
          { payeeId: benId, pct: '30' },
        ],
      },
    ],
  });
  expect(saved.status()).toBe(200);
  const statementId = await uploadSongStatement(label, {
    isrc,
    month: '2026-10',
    earnings: '100.00',
    cashless: true,
    fileName: `preview-${isrc}.tsv`,
  });
  const statusOf = async () =>
    (await label.json<{ status: string }>(`/api/statements/${statementId}`)).status;
  await expect.poll(statusOf, { timeout: 20_000 }).toBe('funded');
  const take = await label.post(`/api/statements/${statementId}/take`, { takePct: '20' });
  expect(take.status()).toBe(200);
  expect((await label.post(`/api/statements/${statementId}/calculate`, {})).status()).toBe(200);
  await expect.poll(statusOf, { timeout: 20_000 }).toBe('pending-approval');
  expect((await label.post(`/api/statements/${statementId}/approve`, {})).status()).toBe(200);
  await label.api.dispose();
  return { productId, ana, ben };
}

/** Every amount of every payee's row lies inside the panel, and the panel scrolls sideways not. */
async function expectAmountsInside(panel: Locator) {
  const box = await panel.boundingBox();
  if (!box) throw new Error('The payout preview is not on the page');
  const amounts = panel.getByTestId('preview-payee').locator('dd');
  expect(await amounts.count()).toBe(6);
  for (const amount of await amounts.all()) {
    await expect(amount).toBeVisible();
    const cell = await amount.boundingBox();
    expect(cell && cell.x >= box.x && cell.x + cell.width <= box.x + box.width).toBe(true);
  }
  expect(await panel.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
}

const payeeRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Payouts under these splits' }).getByRole('listitem').filter({
    hasText: name,
  });

test('each payee’s amounts sit inside the payout preview at 1280 and 360 px, and its revenue follows the product’s view', async ({
  page,
  baseURL,
}) => {
  const { productId, ana, ben } = await preparedProduct(baseURL ?? '');
  await login(page, 'label@demo.label');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/products/${productId}`);
  const panel = page.getByRole('region', { name: 'Payout preview' });
  await expect(payeeRow(page, ana)).toContainText('$56.00');
  await expect(payeeRow(page, ben)).toContainText('$24.00');
  await expectAmountsInside(panel);
  // A new product's revenue view is net: the 80.00 left after the distributor's 20%.
  const revenueLabel = panel.getByTestId('preview-revenue-label');
  await expect(revenueLabel).toHaveText("Revenue, net (after the distributor's cut)");
  await expect(panel.getByTestId('preview-revenue')).toHaveText('$80.00');

  // An edit shows each payee's change against the statement with the splits as saved; a fall
  // reads as accounting writes it, and each amount's exact value is on hover.
  await page.getByRole('textbox', { name: `Percentage for ${ana}` }).fill('33.3333');
  await page.getByRole('textbox', { name: `Percentage for ${ben}` }).fill('66.6667');
  await expect(payeeRow(page, ana)).toContainText('($29.33)');
  await expect(payeeRow(page, ben)).toContainText('+$29.33');
  await expect(payeeRow(page, ana).locator('.money').nth(1)).toHaveAttribute('title', '$26.66664');

  // On a phone the preview comes before the split rows, not pages below them.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAmountsInside(panel);
  const split = await page.getByRole('heading', { name: 'Base split 1' }).boundingBox();
  const preview = await panel.boundingBox();
  expect(preview && split && preview.y < split.y).toBe(true);
  expect(preview && preview.y < 740).toBe(true);

  // Switched to gross, the product's revenue includes the distributor's cut, on its page and in
  // its analytics, which say so.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await page.getByRole('button', { name: 'Edit details' }).click();
  await page.getByRole('combobox', { name: 'Revenue view' }).selectOption('gross');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(revenueLabel).toHaveText("Revenue, gross (with the distributor's cut)");
  await expect(panel.getByTestId('preview-revenue')).toHaveText('$100.00');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByTestId('analytics-total').first()).toHaveText('$100.00');
  await expect(page.getByText('Gross revenue of approved statements').first()).toBeVisible();
});
