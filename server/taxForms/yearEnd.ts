// The year-end figures of a label's payees (issue 42, "Tax forms"), on a cash basis: the payments
// completed in the calendar year (payments.completed_at, UTC), whatever period they paid. A
// payment the bank returned is FAILED, its completion cleared: it counts in no year until a retry
// completes it. US payees (a W-9, or no form and a US or no country on file) paid $10 or more in
// USD get 1099-MISC box 2 (royalties) figures; payees abroad get 1042-S figures (income code 12,
// royalties) in each currency paid, with the tax withheld: 0, as the portal withholds nothing.
import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import type { TaxDocument } from '../../api/taxForms';
import { maskedTin, type TaxFormKind } from '../../rules/taxForms';
import { decrypt } from '../dataKey';
import type { Queryable } from '../db/database';
import type { AddressFields } from '../events/types';
import { toCsv, type CsvCell } from '../format/csv';
import { translator } from '../i18n';
import { statementFont } from '../payeeStatements/fonts';
import { formatExact, languageOf } from '../payeeStatements/format';

/** The IRS threshold of 1099-MISC box 2: royalties of $10 or more in the year. */
export const ROYALTIES_THRESHOLD_USD = '10';
/** 1042-S income code 12: royalties (copyrights). */
export const INCOME_CODE_ROYALTIES = '12';

/**
 * Whether the payee is paid as a business for tax purposes: a business account, or a person's
 * account that set business details. The people of a label's own account are paid as themselves.
 */
export const IS_BUSINESS = `(a.type = 'business' or (a.type = 'person' and b.business_name is not null))`;

interface PaidRow {
  account_id: string;
  payee_id: string;
  currency: string;
  amount: string;
}

/** An amount as the files print it: exact, with at least its cents. */
const amountText = (amount: string) => {
  const value = new Decimal(amount);
  return value.toFixed(Math.max(2, value.decimalPlaces()));
};

const yearRange = (year: number) => [
  new Date(Date.UTC(year, 0, 1)).toISOString(),
  new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
];

/** What was paid in the year, per label, payee and currency: completed payments only. */
async function paidInYear(
  db: Queryable,
  year: number,
  filter: { accountId: string } | { payeeId: string },
): Promise<PaidRow[]> {
  const [from, to] = yearRange(year);
  const byAccount = 'accountId' in filter;
  return db.query<PaidRow>(
    `select s.account_id, p.payee_id, p.currency, sum(p.amount)::text as amount
       from payments p join statements s on s.id = p.statement_id
      where ${byAccount ? 's.account_id' : 'p.payee_id'} = $1 and p.state = 'COMPLETED'
        and p.completed_at >= $2 and p.completed_at < $3
      group by s.account_id, p.payee_id, p.currency
      order by s.account_id, p.payee_id, p.currency`,
    [byAccount ? filter.accountId : filter.payeeId, from, to],
  );
}

interface PayeeTaxFacts {
  name: string;
  us: boolean;
  kind: TaxFormKind | null;
  address: AddressFields | null;
  tinEncrypted: string | null;
  tinLast4: string | null;
  tinKind: string | null;
  country: string;
  chapter3Status: string;
  treaty: { country: string; article: string; rate: string } | null;
}

const json = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The payee as their current form states them, or as on file when they signed none. */
async function payeeTaxFacts(db: Queryable, payeeId: string): Promise<PayeeTaxFacts> {
  const rows = await db.query<{
    fullname: string;
    person_country: string | null;
    business_address: AddressFields | string | null;
    kind: TaxFormKind | null;
    name: string | null;
    address: AddressFields | string | null;
    tin_encrypted: string | null;
    tin_last4: string | null;
    tin_kind: string | null;
    country: string | null;
    chapter3_status: string | null;
    treaty: { country: string; article: string; rate: string } | string | null;
  }>(
    `select u.fullname, d.country as person_country,
            case when ${IS_BUSINESS} then b.address end as business_address, f.kind,
            f.name, f.address, f.tin_encrypted, f.tin_last4, f.tin_kind, f.country,
            f.chapter3_status, f.treaty
       from users u join accounts a on a.id = u.account_id
       left join person_details d on d.user_id = u.id
       left join business_profiles b on b.account_id = a.id
       left join tax_forms f on f.payee_id = u.id and f.superseded_at is null
      where u.id = $1`,
    [payeeId],
  );
  const row = rows[0];
  const onFileCountry = json(row?.business_address ?? null)?.country ?? row?.person_country ?? '';
  const kind = row?.kind ?? null;
  return {
    name: row?.name ?? row?.fullname ?? '',
    us: kind === null ? onFileCountry === '' || onFileCountry === 'US' : kind === 'w9',
    kind,
    address: json(row?.address ?? null),
    tinEncrypted: row?.tin_encrypted ?? null,
    tinLast4: row?.tin_last4 ?? null,
    tinKind: row?.tin_kind ?? null,
    country: kind === null ? onFileCountry : (row?.country ?? ''),
    chapter3Status: kind === 'w8ben' ? 'individual' : (row?.chapter3_status ?? ''),
    treaty: json(row?.treaty ?? null),
  };
}

