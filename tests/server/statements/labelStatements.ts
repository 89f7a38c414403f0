// The demo label's statements of one song, settled month by month through the API: upload,
// calculate, approve, and each payee's payout by name. Or a label of a test's own, certified, with
// payees of its own, for a test whose payments, balances and settings must be its alone.
import { expect } from 'vitest';
import { certifyLabel } from '../business/fixtures';
import { addDemoPerson, openLabel } from '../demoPeople';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { distroKidHeader, distroKidLine } from '../import/helpers';
import { DEMO_PASSWORD } from '../../../server/seed';
import { PAYMENT_TERMS_VERSION } from '../../../rules/paymentTerms';
import { confirmSandboxDeposits } from '../payments/microDeposits';
import { w9For } from '../fixtures/taxForms';

export interface LabelStatements {
  portal: TestPortal;
  lena: LoggedIn;
  /** User ids by username. */
  people: Record<string, string>;
  /** One month of `isrc` earning `earnings` (in dollars unless told), approved; the payouts by payee name. */
  settle: (month: string, earnings: string, currency?: string) => Promise<Record<string, string>>;
}

/**
 * A portal with the demo label signed in. Cashless statements move no money; otherwise the
 * statement's funds are recorded as received before it is calculated.
 */
export async function labelStatements(
  isrc: string,
  { cashless }: { cashless: boolean },
  overrides: Parameters<typeof startPortal>[0] = {},
): Promise<LabelStatements> {
  const portal = await startPortal(overrides);
  const lena = await login(portal.app, 'label@demo.label');
  const people: Record<string, string> = {};
  for (const row of await portal.db.query<{ id: string; username: string }>(
    'select id, username from users',
  )) {
    people[row.username] = row.id;
  }
  const settle = (month: string, earnings: string, currency = 'USD') =>
    settleStatement(portal, lena, { isrc, month, earnings, cashless, currency });
  return { portal, lena, people, settle };
}

/**
 * `who`'s label's statement of one month of `isrc` earning `earnings`, from DistroKid: uploaded,
 * funded unless cashless, calculated and approved; the payouts by payee name.
 */
export async function settleStatement(
  portal: TestPortal,
  who: LoggedIn,
  {
    isrc,
    month,
    earnings,
    cashless,
    currency = 'USD',
  }: { isrc: string; month: string; earnings: string; cashless: boolean; currency?: string },
): Promise<Record<string, string>> {
  const distroKid = (await get(portal.app, who, '/api/distributors?q=DistroKid')).json().items[0]
    .id as string;
  // One row of the song in the month, so each month's file is a file of its own.
  const line = distroKidLine({ earnings, isrc }).replace(
    '2026-10-05\t2026-09',
    `${month}-05\t${month}`,
  );
  const answer = await uploadStatement(
    portal.app,
    who,
    { distributor: distroKid, report_month: month, expected: null, cashless },
    [{ filename: `${month}.tsv`, content: distroKidHeader(currency) + line }],
  );
  expect(answer.statusCode, answer.body).toBe(201);
  await portal.app.jobs.drain();
  const id = answer.json()[0].id as string;
  if (!cashless) {
    const funded = await write(portal.app, who, 'POST', `/api/statements/${id}/funds`, {
      amount: earnings,
    });
    expect(funded.statusCode, funded.body).toBe(200);
  }
  const calculated = await write(portal.app, who, 'POST', `/api/statements/${id}/calculate`, {});
  expect(calculated.statusCode, calculated.body).toBe(200);
  await portal.app.jobs.drain();
  const payees = (await get(portal.app, who, `/api/statements/${id}/payees`)).json();
  const approved = await write(portal.app, who, 'POST', `/api/statements/${id}/approve`, {});
  expect(approved.json().status, approved.body).toBe('ready');
  return Object.fromEntries(
    payees.items.map((p: { fullname: string; payout: string }) => [p.fullname, p.payout]),
  );
}

export interface OwnPayee {
  id: string;
  username: string;
  fullname: string;
}

