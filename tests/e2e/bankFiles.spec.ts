// A label paying by bank files (PAYMENT_RAIL=bankfile), in Chromium: its owner sets the label's
// bank details on the payments page, a payment run writes a NACHA file with the new account's
// micro-deposits, the owner downloads it and marks it submitted, the payee confirms the amounts
// the file credited, the next run writes the payment into a file the owner downloads and
// submits, and the bank's return file uploaded on the page fails the payment with its code.
//
// The other browser tests' portals pay through the sandbox. This file starts a portal of its own
// on the bank-file rail (one per worker, beside the worker's usual one, on E2E_PORT + 40 + the
// worker's index), from the app the configured web servers built, and stops it at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base } from '@playwright/test';
import { writeNachaReturnFile } from '../../server/payments/bankfile/nacha';
import {
  activatedPayee,
  apiSession,
  approvedSongStatement,
  labelApi,
  loginAt,
  readyToBePaid,
} from './helpers';
import { E2E_PORT, expect } from './test';

const PAYEE_PASSWORD = 'Payee-paid-2026!';
const ACCOUNT = '4444444444';

/** The portal of this file's worker: `localhost`, so its cookies are not the usual portal's. */
const bankFilePortal = (parallelIndex: number) => ({
  port: E2E_PORT + 40 + parallelIndex,
  url: `http://localhost:${E2E_PORT + 40 + parallelIndex}`,
});

const test = base.extend<object, { portalUrl: string }>({
  portalUrl: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const { port, url } = bankFilePortal(workerInfo.parallelIndex);
      const dataDir = resolve('.tmp', `e2e-bankfile-${Date.now()}-${workerInfo.parallelIndex}`);
      mkdirSync(dataDir, { recursive: true });
      if ((await fetch(`${url}/api/health`).catch(() => null)) !== null) {
        throw new Error(`port ${port} is taken: the bank-file portal needs it (set E2E_PORT)`);
      }
      const server: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          SEED: 'demo',
          PAYMENT_RAIL: 'bankfile',
          LOGIN_RATE_LIMIT_MAX: '1000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
        // Its own process group: npx, tsx and the server stop together at the end.
        detached: true,
      });
      const stop = () => {
        if (server.exitCode === null && server.pid) process.kill(-server.pid, 'SIGTERM');
      };
      const deadline = Date.now() + 150_000;
      for (;;) {
        const health = await fetch(`${url}/api/health`).catch(() => null);
        if (health?.ok) break;
        if (Date.now() > deadline || server.exitCode !== null) {
          stop();
          throw new Error(`the bank-file portal on port ${port} did not start`);
        }
        await new Promise((done) => setTimeout(done, 500));
      }
      await use(url);
      const exited = new Promise((done) => server.once('exit', done));
      stop();
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ portalUrl }, use) => {
    await use(portalUrl);
  },
});

/** One credit of a NACHA file: its record's fields at their NACHA positions. */
interface Credit {
  accountNumber: string;
  cents: number;
  name: string;
  traceNumber: string;
}

function creditsOf(text: string): Credit[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('6'))
    .map((line) => ({
      accountNumber: line.slice(12, 29).trim(),
      cents: Number(line.slice(29, 39)),
      name: line.slice(54, 76).trim(),
      traceNumber: line.slice(79, 94),
    }));
}

