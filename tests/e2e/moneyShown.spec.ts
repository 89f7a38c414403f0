// What people read of dates and money: dates as their language writes them, one balance shown the
// same way everywhere, the label's two revenue figures named for what they count, and a payee
// shown what they receive and when, never the label's fee.
import Decimal from 'decimal.js';
import { expect, test, type Page } from './test';
import {
  activatedPayee,
  apiSession,
  approvedSongStatement,
  labelApi,
  login,
  uploadSongStatement,
} from './helpers';

/** Sets the language of the person signed in on `page`, as the Account settings do. */
async function chooseLanguage(page: Page, language: string) {
  const csrf =
    (await page.context().cookies()).find((cookie) => cookie.name === 'portal_csrf')?.value ?? '';
  const saved = await page.request.patch('/api/session/settings', {
    data: { language },
    headers: { 'x-csrf-token': csrf },
  });
  expect(saved.status()).toBe(200);
}

/** A day as the browser writes it in `locale`, in figures, in the browser's time zone. */
const writtenIn = (page: Page, locale: string, seconds: number) =>
  page.evaluate(
    ([tag, at]) =>
      new Intl.DateTimeFormat(tag, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        new Date(Number(at) * 1000),
      ),
    [locale, String(seconds)] as const,
  );

test('dates follow the reader’s language in a list and on a detail page; the dashboard names its revenue figures', async ({
  page,
  baseURL,
}) => {
  // A statement received now, not approved yet.
  const label = await labelApi(baseURL ?? '');
  let id: string;
  try {
    id = await uploadSongStatement(label, {
      isrc: 'QZDM12600002',
      month: '2026-04',
      earnings: '10.0071',
      cashless: true,
      fileName: 'money-shown-april.tsv',
    });
  } finally {
    await label.api.dispose();
  }
  const lena = await apiSession(baseURL ?? '', 'label@demo.label');
  const { receivedAt } = (await (await lena.get(`/api/statements/${id}`)).json()) as {
    receivedAt: number;
  };
  await lena.dispose();

  await login(page, 'label@demo.label');
  try {
    await chooseLanguage(page, 'fr');
    await page.goto('/statements');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // 28/11/2026: day, month, year, as French writes them, not 11-28-2026.
    const french = await writtenIn(page, 'fr', receivedAt);
    await expect(page.getByRole('table').getByText(french, { exact: true }).first()).toBeVisible();
    await page.goto(`/statements/${id}`);
    await expect(page.locator('dd').getByText(french, { exact: true })).toBeVisible();

    await chooseLanguage(page, 'en');
    // 11/28/2026 in US English.
    const english = await writtenIn(page, 'en-US', receivedAt);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('dd').getByText(english, { exact: true })).toBeVisible();
    await page.goto('/statements');
    await expect(page.getByRole('table').getByText(english, { exact: true }).first()).toBeVisible();
  } finally {
    await chooseLanguage(page, 'en');
  }

  // The dashboard's revenue is the approved statements', as analytics counts it; this statement's
  // revenue is apart, awaiting approval.
  await page.goto('/dashboard');
  const tile = page.getByTestId('revenue-tile').first();
  await expect(tile).toContainText('Revenue of approved statements');
  await expect(tile).toContainText('Revenue awaiting approval');
  await expect(tile.getByTestId('pending-revenue').locator('.money')).not.toHaveText('$0.00');
});

test('a payee reads one balance everywhere, what they receive without the label’s fee, and when deposits arrive', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL ?? '';
  const label = await labelApi(base);
  try {
    // Glass Harbor pays Paco 12.5%: of 10.0071, 1.2508875: a payment of 1.25, scheduled.
    await approvedSongStatement(label, {
      isrc: 'QZDM12600002',
      // A month no other browser test files a statement in: the payment row found below is this
      // statement's, whatever other tests paid Paco meanwhile.
      month: '2026-08',
      earnings: '10.0071',
      cashless: false,
      fileName: 'money-shown-august.tsv',
    });
  } finally {
    await label.api.dispose();
  }
  await login(page, 'payee@demo.label');
  // The navigation, the dashboard and the wallet show the balance the same way, cents rounded
  // down, the exact value on hover.
  const footer = page.getByTestId('wallet-balance').locator('.money');
  await expect(footer).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const shown = { text: await footer.textContent(), title: await footer.getAttribute('title') };
  const onDashboard = page.getByTestId('balance-tile').locator('.money');
  await expect(onDashboard).toHaveText(shown.text ?? '');
  await expect(onDashboard).toHaveAttribute('title', shown.title ?? '');
  // Paid to me counts completed payments only, not the scheduled 1.25.
  const paco = await apiSession(base, 'payee@demo.label');
  const completed = (await (await paco.get('/api/payments?status=completed&limit=100')).json()) as {
    items: { amount: string; currency: string }[];
  };
  await paco.dispose();
  const paid = completed.items
    .filter((item) => item.currency === 'USD')
    .reduce((sum, item) => sum.plus(item.amount), new Decimal(0));
  await expect(page.getByTestId('paid-to-me').first()).toHaveText(`$${paid.toFixed(2)}`);

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallet');
  const card = page.getByRole('region', { name: 'Balance in USD' });
  await expect(card.locator('.money').first()).toHaveText(shown.text ?? '');
  await expect(card.locator('.money').first()).toHaveAttribute('title', shown.title ?? '');
  // "Payable now" sits inside its card.
  const inCard = await card.getByText('Payable now').evaluate((element) => {
    const own = element.getBoundingClientRect();
    const box = element.closest('section')?.getBoundingClientRect();
    return !!box && own.left >= box.left && own.right <= box.right;
  });
  expect(inCard).toBe(true);
  await expect(page.getByText('Total with fee')).toHaveCount(0);

  await page.goto('/payments');
  const payment = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: '2026-08' })
    .first();
  await expect(payment).toContainText('$1.25');
  await expect(page.getByText('Total with fee')).toHaveCount(0);
  await payment.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Payment');
  await expect(page.getByText('$1.25').first()).toBeVisible();
  await expect(page.getByText('Total with fee')).toHaveCount(0);
  await expect(page.locator('dt', { hasText: /^Fee$/ })).toHaveCount(0);

  // A new payee adds a bank account: this portal's test bank puts its deposits there at once,
  // and the wallet says so rather than 24 to 48 hours.
  const password = 'Money-shown-2026!';
  const email = await activatedPayee(base, password);
  const payee = await apiSession(base, email, password);
  try {
    const added = await payee.put('/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber: '1234567890',
      accountType: 'checking',
      password,
    });
    expect(added.status()).toBe(200);
  } finally {
    await payee.dispose();
  }
  await page.context().clearCookies();
  await login(page, email, password);
  await page.goto('/wallet');
  await expect(page.getByTestId('micro-deposits-expected')).toHaveText(
    'The deposits are in your bank now.',
  );
  await expect(page.getByText(/24 to 48 hours/)).toHaveCount(0);
});
