// What the bank-file rail's tests share: a label whose statement owes two payees, its details as
// its bank knows them, its files as the owner downloads them, and the money checks every flow
// ends on (the ledger sums to zero per currency; each payee's paid + waiting + balance = earned).
import { createRequire } from 'node:module';
import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { expect } from 'vitest';
import type { Queryable } from '../../../server/db/database';
import { DEMO_PASSWORD } from '../../../server/seed';
import { get, login, testPayments, write, type LoggedIn, type TestPortal } from '../harness';
import { multipart } from '../multipart';
import {
  acceptedPaymentTerms,
  ownLabel,
  settleStatement,
  type OwnLabel,
  type OwnPayee,
} from '../statements/labelStatements';
import { schemaErrors } from './bankfile/schemaCheck';

/** The portal's options for the bank-file rail. */
export const bankFilePayments = { ...testPayments, rail: 'bankfile' as const };

/** The label's originating company as its bank set it up (valid routing numbers). */
export const ORIGINATOR = {
  immediateDestination: '011000015',
  immediateDestinationName: 'FEDERAL RESERVE BANK',
  immediateOrigin: '1234567890',
  immediateOriginName: 'BANKFILE RECORDS',
  companyName: 'BANKFILE REC',
  companyId: '1234567890',
  odfiRouting: '021000021',
};

/** The label's SEPA debtor account. */
export const DEBTOR = {
  name: 'Bankfile Records GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
};

/**
 * The label's details as its bank knows them, saved by its owner on the settings page (or,
 * where the portal has no such page yet, as that page keeps them).
 */
export async function setOriginator(portal: TestPortal, owner: LoggedIn, accountId: string) {
  const saved = await write(portal.app, owner, 'PUT', '/api/bank-file-originator', {
    version: 0,
    nacha: ORIGINATOR,
    sepa: DEBTOR,
  });
  if (saved.statusCode !== 404) {
    expect(saved.statusCode, saved.body).toBe(200);
    return;
  }
  await portal.db.query(
    `insert into bank_file_originators (account_id, immediate_destination,
        immediate_destination_name, immediate_origin, immediate_origin_name, company_name,
        company_id, odfi_routing, sepa_name, sepa_iban, sepa_bic, changed_at, version)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now(), 1)`,
    [
      accountId,
      ORIGINATOR.immediateDestination,
      ORIGINATOR.immediateDestinationName,
      ORIGINATOR.immediateOrigin,
      ORIGINATOR.immediateOriginName,
      ORIGINATOR.companyName,
      ORIGINATOR.companyId,
      ORIGINATOR.odfiRouting,
      DEBTOR.name,
      DEBTOR.iban,
      DEBTOR.bic,
    ],
  );
}

export type BankFileLabel = OwnLabel & { paco: OwnPayee; aria: OwnPayee };

/**
 * A label whose approved September statement of 10.0071 (USD unless told) owes Paco 60% and
 * Aria 40%.
 */
export async function bankFileLabel(
  portal: TestPortal,
  name: string,
  isrc: string,
  { originator = true, currency = 'USD' }: { originator?: boolean; currency?: string } = {},
): Promise<BankFileLabel> {
  const label = await ownLabel(portal, {
    name,
    isrc,
    payees: {
      paco: { fullname: 'Paco Payee', pct: '60', bank: null },
      aria: { fullname: 'Aria Artist', pct: '40', bank: null },
    },
  });
  const payouts = await settleStatement(portal, label.owner, {
    isrc,
    month: '2026-09',
    earnings: '10.0071',
    cashless: false,
    currency,
  });
  expect(payouts).toEqual({
    'Paco Payee': '6.00426',
    'Aria Artist': '4.00284',
  });
  if (originator) await setOriginator(portal, label.owner, label.accountId);
  return { ...label, paco: label.payees.paco!, aria: label.payees.aria! };
}

/** The payee adds a US bank account and accepts the payment terms; the answer, as they read it. */
export async function addUsAccount(portal: TestPortal, payee: OwnPayee, accountNumber: string) {
  const who = await login(portal.app, payee.username);
  const added = await write(portal.app, who, 'PUT', '/api/payment-method/bank-account', {
    routingNumber: '011000015',
    accountNumber,
    accountType: 'checking',
    password: DEMO_PASSWORD,
  });
  expect(added.statusCode, added.body).toBe(200);
  await acceptedPaymentTerms(portal, who);
  return added.body;
}