interface Payer {
  name: string;
  einEncrypted: string | null;
  einLast4: string | null;
  address: AddressFields | null;
}

async function payerOf(db: Queryable, accountId: string): Promise<Payer> {
  const rows = await db.query<{
    name: string;
    business_name: string | null;
    ein_encrypted: string | null;
    ein_last4: string | null;
    address: AddressFields | string | null;
  }>(
    `select a.name, b.business_name, b.ein_encrypted, b.ein_last4, b.address
       from accounts a left join business_profiles b on b.account_id = a.id where a.id = $1`,
    [accountId],
  );
  const row = rows[0];
  return {
    name: row?.business_name ?? row?.name ?? '',
    einEncrypted: row?.ein_encrypted ?? null,
    einLast4: row?.ein_last4 ?? null,
    address: json(row?.address ?? null),
  };
}

const addressLine = (address: AddressFields | null) =>
  address
    ? [
        address.street,
        address.suite,
        address.city,
        address.state,
        address.postalCode,
        address.country,
      ]
        .filter((part) => part)
        .join(', ')
    : '';

export interface Form1099Row {
  payeeId: string;
  name: string;
  tinLast4: string | null;
  address: AddressFields | null;
  box2: string;
}

/** The label's 1099-MISC figures of the year: US payees paid $10 or more in USD royalties. */
export async function figures1099(
  db: Queryable,
  accountId: string,
  year: number,
): Promise<(Form1099Row & { facts: PayeeTaxFacts })[]> {
  const rows: (Form1099Row & { facts: PayeeTaxFacts })[] = [];
  for (const paid of await paidInYear(db, year, { accountId })) {
    if (paid.currency !== 'USD') continue;
    if (new Decimal(paid.amount).lt(ROYALTIES_THRESHOLD_USD)) continue;
    const facts = await payeeTaxFacts(db, paid.payee_id);
    if (!facts.us) continue;
    rows.push({
      payeeId: paid.payee_id,
      name: facts.name,
      tinLast4: facts.tinLast4,
      address: facts.address,
      box2: amountText(paid.amount),
      facts,
    });
  }
  return rows;
}

export const FORM_1099_HEADER = [
  'Tax year',
  'Payer name',
  'Payer TIN',
  'Payer address',
  'Recipient name',
  'Recipient TIN',
  'Recipient TIN type',
  'Recipient street',
  'Recipient city',
  'Recipient state',
  'Recipient postal code',
  'Recipient country',
  'Box 2 royalties',
] as const;

/**
 * The accountant's 1099-MISC file: the only place the portal writes a TIN in clear, decrypted
 * here and nowhere else. A payee who gave no W-9 has an empty TIN.
 */
export async function form1099Csv(
  db: Queryable,
  dataKey: Buffer,
  accountId: string,
  year: number,
): Promise<string> {
  const payer = await payerOf(db, accountId);
  const payerTin = payer.einEncrypted ? decrypt(dataKey, payer.einEncrypted) : '';
  const text = (value: string | null): CsvCell => ({ text: value });
  const rows = (await figures1099(db, accountId, year)).map((row): CsvCell[] => [
    { integer: year },
    text(payer.name),
    text(payerTin),
    text(addressLine(payer.address)),
    text(row.name),
    text(row.facts.tinEncrypted ? decrypt(dataKey, row.facts.tinEncrypted) : ''),
    text(row.facts.tinKind === null ? '' : row.facts.tinKind.toUpperCase()),
    text(row.address ? [row.address.street, row.address.suite].filter((p) => p).join(', ') : ''),
    text(row.address?.city ?? ''),
    text(row.address?.state ?? ''),
    text(row.address?.postalCode ?? ''),
    text(row.address?.country ?? ''),
    { decimal: row.box2 },
  ]);
  return toCsv(FORM_1099_HEADER, rows);
}

export interface Form1042Row {
  payeeId: string;
  name: string;
  country: string;
  kind: TaxFormKind | null;
  chapter3Status: string;
  currency: string;
  gross: string;
  treaty: { country: string; article: string; rate: string } | null;
  withheld: string;
}

/** The label's 1042-S figures of the year: payees abroad, each currency paid, nothing withheld. */
export async function figures1042(
  db: Queryable,
  accountId: string,
  year: number,
): Promise<Form1042Row[]> {
  const rows: Form1042Row[] = [];
  for (const paid of await paidInYear(db, year, { accountId })) {
    const facts = await payeeTaxFacts(db, paid.payee_id);
    if (facts.us || new Decimal(paid.amount).lte(0)) continue;
    rows.push({
      payeeId: paid.payee_id,
      name: facts.name,
      country: facts.country,
      kind: facts.kind,
      chapter3Status: facts.chapter3Status,
      currency: paid.currency,
      gross: amountText(paid.amount),
      treaty: facts.treaty,
      // The portal withholds nothing: the figure says so, exactly.
      withheld: '0.00',
    });
  }
  return rows;
}

