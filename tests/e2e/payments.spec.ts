import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import {
  readyToBePaid,
  activatedPayee,
  apiSession,
  approvedSongStatement,
  labelApi,
  login,
  loginAt,
} from './helpers';

const PAYEE_PASSWORD = 'Payee-paid-2026!';

test('a payee is paid whole cents to a verified bank account; an admin retries a returned payment', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString().slice(-5);
  const isrc = `QZPA126${stamp}`;
  // Two payees of their own, so no other suite's payouts or recoupments touch their balances.
  const paid = await activatedPayee(base, PAYEE_PASSWORD);
  const returned = await activatedPayee(base, PAYEE_PASSWORD);
  const label = await labelApi(base);
  const otto = await apiSession(base, 'overseer@demo.label');
  const ada = await apiSession(base, 'admin@demo.label');
  let paidId = '';
  let returnedId = '';
  try {
    const users = await label.json<{ items: { id: string; username: string | null }[] }>(
      '/api/users?limit=1000',
    );
    paidId = users.items.find((user) => user.username === paid)?.id ?? '';
    returnedId = users.items.find((user) => user.username === returned)?.id ?? '';
    const accounts = (await (await otto.get('/api/accounts?q=Demo%20Records')).json()) as {
      items: { id: string }[];
    };
    const created = await otto.post('/api/products', {
      title: `E2E Paid ${stamp}`,
      type: 'single',
      accountId: accounts.items[0]?.id,
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as { id: string; version: number };
    const splits = await label.put(`/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: [
            { payeeId: paidId, pct: '50' },
            { payeeId: returnedId, pct: '50' },
          ],
        },
      ],
    });
    expect(splits.status()).toBe(200);

    // DistroKid pays 10.0071 for the song; the label records the funds, calculates, approves.
    await approvedSongStatement(label, {
      isrc,
      month: '2026-06',
      earnings: '10.0071',
      cashless: false,
      fileName: `paid-${stamp}.tsv`,
    });

    // The second payee's bank returns what it is sent (an account number ending in 0001: R01).
    const other = await apiSession(base, returned, PAYEE_PASSWORD);
    try {
      const added = await other.put('/api/payment-method/bank-account', {
        routingNumber: '011000015',
        accountNumber: '5555550001',
        accountType: 'checking',
        password: PAYEE_PASSWORD,
      });
      expect(added.status()).toBe(200);
      // The sandbox bank's deposits are random per account; its test bank tells them.
      const { testDeposits } = (await (
        await other.get('/api/payment-method/bank-account')
      ).json()) as { testDeposits: string[] };
      const verified = await other.post('/api/payment-method/bank-account/verify', {
        amounts: testDeposits,
      });
      expect(verified.status()).toBe(200);
    } finally {
      await other.dispose();
    }
    // Both payees accepted the payment terms in force and signed a W-9, as a payee does before
    // their first payment.
    for (const payee of [paid, returned]) {
      const session = await apiSession(base, payee, PAYEE_PASSWORD);
      try {
        await readyToBePaid(session, 'E2E Payee');
      } finally {
        await session.dispose();
      }
    }
  } finally {
    await label.api.dispose();
    await otto.dispose();
  }

  // The first payee finds the payment of 5.00, scheduled, and keeps 0.00355 in the wallet.
  await login(page, paid, PAYEE_PASSWORD);
  await page.getByRole('link', { name: 'Payments' }).click();
  const payment = page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: 'E2E Payee' });
  await expect(payment).toContainText('$5.00');
  await expect(payment).toContainText('Scheduled');
  await payment.getByRole('link', { name: 'E2E Payee' }).click();
  await expect(page.getByRole('heading', { name: 'Payment to E2E Payee' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Prepared');
  const transfers = page.getByRole('table', { name: 'Ledger transfers' });
  await expect(transfers).toContainText('Balance of E2E Payee');
  await expect(transfers).toContainText('Payments on their way');

  await page.goto('/wallet');
  // The balance card shows what the footer shows, the exact balance on hover.
  const balance = page.getByRole('region', { name: 'Balance in USD' });
  await expect(balance.locator('.money').first()).toHaveText('$0.00');
  await expect(balance.locator('.money').first()).toHaveAttribute('title', '$0.00355');
  await expect(balance).toContainText('Less than $0.01');
  const incoming = page.getByRole('table', { name: 'Incoming transfers' });
  await expect(incoming.locator('.money[title="$5.00355"]')).toHaveText('$5.00');
  await expect(page.getByRole('table', { name: 'Prepared transactions' })).toContainText('$5.00');
  // The footer rounds to cents and shows the exact balance on hover.
  const footer = page.getByTestId('wallet-balance');
  await expect(footer).toHaveText('$0.00');
  await expect(footer.locator('.money')).toHaveAttribute('title', '$0.00355');

  // The payee, in the US, adds the bank account the payments go to and confirms its
  // micro-deposits; the form says how their dollars will be paid.
  const bank = page.getByRole('region', { name: 'Bank account' });
  await expect(bank.getByLabel('Country of the bank')).toHaveValue('US');
  await bank.getByRole('textbox', { name: 'Routing number' }).fill('011000016');
  await expect(
    bank.getByText('A routing number is 9 digits with a valid check digit.'),
  ).toBeVisible();
  await bank.getByRole('textbox', { name: 'Routing number' }).fill('011000015');
  await bank.getByRole('textbox', { name: 'Account number' }).fill('1234567890');
  await expect(bank.getByRole('list', { name: 'How you are paid' })).toHaveText(
    "USD: Paid through the portal's payment partner",
  );
  await bank.getByLabel('Your password').fill(PAYEE_PASSWORD);
  await bank.getByRole('button', { name: 'Save the bank account' }).click();
  await expect(bank).toContainText('Checking account ending 7890');
  await expect(bank).not.toContainText('1234567890');
  // The payment partner names the bank of the routing number.
  await expect(bank).toContainText('Federal Reserve Bank of Boston');
  await expect(bank).toContainText('Wrong tries left: 3');
  // The deposits are random: the sandbox's test bank names them on the page.
  const told = await bank.getByText('This portal pays through a test bank').textContent();
  const [first, second] = /deposits are (0\.\d\d), (0\.\d\d)/.exec(told ?? '')?.slice(1) ?? [];
  expect(first).toBeTruthy();
  await bank.getByRole('textbox', { name: 'First deposit' }).fill('1.12');
  await bank.getByRole('textbox', { name: 'Second deposit' }).fill(second ?? '');
  await bank.getByRole('button', { name: 'Verify' }).click();
  await expect(
    bank.getByText('Transaction Mismatch: Transactions do not match, please try again.'),
  ).toBeVisible();
  await expect(bank).toContainText('Wrong tries left: 2');
  await bank.getByRole('textbox', { name: 'First deposit' }).fill(first ?? '');
  await bank.getByRole('button', { name: 'Verify' }).click();
  await expect(bank).toContainText('Verified: your payments go to this account');

  // The second payee keeps their payments open while the batch runs: when the bank returns their
  // payment, it reads Failed on screen, without a reload. The money stays with the failed payment
  // until an admin retries it: their balance is what it was, so no later payment pays it again.
  const watcher = await browser.newContext();
  const watching = await watcher.newPage();
  await login(watching, returned, PAYEE_PASSWORD);
  await watching.goto('/payments');
  const watchedPayment = watching
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: '$5.00' });
  await expect(watchedPayment).not.toContainText('Failed');
  let reloads = 0;
  watching.on('framenavigated', (frame) => {
    if (frame === watching.mainFrame()) reloads += 1;
  });

  // An admin runs the batch now; the sandbox bank settles one payment and returns the other.
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await loginAt(page, 'admin@demo.label', '/payments');
  await page.getByRole('button', { name: 'Run the payment batch now' }).click();
  await expect(page.getByText(/^Payment batch: [1-9]\d* sent/)).toBeVisible();
  const statusOfPayment = async (payeeId: string) =>
    (
      (await (await ada.get(`/api/payments?payee=${payeeId}`)).json()) as {
        items: { status: string }[];
      }
    ).items[0]?.status;
  try {
    await expect.poll(() => statusOfPayment(paidId), { timeout: 30_000 }).toBe('completed');
    await expect.poll(() => statusOfPayment(returnedId), { timeout: 30_000 }).toBe('failed');
    await expect(watchedPayment).toContainText('Failed', { timeout: 5_000 });
    expect(reloads).toBe(0);
    await watching.goto('/wallet');
    // The balance, in cents as everywhere, the exact 0.00355 on hover.
    await expect(
      watching.getByRole('region', { name: 'Balance in USD' }).locator('.money').first(),
    ).toHaveAttribute('title', '$0.00355');
    await watcher.close();
    const failed = (
      (await (await ada.get(`/api/payments?payee=${returnedId}`)).json()) as {
        items: { id: string }[];
      }
    ).items[0]?.id;

    // The admin reads the bank's answer, clears the payment and tries it again.
    await page.goto(`/payments/${failed}`);
    await expect(
      page
        .getByRole('region', { name: 'Details' })
        .getByText('Failed to process request: Insufficient funds (R01)'),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'History' })).toContainText(
      'Failed · R01: Insufficient funds',
    );
    await page.getByRole('button', { name: 'Clear and retry' }).click();
    await expect(page.getByRole('button', { name: 'Clear and retry' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Scheduled');
    await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Failed');
    await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('Prepared');
  } finally {
    await ada.dispose();
  }

  // The first payee sees the payment completed, and the fraction of a cent still in the wallet.
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await login(page, paid, PAYEE_PASSWORD);
  await page.goto('/payments');
  await expect(payment).toContainText('Completed');
  await page.goto('/wallet');
  await expect(balance.locator('.money').first()).toHaveAttribute('title', '$0.00355');
  await expect(balance).toContainText('Less than $0.01');
});

test('a payee in Germany enters an IBAN and sees how they will be paid', async ({
  page,
  baseURL,
}) => {
  const payee = await activatedPayee(baseURL ?? '', PAYEE_PASSWORD);
  await login(page, payee, PAYEE_PASSWORD);
  await page.goto('/wallet');
  const bank = page.getByRole('region', { name: 'Bank account' });
  await bank.getByLabel('Country of the bank').selectOption('DE');
  // A German bank is known by its IBAN: no routing number, no account type.
  await expect(bank.getByRole('textbox', { name: 'Routing number' })).toHaveCount(0);
  const iban = bank.getByRole('textbox', { name: 'IBAN' });
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await expect(
    bank.getByText('This IBAN is not valid: check it against your bank statement.'),
  ).toBeVisible();
  await iban.fill('DE89 3704 0044 0532 0130 00');
  // In SEPA the BIC may be left out.
  await expect(bank.getByRole('textbox', { name: 'BIC (SWIFT code), optional' })).toBeVisible();
  await expect(bank.getByRole('list', { name: 'How you are paid' })).toHaveText(
    "USD: Paid through the portal's payment partner",
  );
  await bank.getByLabel('Your password').fill(PAYEE_PASSWORD);
  await bank.getByRole('button', { name: 'Save the bank account' }).click();
  await expect(bank).toContainText('IBAN ending 3000');
  await expect(bank).toContainText('Germany');
  await expect(bank).not.toContainText('370400440532013000');
  await expect(bank).toContainText('Wrong tries left: 3');
});

test('the label downloads its transactions as a CSV file', async ({ page }) => {
  await loginAt(page, 'label@demo.label', '/transactions');
  await expect(page.getByRole('table', { name: 'Transactions' })).toContainText('E2E Payee');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path()) ?? '', 'utf8');
  const [header, ...rows] = text.trim().split('\r\n');
  expect(header).toContain('amount,fee,total,currency,status');
  expect(
    rows.some((line) => line.includes('E2E Payee') && line.includes(',5,0.25,5.25,USD,PROCESSED,')),
  ).toBe(true);
});
