import { expect, test, type Page } from './test';
import { apiSession, login, loginAt } from './helpers';

// Only pages that are built are in the navigation: Analytics and the ADA Hub (without its address
// configured) are not. Account and Help are every signed-in person's, so Settings is never empty.
const NAV_BY_ACCOUNT = [
  {
    username: 'admin@demo.label',
    top: [
      'Home',
      'Analytics',
      'Statements',
      'Periods',
      'Payments',
      'Transactions',
      'Products',
      'Recoupments',
      'Payees',
      'Artists',
    ],
    settings: ['Account', 'Distributors', 'Admin', 'Wallet', 'Import', 'Help'],
  },
  {
    username: 'overseer@demo.label',
    top: [
      'Home',
      'Analytics',
      'Statements',
      'Periods',
      'Payments',
      'Transactions',
      'Products',
      'Recoupments',
      'Artists',
    ],
    settings: ['Account', 'Distributors', 'Import', 'Help'],
  },
  {
    username: 'label@demo.label',
    top: [
      'Home',
      'Analytics',
      'Statements',
      'Periods',
      'Earnings',
      'Payments',
      'Transactions',
      'Products',
      'Recoupments',
      'Payees',
      'Artists',
    ],
    settings: ['Account', 'Distributors', 'Wallet', 'Import', 'Help'],
  },
  {
    username: 'payee@demo.label',
    top: ['Home', 'Analytics', 'Earnings', 'Payments', 'Transactions', 'Products', 'Recoupments'],
    settings: ['Account', 'Wallet', 'Help'],
  },
  {
    username: 'artist@demo.label',
    top: [
      'Home',
      'Analytics',
      'Earnings',
      'Payments',
      'Transactions',
      'Products',
      'Recoupments',
      'Artists',
    ],
    settings: ['Account', 'Wallet', 'Help'],
  },
  {
    username: 'warranter@demo.label',
    top: ['Home', 'Payments', 'Transactions', 'Recoupments'],
    settings: ['Account', 'Help'],
  },
];

const navLinkLabels = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => link.querySelector('.nav-label')?.textContent ?? ''),
    );

for (const account of NAV_BY_ACCOUNT) {
  test(`${account.username} sees exactly the nav entries its permissions allow`, async ({
    page,
  }) => {
    await login(page, account.username);
    expect(await navLinkLabels(page)).toEqual(account.top);
    const settings = page.getByRole('button', { name: 'Settings' });
    if (account.settings.length === 0) {
      await expect(settings).toHaveCount(0);
      return;
    }
    await settings.click();
    expect(await navLinkLabels(page)).toEqual([...account.top, ...account.settings]);
  });
}

test('the collapsed navigation survives a reload and shows tooltips', async ({ page }) => {
  await login(page, 'label@demo.label');
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand navigation' })).toBeVisible();
  await expect(page.getByTestId('side-nav')).toHaveClass(/collapsed/);
  await page.getByTestId('side-nav').getByRole('link', { name: 'Statements' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Statements' })).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Collapse navigation' })).toBeVisible();
  await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Import' })).toBeVisible();
});

test('switching to French re-renders the frame in French and is kept by the account', async ({
  page,
  browser,
  baseURL,
}) => {
  try {
    await login(page, 'label@demo.label');
    await page.getByRole('button', { name: 'Open the user menu' }).click();
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByTestId('side-nav').getByRole('link', { name: 'Relevés' })).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Filtres' }).getByRole('combobox', { name: /^Artiste/ }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    // Another browser: the server's setting brings French back at the next sign-in.
    const elsewhere = await browser.newPage();
    await login(elsewhere, 'label@demo.label');
    await expect(elsewhere.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible();
    await elsewhere.close();
  } finally {
    const label = await apiSession(baseURL ?? '', 'label@demo.label');
    await label.patch('/api/session/settings', { language: 'en' });
    await label.dispose();
  }
});

test('a 401 in the middle of a session lands on /login', async ({ page, context }) => {
  await page.clock.install();
  await login(page, 'label@demo.label');
  // The server forgets the session; the next call, the renewal an hour before expiry, answers 401.
  await context.clearCookies({ name: 'portal_session' });
  await page.clock.fastForward('12:00:00');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('the wallet balance shows for payment-method holders, in the footer and the avatar menu', async ({
  page,
}) => {
  await login(page, 'payee@demo.label');
  // Paco's exact balance, in cents (other suites may have paid him by now).
  const footer = page.getByTestId('wallet-balance');
  await expect(footer).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await expect(page.getByText('Wallet balance')).toHaveCount(2);
  // The avatar menu shows the same balance through the Money widget: the exact value on hover.
  const inMenu = page.getByTestId('avatar-balance');
  await expect(inMenu).toHaveText((await footer.textContent()) ?? '');
  await expect(inMenu.locator('.money')).toHaveAttribute('title', /^\$\d[\d,]*\.\d{2,12}$/);
});

test('the debug toggle shows only to admins and overseers', async ({ page }) => {
  await login(page, 'admin@demo.label');
  await expect(page.getByRole('switch', { name: 'Debug mode' })).toBeVisible();
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill('payee@demo.label');
  await page.getByLabel('Password').fill('Royalty-demo-2026!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('switch', { name: 'Debug mode' })).toHaveCount(0);
});

test('a payment the reader may not see says so under its title, with breadcrumbs', async ({
  page,
}) => {
  await loginAt(page, 'label@demo.label', '/payments/abc');
  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await expect(page.getByText('This payment does not exist or is not yours to see.')).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
});

test('an address the portal does not have answers as not found, never with a promise', async ({
  page,
}) => {
  await loginAt(page, 'label@demo.label', '/reports-of-later');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText('This page is missing or the URL is incorrect.')).toBeVisible();
});

test('a user without access is redirected per SPEC section 4', async ({ page }) => {
  await loginAt(page, 'payee@demo.label', '/statements');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a page that fails while it is drawn says so in the reader’s words and offers a reload', async ({
  page,
}) => {
  await login(page, 'label@demo.label');
  // An answer the products page cannot draw: its list is missing.
  await page.route('**/api/products?**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"total":0}' }),
  );
  await page.goto('/products');
  await expect(page.getByRole('alert')).toHaveText(
    'Something went wrong while showing this page. Nothing you saved is lost: reload the page to try again.',
  );
  await page.unroute('**/api/products?**');
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
});

test('a page whose code cannot be fetched says so, and a reload brings it once it can', async ({
  page,
}) => {
  await login(page, 'label@demo.label');
  // The products page's own code never arrives: the tab reloads once, then says so.
  await page.route('**/assets/ProductsPage-*.js', (route) => route.abort());
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page.getByRole('alert')).toHaveText(
    'This page could not be loaded. Check your connection, then reload the page.',
  );
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.unroute('**/assets/ProductsPage-*.js');
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
});

test('going from page to page keeps the frame as it is, drawn once', async ({ page }) => {
  await login(page, 'label@demo.label');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const drawn = await navigation.elementHandle();
  await navigation.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await navigation.getByRole('link', { name: 'Statements' }).click();
  await expect(page).toHaveURL(/\/statements$/);
  // The navigation on screen is the one drawn at first: nothing above the page was drawn again.
  expect(await drawn?.evaluate((node) => node.isConnected)).toBe(true);
});