export const FORM_1042_HEADER = [
  'Tax year',
  'Withholding agent',
  'Recipient name',
  'Recipient country',
  'Form on file',
  'Chapter 3 status',
  'Income code',
  'Currency',
  'Gross income paid',
  'Treaty country',
  'Treaty article',
  'Treaty rate claimed',
  'Tax withheld',
] as const;

const FORM_NAMES: Record<TaxFormKind, string> = {
  w9: 'W-9',
  w8ben: 'W-8BEN',
  'w8ben-e': 'W-8BEN-E',
};

export async function form1042Csv(db: Queryable, accountId: string, year: number): Promise<string> {
  const payer = await payerOf(db, accountId);
  const text = (value: string | null): CsvCell => ({ text: value });
  const rows = (await figures1042(db, accountId, year)).map((row): CsvCell[] => [
    { integer: year },
    text(payer.name),
    text(row.name),
    text(row.country),
    text(row.kind === null ? '' : FORM_NAMES[row.kind]),
    text(row.chapter3Status),
    text(INCOME_CODE_ROYALTIES),
    text(row.currency),
    { decimal: row.gross },
    text(row.treaty?.country ?? ''),
    text(row.treaty?.article ?? ''),
    row.treaty ? { decimal: row.treaty.rate } : text(''),
    { decimal: row.withheld },
  ]);
  return toCsv(FORM_1042_HEADER, rows);
}

/** The payee's year-end copies: per label and year, a 1099-MISC or 1042-S figure. */
export async function payeeTaxDocuments(db: Queryable, payeeId: string): Promise<TaxDocument[]> {
  const years = await db.query<{ year: number }>(
    `select distinct extract(year from p.completed_at at time zone 'UTC')::int as year
       from payments p where p.payee_id = $1 and p.state = 'COMPLETED'
      order by year desc`,
    [payeeId],
  );
  const facts = await payeeTaxFacts(db, payeeId);
  const documents: TaxDocument[] = [];
  for (const { year } of years) {
    for (const paid of await paidInYear(db, Number(year), { payeeId })) {
      const reported = facts.us
        ? paid.currency === 'USD' && new Decimal(paid.amount).gte(ROYALTIES_THRESHOLD_USD)
        : new Decimal(paid.amount).gt(0);
      if (!reported) continue;
      documents.push({
        year: Number(year),
        form: facts.us ? '1099-MISC' : '1042-S',
        payer: (await payerOf(db, paid.account_id)).name,
        currency: paid.currency,
        amount: amountText(paid.amount),
      });
    }
  }
  return documents;
}

/**
 * The payee's copy of their year's figures, one page per label: the TINs masked to their last 4
 * digits, in the payee's language. Null when nothing was reported for them that year.
 */
export async function payeeTaxDocumentPdf(
  db: Queryable,
  payeeId: string,
  year: number,
  readerLanguage: string,
): Promise<Buffer | null> {
  const documents = (await payeeTaxDocuments(db, payeeId)).filter((doc) => doc.year === year);
  if (documents.length === 0) return null;
  const facts = await payeeTaxFacts(db, payeeId);
  const language = languageOf(readerLanguage);
  const t = translator(language);
  const font = statementFont(language, [facts.name, ...documents.map((doc) => doc.payer)]);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t('tax-forms.pdf.title')} ${year}`, Author: documents[0]?.payer ?? '' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  if (font.file) {
    pdf.registerFont('body', font.file, font.face);
    pdf.font('body');
  }
  documents.forEach((doc, index) => {
    if (index > 0) pdf.addPage();
    pdf.fontSize(18).text(`${doc.form} — ${t('tax-forms.pdf.title')} ${year}`);
    pdf.moveDown(0.5).fontSize(10);
    const lines: [string, string][] = [
      [t('tax-forms.pdf.payer'), doc.payer],
      [t('tax-forms.pdf.recipient'), facts.name],
      [t('tax-forms.pdf.address'), addressLine(facts.address)],
    ];
    if (doc.form === '1099-MISC') {
      lines.push([t('tax-forms.pdf.tin'), facts.tinLast4 ? maskedTin(facts.tinLast4) : '']);
      lines.push([t('tax-forms.pdf.box2'), formatExact(doc.amount, doc.currency, language)]);
    } else {
      lines.push([t('tax-forms.pdf.income-code'), INCOME_CODE_ROYALTIES]);
      lines.push([t('tax-forms.pdf.gross'), formatExact(doc.amount, doc.currency, language)]);
      lines.push([t('tax-forms.pdf.treaty-rate'), facts.treaty ? `${facts.treaty.rate}%` : '—']);
      lines.push([t('tax-forms.pdf.withheld'), formatExact('0', doc.currency, language)]);
    }
    for (const [label, value] of lines) pdf.text(`${label}: ${value}`);
    pdf.moveDown(1).text(t('tax-forms.pdf.note'));
  });
  pdf.end();
  return done;
}
