import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { apiSession, approvedSongStatement, labelApi, login, loginAt } from './helpers';

// What people read is names and words of their trade (the walk of every page as every demo account
// in accessibility.spec.ts reads each for raw ids and developer's words, see walk.ts); here the
// audit's person filter, the month filter, badges, the avatar's Copy, and what the warranter sees.

// One approved statement of the demo's song: a payment to Paco, its transaction, and events of
// the label's on the audit.
test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(60_000);
  const label = await labelApi(baseURL ?? '');
  await approvedSongStatement(label, {
    isrc: 'QZDM12600001',
    month: '2025-10',
    earnings: `2.${Date.now().toString().slice(-4)}`,
    cashless: false,
    fileName: `words-${Date.now()}.tsv`,
  });
  await label.api.dispose();
});

/** Opens a path inside the app, as its own links do (no reload of the whole app). */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('the audit is filtered by a person found by name, and names what each event is on', async ({
  page,
}) => {
  await loginAt(page, 'admin@demo.label', '/admin/audit');
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await filters.getByRole('combobox', { name: 'Done by' }).fill('Lena');
  await page.getByRole('option', { name: 'Lena Label (label@demo.label)' }).click();
  await expect(page).toHaveURL(/[?&]actor=[\w-]+/);
  await expect(filters.getByText('Lena Label (label@demo.label)')).toBeVisible();
  const events = page.getByTestId('audit-event');
  await expect(events.first()).toBeVisible();
  for (const by of await events.locator('dd:nth-of-type(2)').allInnerTexts())
    expect(by).toContain('Lena Label');
  // The statement she approved is named by its title, linking to it.
  const approved = events.filter({ hasText: 'Statement' }).first();
  await expect(approved.getByRole('link', { name: 'DistroKid 2025-10' })).toHaveAttribute(
    'href',
    /^\/statements\//,
  );
  await filters.getByRole('button', { name: 'Anyone' }).click();
  await expect(page).not.toHaveURL(/actor=/);
});

test('the month filter reads All months, badges of one meaning look alike, Copy stays a word', async ({
  page,
}) => {
  await login(page, 'label@demo.label');
  const month = page.getByRole('group', { name: 'Filters' }).getByRole('combobox', {
    name: 'Month',
  });
  await expect(month.locator('option:checked')).toHaveText('All months');

  // A scheduled payment and a statement paying out are both under way: one look.
  const look = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return [style.color, style.borderTopColor, style.borderRadius, style.borderTopStyle];
      });
  await openInApp(page, '/payments?status=scheduled');
  const scheduled = await look('.payment-status > *');
  await openInApp(page, '/statements');
  await expect(page.getByTestId('statement-status').first()).toBeVisible();
  const statement = page.locator('[data-testid="statement-status"]', {
    hasText: /Processing payments|Calculating|Syncing/,
  });
  if ((await statement.count()) > 0) {
    const underWay = await statement.first().evaluate((element) => {
      const style = getComputedStyle(element);
      return [style.color, style.borderTopColor, style.borderRadius, style.borderTopStyle];
    });
    expect(underWay).toEqual(scheduled);
  }
  expect(scheduled[2]).toBe('999px');

  // The avatar menu's Copy button: one line, beside the account id.
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  const copy = page.locator('.avatar-account-id .button');
  const lines = await copy.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(lines).toBe(1);
});

test('the warranter watches the label’s payments, transactions and recoupments, and changes nothing', async ({
  page,
  baseURL,
}) => {
  const walt = await apiSession(baseURL ?? '', 'warranter@demo.label');
  try {
    const payments = (await (await walt.get('/api/payments')).json()) as {
      items: { id: string; payeeName: string }[];
    };
    expect(payments.items.map((payment) => payment.payeeName)).toContain('Paco Payee');
    const id = payments.items[0]?.id ?? '';
    expect((await walt.get(`/api/payments/${id}`)).status()).toBe(200);
    expect((await walt.post(`/api/payments/${id}/cancel`, {})).status()).toBe(403);
    expect((await walt.get('/api/transactions')).status()).toBe(200);
    expect((await walt.get('/api/recoupments')).status()).toBe(200);
    expect((await walt.post('/api/recoupments', { title: 'Mine' })).status()).toBe(403);
    expect((await walt.get('/api/statements')).status()).toBe(403);
  } finally {
    await walt.dispose();
  }
  await login(page, 'warranter@demo.label');
  const nav = page.getByRole('navigation').locator('.nav-list > li > .nav-link');
  await expect(nav).toHaveText(['Home', 'Payments', 'Transactions', 'Recoupments', 'Settings']);
  await page.getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('row', { name: /Paco Payee/ }).first()).toBeVisible();
});