/** The payee adds an IBAN of their bank in `country` and accepts the payment terms. */
export async function addIbanAccount(
  portal: TestPortal,
  payee: OwnPayee,
  country: string,
  iban: string,
) {
  const who = await login(portal.app, payee.username);
  const added = await write(portal.app, who, 'PUT', '/api/payment-method/bank-account', {
    scheme: 'iban',
    country,
    iban,
    password: DEMO_PASSWORD,
  });
  expect(added.statusCode, added.body).toBe(200);
  await acceptedPaymentTerms(portal, who);
  return added.body;
}

/** The payee's one payment, as an admin reads it. */
export async function paymentOf(portal: TestPortal, admin: LoggedIn, payee: OwnPayee) {
  const list = (await get(portal.app, admin, `/api/payments?payee=${payee.id}`)).json();
  expect(list.total).toBe(1);
  return (await get(portal.app, admin, `/api/payments/${list.items[0].id}`)).json();
}

/** The label uploads its bank's return file; the portal's answer. */
export function uploadReturns(
  portal: TestPortal,
  owner: LoggedIn,
  content: string,
  filename = 'returns.ach',
) {
  const { payload, headers } = multipart([{ name: 'file', filename, content }]);
  return portal.app.inject({
    method: 'POST',
    url: '/api/bank-files/returns',
    cookies: owner.cookies,
    headers: { ...headers, 'x-csrf-token': owner.csrf },
    payload,
  });
}

/** The payee enters the two amounts their bank shows; the portal's answer. */
export async function verifyDeposits(portal: TestPortal, payee: OwnPayee, amounts: string[]) {
  const who = await login(portal.app, payee.username);
  return write(portal.app, who, 'POST', '/api/payment-method/bank-account/verify', { amounts });
}

export interface ListedFile {
  id: string;
  format: string;
  currency: string;
  fileName: string;
  payments: number;
  entries: number;
  total: string;
  status: string;
  downloadedAt: number | null;
  downloadedBy: string | null;
  submittedAt: number | null;
}

export async function filesOf(portal: TestPortal, owner: LoggedIn): Promise<ListedFile[]> {
  const answer = await get(portal.app, owner, '/api/bank-files');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().items;
}

export async function download(portal: TestPortal, owner: LoggedIn, id: string) {
  const answer = await get(portal.app, owner, `/api/bank-files/${id}/download`);
  expect(answer.statusCode, answer.body).toBe(200);
  return { text: answer.body, disposition: String(answer.headers['content-disposition']) };
}

export async function submitted(portal: TestPortal, owner: LoggedIn, id: string) {
  const answer = await write(portal.app, owner, 'POST', `/api/bank-files/${id}/submitted`, {});
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ListedFile>();
}

/** A day on the portal's clock, in milliseconds. */
export const DAY = 24 * 60 * 60 * 1000;

/**
 * The end of a file's life: days pass until the payment that was not returned settles after its
 * two business days (processing a day on, completed the next), then the admin retries the returned
 * one once and the next batch writes it into a new file, answered here. `later` moves the clock
 * and signs the admin and the owner in again; `admin()` and `owner()` read the fresh sessions.
 */
export async function settleAndRetry(
  portal: TestPortal,
  steps: {
    later: (milliseconds: number) => Promise<void>;
    admin: () => LoggedIn;
    owner: () => LoggedIn;
    settled: () => Promise<{ status: string }>;
    returnedId: string;
    payFileId: string;
  },
): Promise<ListedFile> {
  await steps.later(DAY);
  await portal.app.runPaymentBatch();
  expect((await steps.settled()).status).toBe('processing');
  await steps.later(DAY + 1);
  await portal.app.runPaymentBatch();
  expect((await steps.settled()).status).toBe('completed');

  const retried = await write(
    portal.app,
    steps.admin(),
    'POST',
    `/api/payments/${steps.returnedId}/retry`,
    {},
  );
  expect(retried.statusCode, retried.body).toBe(200);
  await portal.app.runPaymentBatch();
  const files = (await filesOf(portal, steps.owner())).filter(
    (file) => file.id !== steps.payFileId && file.payments > 0,
  );
  expect(files).toHaveLength(1);
  return files[0]!;
}

