import { expect, test, type Page } from './test';
import { apiSession, login, loginAt } from './helpers';
import { axeCheck } from './walk';

const main = (page: Page) => page.getByRole('main');

test('a payee reads the Product Guide and the FAQ in English and searches both', async ({
  page,
}) => {
  await login(page, 'payee@demo.label');
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Product Guide' })).toBeVisible();
  for (const section of [
    'From upload to payout',
    'Splits and their variants',
    'Conditional splits',
    'Recoupments and the waterfall',
    'Payments and holds',
    'What each account type sees',
  ]) {
    await expect(main(page).getByRole('heading', { level: 2, name: section })).toBeVisible();
  }

  // The search keeps the sections holding every word, and says how many.
  const search = page.getByRole('searchbox', { name: 'Search the help' });
  await search.fill('verified bank account');
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(['Payments and holds']);
  await expect(page.getByText('Matching: 1')).toBeVisible();
  await search.fill('zzzz');
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveCount(0);
  await expect(page.getByText('Nothing here matches “zzzz”.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Show everything' }).click();
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveCount(7);

  // The FAQ: the search goes along and opens the answers it finds.
  await search.fill('held');
  await page.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/help\/faq\?q=held$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await expect(page.getByText('Why is my payment held?')).toBeVisible();
  await expect(page.getByText('no verified bank account', { exact: false })).toBeVisible();
  await search.fill('');
  // Unsearched, the questions are closed until opened.
  const cents = page.getByText('How are cents handled?');
  await expect(cents).toBeVisible();
  await expect(page.getByText('Money moved is whole minor units', { exact: false })).toBeHidden();
  await cents.click();
  await expect(page.getByText('Money moved is whole minor units', { exact: false })).toBeVisible();
});

test('the guide and the FAQ read and search in French, accents or not', async ({
  page,
  baseURL,
}) => {
  const paco = await apiSession(baseURL ?? '', 'payee@demo.label');
  await paco.patch('/api/session/settings', { language: 'fr' });
  try {
    await loginAt(page, 'payee@demo.label', '/help');
    await expect(
      main(page).getByRole('heading', { level: 1, name: 'Guide du produit' }),
    ).toBeVisible();
    await expect(
      main(page).getByRole('heading', { level: 2, name: 'Les recoupements et la cascade' }),
    ).toBeVisible();
    const search = page.getByRole('searchbox', { name: "Rechercher dans l'aide" });
    await search.fill('CASCADE priorite');
    await expect(main(page).getByRole('heading', { level: 2 })).toHaveText([
      'Les recoupements et la cascade',
    ]);
    await page.getByRole('link', { name: 'FAQ' }).click();
    await search.fill('bloque');
    await expect(page.getByText('Pourquoi mon paiement est-il bloqué ?')).toBeVisible();
    await expect(page.getByText('aucun compte bancaire vérifié', { exact: false })).toBeVisible();
  } finally {
    await paco.patch('/api/session/settings', { language: 'en' });
    await paco.dispose();
  }
});

test('without a hub configured, the ADA Hub is not in the navigation and /ada says so', async ({
  page,
}) => {
  await login(page, 'payee@demo.label');
  await expect(page.getByRole('link', { name: 'ADA Hub' })).toHaveCount(0);
  await page.goto('/ada');
  await expect(main(page).getByRole('heading', { level: 1, name: 'ADA Hub' })).toBeVisible();
  await expect(
    page.getByText('The ADA Hub is not set up for this portal.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('with a hub in the session answer, the navigation and /ada open it in a new tab', async ({
  page,
  context,
}) => {
  const hub = 'https://hub.example.test/login';
  // The server gives the address in the session answer (ADA_HUB_URL); this suite's server has
  // none, so the answer is given one on its way to the browser.
  await page.route('**/api/session*', async (route) => {
    const response = await route.fetch();
    const json = (response.headers()['content-type'] ?? '').includes('application/json');
    if (!response.ok() || !json) return route.fulfill({ response });
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, adaHubUrl: hub } });
  });
  await context.route('https://hub.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Partner hub</h1>' }),
  );
  await login(page, 'payee@demo.label');
  const entry = page.getByRole('link', { name: 'ADA Hub' });
  await expect(entry).toHaveAttribute('href', hub);
  await expect(entry).toHaveAttribute('target', '_blank');

  const opened = context.waitForEvent('page');
  await page.goto('/ada');
  const tab = await opened;
  await expect(tab).toHaveURL(hub);
  await expect(page.getByRole('link', { name: 'Open the ADA Hub' })).toHaveAttribute('href', hub);
});

test('a help page whose code fails to load reloads once, then says so with a way to retry', async ({
  page,
}) => {
  await login(page, 'payee@demo.label');
  let refused = 0;
  await page.route(/\/assets\/HelpPages-[^/]*\.js$/, async (route) => {
    refused += 1;
    await route.abort();
  });
  await page.goto('/dashboard');
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('button', { name: 'Settings' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Help' }).click();
  await reloaded;
  await expect(page.getByRole('alert')).toHaveText(
    'This page could not be loaded. Check your connection, then reload the page.',
  );
  // The tab reloaded once on the first failure, and not on the second.
  expect(loads).toBe(1);
  expect(refused).toBeGreaterThanOrEqual(2);
  await page.unroute(/\/assets\/HelpPages-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Product Guide' })).toBeVisible();
});

test('copying the account id says so in a toast that closes after 2 s', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, 'payee@demo.label');
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('button', { name: /^Copy the account id / }).click();
  const toast = page.getByTestId('toast').filter({ hasText: 'Copied to the clipboard' });
  await expect(toast).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\S/);
  await expect(toast).toBeHidden({ timeout: 3_000 });
});

test('the help pages pass the accessibility check, a search and an open answer included', async ({
  page,
}) => {
  // The check reads the whole page; on a busy machine it takes longer than a click.
  test.setTimeout(120_000);
  await login(page, 'payee@demo.label');
  for (const path of ['/help', '/help/faq?q=held']) {
    await page.goto(path);
    await expect(page.getByRole('searchbox')).toBeVisible();
    const { violations } = await axeCheck(page).include('main').analyze();
    expect(
      violations.map((violation) => `${violation.id}: ${violation.help}`),
      path,
    ).toEqual([]);
  }
});
