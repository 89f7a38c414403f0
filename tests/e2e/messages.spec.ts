import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './test';
import { apiSession, approvedSongStatement, labelApi, login, loginAt } from './helpers';

/** Texts of this run only, so no other suite's message is mistaken for these. */
const run = Date.now().toString().slice(-8);

/** Clears what a test posted: another file's pages in this worker show no banner of ours. */
async function clearMessages(baseURL: string) {
  const admin = await apiSession(baseURL, 'admin@demo.label');
  const posted = (await (await admin.get('/api/messages')).json()) as { items: { id: string }[] };
  for (const { id } of posted.items) await admin.delete(`/api/messages/${id}`);
  await admin.dispose();
}

const banner = (page: Page) => page.locator('.global-messages .global-message');

test.afterEach(async ({ baseURL }) => clearMessages(baseURL ?? ''));

test("an admin's message for one label shows on every page of its people until one closes it, and nobody else's", async ({
  page,
  baseURL,
}) => {
  const title = `Label notice ${run}`;
  await loginAt(page, 'admin@demo.label', '/admin/messages');
  await page.getByLabel('Shown to').selectOption({ label: 'The people of one account' });
  await page.getByLabel('Label account').selectOption({ label: 'Demo Records' });
  await page.getByLabel('Type').selectOption({ label: 'Warning' });
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Message', { exact: true }).fill('Statements of May are late.');
  await page.getByRole('button', { name: 'Post message' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Demo Records');
  // Not the admin's account: not in the admin's own banner.
  await expect(banner(page).filter({ hasText: title })).toHaveCount(0);

  await page.context().clearCookies();
  await login(page, 'label@demo.label');
  await expect(banner(page).filter({ hasText: title })).toContainText(
    'Statements of May are late.',
  );
  await page.goto('/statements');
  const shown = banner(page).filter({ hasText: title });
  await expect(shown).toBeVisible();
  await shown.getByRole('button', { name: 'Close' }).click();
  await expect(shown).toHaveCount(0);
  // Closed for good: the server remembers it.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible();
  await expect(banner(page).filter({ hasText: title })).toHaveCount(0);

  // A person of another account (the portal's own) never sees it.
  await page.context().clearCookies();
  await login(page, 'overseer@demo.label');
  await expect(page.locator('.nav-list')).toBeVisible();
  const overseer = await apiSession(baseURL ?? '', 'overseer@demo.label');
  const theirs = (await (await overseer.get('/api/messages/mine')).json()) as {
    items: { title: string }[];
  };
  expect(theirs.items.map((item) => item.title)).not.toContain(title);
  await overseer.dispose();
  await expect(banner(page).filter({ hasText: title })).toHaveCount(0);
});

test("the login page shows the message posted for it, never an account's, and the way back", async ({
  page,
  baseURL,
}) => {
  const admin = await apiSession(baseURL ?? '', 'admin@demo.label');
  const accounts = (await (await admin.get('/api/accounts?limit=100')).json()) as {
    items: { id: string; name: string }[];
  };
  const demo = accounts.items.find((account) => account.name === 'Demo Records')?.id;
  const post = (fields: Record<string, unknown>) =>
    admin.post('/api/messages', { type: 'info', message: 'Text.', cancelable: true, ...fields });
  expect((await post({ audience: 'login', title: `Sign-in notice ${run}` })).status()).toBe(201);
  expect(
    (await post({ audience: 'account', accountId: demo, title: `Label only ${run}` })).status(),
  ).toBe(201);
  await admin.dispose();

  await page.goto('/login?redirect=%2Fstatements');
  await expect(page.getByText(`Sign-in notice ${run}`)).toBeVisible();
  await expect(page.getByText(`Label only ${run}`)).toHaveCount(0);
  const back = page.getByRole('link', { name: 'Back to Application' });
  await expect(back).toHaveAttribute('href', '/statements');
  await back.click();
  // Still signed out: back at the login page, which still asks for the way back.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fstatements$/);
});

test('a label downloads the records of its approved statements from a month on as CSV', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const fileName = `records-${run}.tsv`;
  const label = await labelApi(baseURL ?? '');
  await approvedSongStatement(label, {
    isrc: 'QZDM12600001',
    month: '2025-11',
    earnings: '3.5',
    cashless: true,
    fileName,
  });
  await label.api.dispose();
  await loginAt(page, 'label@demo.label', '/statements');
  const section = page.getByRole('region', { name: 'Download records' });
  await section.getByLabel('Distributor').selectOption({ label: 'DistroKid' });
  await section.getByLabel('From month').fill('2025-11');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('records-distrokid-from-2025-11.csv');
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toContain('Statement,Month,File,Row,Code');
  // The file's name is in each of its records' lines: the statement approved above is there.
  expect(csv).toContain(fileName);
});