export interface OwnLabel {
  accountId: string;
  owner: LoggedIn;
  payees: Record<string, OwnPayee>;
  /** One month of the label's single earning `earnings`, funded and approved; payouts by name. */
  settle: (month: string, earnings: string) => Promise<Record<string, string>>;
}

/**
 * A label of the test's own named `name`, certified as a business, with a single of `isrc`
 * split among `payees`: each a person of the label with their share and, unless `bank` is null,
 * a bank account of that number verified by its micro-deposits. A payee keyed `paco` of the label
 * "Night Owl Records" signs in as paco@night-owl-records.example with the demo password.
 */
export async function ownLabel(
  portal: TestPortal,
  {
    name,
    isrc,
    payees,
  }: {
    name: string;
    isrc: string;
    payees: Record<string, { fullname: string; pct: string; bank: string | null }>;
  },
): Promise<OwnLabel> {
  const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`;
  const { accountId, owner } = await openLabel(portal, name, `owner@${domain}`);
  await certifyLabel(portal, owner, name);
  const people: Record<string, OwnPayee> = {};
  for (const [key, { fullname, bank }] of Object.entries(payees)) {
    const username = `${key}@${domain}`;
    const id = await addDemoPerson(portal, { username, fullname, accountId });
    people[key] = { id, username, fullname };
    if (bank !== null) await verifiedBankAccount(portal, username, bank);
  }
  const otto = await login(portal.app, 'overseer@demo.label');
  const product = await write(portal.app, otto, 'POST', '/api/products', {
    accountId,
    title: `${name} Single`,
    type: 'single',
    codes: [{ code: isrc, kind: 'isrc' }],
  });
  expect(product.statusCode, product.body).toBe(201);
  const splits = await write(
    portal.app,
    owner,
    'PUT',
    `/api/products/${product.json().id}/splits`,
    {
      version: product.json().version,
      splitSets: [
        {
          scope: 'product',
          kind: 'base',
          shares: Object.entries(payees).map(([key, { pct }]) => ({
            payeeId: people[key]?.id,
            pct,
          })),
        },
      ],
    },
  );
  expect(splits.statusCode, splits.body).toBe(200);
  return {
    accountId,
    owner,
    payees: people,
    settle: (month, earnings) =>
      settleStatement(portal, owner, { isrc, month, earnings, cashless: false }),
  };
}

/** A US payee's W-9 as a test signs it: a typed SSN, a Nashville address. */
export const TEST_W9 = w9For('Test Payee');

/** `who` signs a tax form (a W-9 unless told), as a payee does before their first payment. */
export async function signedTaxForm(
  portal: TestPortal,
  who: LoggedIn,
  form: Record<string, unknown> = TEST_W9,
): Promise<void> {
  const signed = await write(portal.app, who, 'POST', '/api/tax-form', form);
  expect(signed.statusCode, signed.body).toBe(200);
}

/**
 * `who` accepts the payment terms in force and signs a W-9, as a payee does before their first
 * payment.
 */
export async function acceptedPaymentTerms(portal: TestPortal, who: LoggedIn): Promise<void> {
  const accepted = await write(portal.app, who, 'POST', '/api/payment-method/terms', {
    version: PAYMENT_TERMS_VERSION,
    language: 'en',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await signedTaxForm(portal, who);
}

/**
 * `username` adds a bank account of `accountNumber`, confirms the sandbox's two deposits and
 * accepts the payment terms: all a payee does to be paid.
 */
export async function verifiedBankAccount(
  portal: TestPortal,
  username: string,
  accountNumber: string,
): Promise<void> {
  const payee = await login(portal.app, username);
  const added = await write(portal.app, payee, 'PUT', '/api/payment-method/bank-account', {
    routingNumber: '011000015',
    accountNumber,
    accountType: 'checking',
    password: DEMO_PASSWORD,
  });
  expect(added.statusCode, added.body).toBe(200);
  const verified = await confirmSandboxDeposits(portal.app, payee);
  expect(verified.json().status, verified.body).toBe('verified');
  await acceptedPaymentTerms(portal, payee);
}