// The independent NACHA reader (test-only): nobody here wrote it.
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as {
  from: (text: string) => { data: NachaData };
};

interface NachaEntry {
  transactionCode: string;
  receivingDFIIdentification: number | string;
  checkDigit: number | string;
  dfiAccount: string;
  amount: number;
  identificationNumber: string;
  receivingCompanyName: string;
  traceNumber: number | string;
  /** One addenda record, or several. */
  addenda?: NachaAddenda | NachaAddenda[];
}

interface NachaAddenda {
  type: string;
  info: string;
}

interface NachaData {
  file: {
    destination: string;
    origin: string;
    idModifier: string;
    destinationName: string;
    originName: string;
    footer: { batchCount: number; entryAndAddendaCount: number; totalCredit: number };
  };
  batches: {
    entryClassCode: string;
    companyName: string;
    companyId: string;
    description: string;
    originatingDFIIdentification: string;
    entries: NachaEntry[];
    footer: { totalCredit: number; entryAndAddendaCount: number };
  }[];
}

/** One credit of a NACHA file as the independent parser reads it. */
export interface ReadCredit {
  entryClass: string;
  routingNumber: string;
  accountNumber: string;
  cents: number;
  name: string;
  receiverId: string;
  traceNumber: string;
  addenda: string;
}

/** Every credit of a NACHA file, read by the independent parser; its headers checked. */
export function readNacha(text: string): { file: NachaData['file']; credits: ReadCredit[] } {
  const lines = text.split('\n').filter((line) => line !== '');
  expect(lines.every((line) => line.length === 94)).toBe(true);
  expect(lines.length % 10).toBe(0);
  const { data } = nacha.from(text);
  const credits = data.batches.flatMap((batch) => {
    expect(batch.companyName).toBe(ORIGINATOR.companyName);
    expect(batch.companyId).toBe(ORIGINATOR.companyId);
    expect(batch.originatingDFIIdentification).toBe(ORIGINATOR.odfiRouting.slice(0, 8));
    return batch.entries.map((entry) => ({
      entryClass: batch.entryClassCode,
      routingNumber: `${String(entry.receivingDFIIdentification).padStart(8, '0')}${String(entry.checkDigit)}`,
      accountNumber: entry.dfiAccount.trim(),
      cents: Number(entry.amount),
      name: entry.receivingCompanyName.trim(),
      receiverId: entry.identificationNumber.trim(),
      traceNumber: String(entry.traceNumber).padStart(15, '0'),
      addenda: ([] as NachaAddenda[])
        .concat(entry.addenda ?? [])
        .map((addenda) => addenda.info)
        .join('')
        .trim(),
    }));
  });
  const total = credits.reduce((sum, credit) => sum + credit.cents, 0);
  expect(Number(data.file.footer.totalCredit)).toBe(total);
  return { file: data.file, credits };
}

/** One credit of a SEPA file as an independent XML parser reads it. */
export interface SepaReadCredit {
  endToEndId: string;
  cents: number;
  currency: string;
  name: string;
  iban: string;
  remittance: string;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'CdtTrfTxInf',
});

/**
 * A SEPA credit transfer file, checked against ISO's published pain.001.001.09 schema by libxml2
 * and read by an XML parser: its message id, its control sum, each credit; the debtor checked.
 */