test('a label pays by bank files: sets its bank details, downloads, submits, uploads a return', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString().slice(-5);
  const isrc = `QZBF126${stamp}`;

  // The owner sets the label's bank details on the payments page; a mistyped routing number is
  // refused beside its field before anything is sent.
  await loginAt(page, 'label@demo.label', '/payments');
  const details = page.getByRole('region', { name: 'Bank details for bank files' });
  await details.getByRole('checkbox', { name: 'Pay USD payees by ACH files' }).check();
  const field = (name: string) => details.getByRole('textbox', { name });
  const originator = {
    'Routing number of the bank you send files to (immediate destination)': '021000022',
    'Name of that bank (immediate destination name)': 'JPMORGAN CHASE',
    'Immediate origin (10 characters your bank gave you)': '1123456789',
    'Your company’s name for the bank (immediate origin name)': 'DEMO RECORDS LLC',
    'Company name your payees’ banks show': 'DEMO RECORDS',
    'Company ID (10 characters your bank gave you)': '1123456789',
    'Routing number of your own bank (originating bank)': '011000015',
  };
  for (const [name, value] of Object.entries(originator)) {
    await field(name).fill(value);
    await field(name).blur();
  }
  await expect(
    details.getByText('A routing number is 9 digits with a valid check digit.'),
  ).toBeVisible();
  await field('Routing number of the bank you send files to (immediate destination)').fill(
    '021000021',
  );
  await details.getByRole('button', { name: 'Save the bank details' }).click();
  await expect(page.getByText('Bank details saved.')).toBeVisible();

  // A payee of its own, paid the whole of a song's statement, adds a US bank account.
  const payee = await activatedPayee(base, PAYEE_PASSWORD);
  const label = await labelApi(base);
  const otto = await apiSession(base, 'overseer@demo.label');
  const ada = await apiSession(base, 'admin@demo.label');
  const other = await apiSession(base, payee, PAYEE_PASSWORD);
  try {
    const users = await label.json<{ items: { id: string; username: string | null }[] }>(
      '/api/users?limit=1000',
    );
    const payeeId = users.items.find((user) => user.username === payee)?.id ?? '';
    const accounts = (await (await otto.get('/api/accounts?q=Demo%20Records')).json()) as {
      items: { id: string }[];
    };
    const created = await otto.post('/api/products', {
      title: `E2E Bank File ${stamp}`,
      type: 'single',
      accountId: accounts.items[0]?.id,
      codes: [{ code: isrc, kind: 'isrc' }],
    });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as { id: string; version: number };
    const splits = await label.put(`/api/products/${product.id}/splits`, {
      version: product.version,
      splitSets: [{ scope: 'product', kind: 'base', shares: [{ payeeId, pct: '100' }] }],
    });
    expect(splits.status()).toBe(200);
    await approvedSongStatement(label, {
      isrc,
      month: '2026-06',
      earnings: '10.0071',
      cashless: false,
      fileName: `bankfile-${stamp}.tsv`,
    });
    const added = await other.put('/api/payment-method/bank-account', {
      routingNumber: '011000015',
      accountNumber: ACCOUNT,
      accountType: 'checking',
      password: PAYEE_PASSWORD,
    });
    expect(added.status()).toBe(200);
    // As every person paid, the payee accepts the payment terms and signs a W-9 before a first
    // payment.
    await readyToBePaid(other, 'Bank File Payee');

    // The run holds the payment (the account is not verified) and writes its micro-deposits.
    expect((await ada.post('/api/payments/batch', {})).status()).toBe(200);
    const filesPage = async () => {
      await page.goto('/payments/bank-files');
      return page.getByRole('table', { name: 'Bank files' });
    };
    /** Downloads a file on the page; its text. */
    const download = async (row: ReturnType<typeof page.locator>) => {
      const downloading = page.waitForEvent('download');
      await row.getByRole('button', { name: 'Download' }).click();
      const file = await downloading;
      return readFileSync((await file.path()) ?? '', 'utf8');
    };
    /** Marks a downloaded file submitted, through the dialog that says what it does. */
    const submit = async (row: ReturnType<typeof page.locator>) => {
      await row.getByRole('button', { name: 'Mark as submitted to the bank' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mark this file as submitted to the bank?' });
      await expect(dialog).toContainText('wait for the bank’s confirmation');
      await dialog.getByRole('button', { name: 'Mark as submitted' }).dblclick();
      await expect(row).toContainText('Submitted to the bank');
    };

    // The owner finds the file through the navigation; it cannot be marked submitted before it
    // was downloaded.
    await page.goto('/payments');
    await page.getByRole('link', { name: 'Bank files' }).click();
    const files = page.getByRole('table', { name: 'Bank files' });
    /** A file's row by its name, whatever its status becomes. */
    const rowOf = async (found: ReturnType<typeof page.locator>) =>
      files.locator(`tr[data-file="${await found.getAttribute('data-file')}"]`);
    const first = await rowOf(files.getByRole('row').filter({ hasText: 'ACH (NACHA)' }).first());
    await expect(first).toContainText('Not yet submitted');
    await expect(
      first.getByRole('button', { name: 'Mark as submitted to the bank' }),
    ).toBeDisabled();
    const depositsFile = await download(first);
    await expect(first).toContainText('Lena Label');
    await submit(first);
    const deposits = creditsOf(depositsFile)
      .filter((credit) => credit.accountNumber === ACCOUNT && credit.cents < 100)
      .map((credit) => (credit.cents / 100).toFixed(2));
    expect(deposits).toHaveLength(2);
    const verified = await other.post('/api/payment-method/bank-account/verify', {
      amounts: deposits,
    });
    expect(verified.status()).toBe(200);

    // The next run writes the payment into a new file, which the owner downloads and submits.
    expect((await ada.post('/api/payments/batch', {})).status()).toBe(200);
    await filesPage();
    const paying = await rowOf(
      files.getByRole('row').filter({ hasText: 'Not yet submitted' }).first(),
    );
    await expect(paying).toContainText('ACH (NACHA)');
    const paymentFile = await download(paying);
    const credit = creditsOf(paymentFile).find((entry) => entry.accountNumber === ACCOUNT);
    expect(credit?.cents).toBe(1000);
    await submit(paying);

    // The bank returns the credit (R03): the owner uploads its return file on the page.
    const returnFile = writeNachaReturnFile({
      original: { text: paymentFile, traces: [], entryCount: 1, totalCents: 1000n },
      originator: {
        immediateDestination: '021000021',
        immediateDestinationName: 'JPMORGAN CHASE',
        immediateOrigin: '1123456789',
        immediateOriginName: 'DEMO RECORDS LLC',
        companyName: 'DEMO RECORDS',
        companyId: '1123456789',
        odfiRouting: '011000015',
      },
      returns: [
        {
          traceNumber: credit!.traceNumber,
          code: 'R03',
          amountCents: 1000n,
          receiverName: credit!.name,
          routingNumber: '011000015',
          accountNumber: ACCOUNT,
          accountType: 'checking',
        },
      ],
      createdAt: new Date(),
    });
    const returns = page.getByRole('region', { name: 'Upload a return file' });
    // A file that is no return file is refused with the server's reason.
    await returns.getByLabel('Return file from your bank').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a bank file\n'),
    });
    await returns.getByRole('button', { name: 'Upload the return file' }).click();
    await expect(returns.getByRole('alert')).toBeVisible();
    await returns.getByLabel('Return file from your bank').setInputFiles({
      name: 'returns.ach',
      mimeType: 'text/plain',
      buffer: Buffer.from(returnFile),
    });
    await returns.getByRole('button', { name: 'Upload the return file' }).click();
    const result = returns
      .getByRole('table', { name: 'What the return file held' })
      .getByRole('row')
      .filter({ hasText: 'E2E Payee' });
    await expect(result).toContainText('$10.00');
    await expect(result).toContainText('(R03)');
    await expect(result).toContainText('Payment returned');

    // The payment's page shows it failed, with the file it went out in.
    const list = await label.json<{ items: { id: string }[] }>(`/api/payments?payee=${payeeId}`);
    await page.goto(`/payments/${list.items[0]?.id}`);
    await expect(page.getByRole('heading', { name: 'Payment to E2E Payee' })).toBeVisible();
    await expect(page.getByText('Failed').first()).toBeVisible();
    await expect(page.getByText('(ACH (NACHA), Submitted to the bank)').first()).toBeVisible();
  } finally {
    await other.dispose();
    await ada.dispose();
    await otto.dispose();
    await label.api.dispose();
  }
});
