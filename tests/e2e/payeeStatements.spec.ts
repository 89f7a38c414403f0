import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { PDFParse } from 'pdf-parse';
import Decimal from 'decimal.js';
import { apiSession, approvedSongStatement, labelApi, login } from './helpers';

/** The file a click downloads, as bytes. */
async function downloaded(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(path) };
}

test('a payee sees the same payout on their dashboard, their statement page, in its CSV and in its PDF', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const label = await labelApi(baseURL ?? '');
  // Glass Harbor pays Paco 12.5%: of 10.0071, 1.2508875, paid as 1.25.
  const statementId = await approvedSongStatement(label, {
    isrc: 'QZDM12600002',
    month: '2026-07',
    earnings: '10.0071',
    cashless: false,
    fileName: 'payee-statement-july.tsv',
  });

  await login(page, 'payee@demo.label');
  // The dashboard lists the statement with the same payout, exact on hover.
  const onDashboard = page
    .getByTestId('my-statements')
    .getByRole('row')
    .filter({ hasText: '2026-07' })
    .filter({ has: page.locator('td:last-child [title="$1.2508875"]') });
  await expect(onDashboard).toHaveCount(1);
  await expect(onDashboard.locator('td').last()).toHaveText('$1.25');
  await page.getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(/\/earnings/);
  await page.getByRole('link', { name: '2026-07' }).click();
  await expect(page).toHaveURL(new RegExp(`/earnings/${statementId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('2026-07');
  const payout = page.locator('[data-total="payout"] dd');
  await expect(payout).toHaveText('$1.25');
  // What stays in Paco's balance: what earlier statements left (other suites may have paid him
  // before), plus this payout, less the whole cents paid out of it, exact on hover. When the
  // fractions left earlier and this payout's 0.0008875 make a cent together, that cent is paid too.
  const paco = await apiSession(baseURL ?? '', 'payee@demo.label');
  const own = (await (await paco.get(`/api/earnings/${statementId}`)).json()) as {
    broughtForward: string;
    paid: string;
    carried: string;
  };
  await paco.dispose();
  expect(['1.25', '1.26']).toContain(own.paid);
  expect(new Decimal(own.broughtForward).plus('1.2508875').minus(own.paid).toString()).toBe(
    new Decimal(own.carried).toString(),
  );
  expect(new Decimal(own.carried).abs().lessThan('0.01')).toBe(true);
  await expect(page.locator('[data-total="carried"] dd [title]')).toHaveAttribute(
    'title',
    new RegExp(`\\$${own.carried.replace('.', '\\.')}$`),
  );

  const csv = await downloaded(page, 'Download CSV');
  expect(csv.name).toBe('statement-2026-07-distrokid-paco-payee.csv');
  const rows = csv.bytes.toString('utf8').split('\r\n');
  const payoutRow = rows.find((row) => row.includes(',total,payout,'));
  expect(payoutRow?.split(',').at(-1)).toBe('1.2508875');

  const pdf = await downloaded(page, 'Download PDF');
  expect(pdf.name).toBe('statement-2026-07-distrokid-paco-payee.pdf');
  const parser = new PDFParse({ data: new Uint8Array(pdf.bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  expect(text).toContain('Paco Payee');
  expect(text).toContain('Payout');
  expect(text).toContain('$1.25');
});