export async function readSepa(text: string) {
  expect(await schemaErrors('pain.001.001.09.xsd', [text])).toEqual([[]]);
  const initiation = xml.parse(text).Document.CstmrCdtTrfInitn;
  const block = initiation.PmtInf;
  expect(block.Dbtr.Nm).toBe(DEBTOR.name);
  expect(block.DbtrAcct.Id.IBAN).toBe(DEBTOR.iban);
  expect(block.DbtrAgt.FinInstnId.BICFI).toBe(DEBTOR.bic);
  const credits: SepaReadCredit[] = block.CdtTrfTxInf.map(
    (credit: {
      PmtId: { EndToEndId: string };
      Amt: { InstdAmt: { '#text': string; '@_Ccy': string } };
      Cdtr: { Nm: string };
      CdtrAcct: { Id: { IBAN: string } };
      RmtInf?: { Ustrd: string };
    }) => ({
      endToEndId: credit.PmtId.EndToEndId,
      cents: new Decimal(credit.Amt.InstdAmt['#text']).times(100).toNumber(),
      currency: credit.Amt.InstdAmt['@_Ccy'],
      name: credit.Cdtr.Nm,
      iban: credit.CdtrAcct.Id.IBAN,
      remittance: credit.RmtInf?.Ustrd ?? '',
    }),
  );
  // The group header and the payment block state the same count and sum as the credits.
  for (const stated of [initiation.GrpHdr, block]) {
    expect(Number(stated.NbOfTxs)).toBe(credits.length);
    expect(stated.CtrlSum).toBe(
      new Decimal(credits.reduce((sum, credit) => sum + credit.cents, 0)).div(100).toFixed(2),
    );
  }
  return { messageId: String(initiation.GrpHdr.MsgId), controlSum: String(block.CtrlSum), credits };
}

/** The two micro-deposits a file carries to an account, as the payee reads them at their bank. */
export function depositsTo(
  credits: readonly (ReadCredit | SepaReadCredit)[],
  account: string,
): string[] {
  return credits
    .filter(
      (credit) =>
        ('iban' in credit ? credit.iban : credit.accountNumber) === account && credit.cents < 100,
    )
    .map((credit) => new Decimal(credit.cents).div(100).toFixed(2));
}

/**
 * The money checks every flow ends on. 1: the whole ledger sums to zero in each currency. 2: for
 * each payee of the label, what was paid to their bank + what their payments not completed still
 * carry + their balance is what they earned.
 */
export async function checkMoney(db: Queryable, accountId: string) {
  const sums = await db.query<{ currency: string; net: string }>(
    `select currency, trim_scale(sum(amount))::text as net from (
       select currency, amount from ledger_transfers
       union all select currency, -amount from ledger_transfers) moves
      group by currency`,
  );
  for (const sum of sums) expect(sum.net, `${sum.currency} ledger`).toBe('0');
  // Every transfer says which label it belongs to, so a label's books hold all of its movements.
  const unowned = await db.query<{ id: string }>(
    `select id from ledger_transfers t
      where t.account_id is null
         or not (t.debit_account like '%:' || t.account_id || '%' or t.credit_account like '%:' || t.account_id || '%')`,
  );
  expect(unowned).toEqual([]);
  const payees = await db.query<{
    payee_id: string;
    earned: string;
    balance: string;
    paid: string;
    waiting: string;
  }>(
    `select x.payee_id,
            trim_scale(coalesce((select sum(amount) from ledger_transfers
               where credit_account = 'payee:' || $1 || ':' || x.payee_id
                 and id like 'payout:%'), 0))::text as earned,
            trim_scale(coalesce((select sum(case when credit_account = 'payee:' || $1 || ':' || x.payee_id
                                                 then amount else -amount end)
               from ledger_transfers
              where 'payee:' || $1 || ':' || x.payee_id in (credit_account, debit_account)), 0))::text
              as balance,
            trim_scale(coalesce((select sum(t.amount) from ledger_transfers t
               join payments p on p.id = split_part(t.id, ':', 2)
              where t.credit_account = 'paid:' || $1 and p.payee_id = x.payee_id), 0))::text as paid,
            trim_scale(coalesce((select sum(p.amount) from payments p
               join statements s on s.id = p.statement_id
              where s.account_id = $1 and p.payee_id = x.payee_id
                and p.state <> 'COMPLETED'), 0))::text as waiting
       from (select distinct p.payee_id from payments p join statements s on s.id = p.statement_id
              where s.account_id = $1) x`,
    [accountId],
  );
  expect(payees.length).toBeGreaterThan(0);
  for (const payee of payees) {
    const total = new Decimal(payee.paid).plus(payee.waiting).plus(payee.balance);
    expect(total.toString(), `payee ${payee.payee_id}`).toBe(new Decimal(payee.earned).toString());
  }
}
