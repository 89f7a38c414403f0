// A payee's tax forms (issue 42, "Tax forms"): which form they give, signing one (an event of the
// taxform-<user id> stream, superseding the one before), and whether the current one is valid.
// A W-9's TIN is the one typed on the form or the one already on file (the person's full SSN,
// the business's EIN): encrypted either way, never kept or logged in clear.
import { randomUUID } from 'node:crypto';
import type { Address } from '../../api/address';
import { epochSeconds } from '../../api/common';
import type { PayeeTaxFormStatus, TaxForm, TaxFormAnswer, TaxFormInput } from '../../api/taxForms';
import {
  CHAPTER3_STATUSES,
  formFitsPayee,
  readTin,
  TAX_FORM_MESSAGES,
  TAX_FORM_TEXT_VERSION,
  TAX_FORM_TEXTS,
  taxFormExpiry,
  taxFormFor,
  taxFormProblems,
  taxFormStatus,
  type TaxFormKind,
  type TaxFormStatus,
} from '../../rules/taxForms';
import { payeeRoles } from '../../rules/permissions';
import type { Queryable } from '../db/database';
import { BadRequestError, NotFoundError, type FieldError } from '../errors';
import { encrypt } from '../dataKey';
import { appendToStream, streamVersion } from '../events/store';
import type { AddressFields, EventMetadata } from '../events/types';
import { IS_BUSINESS, payeeTaxDocuments } from './yearEnd';

export const taxFormStream = (userId: string) => `taxform-${userId}`;

interface PayeeOnFile {
  fullname: string;
  business: boolean;
  /** The country on file: the business's address, else the person's; '' when none is. */
  country: string;
  address: Address;
  businessName: string | null;
  tin: { kind: 'ssn' | 'ein'; last4: string; encrypted: string } | null;
}

const json = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const EMPTY_ADDRESS: Address = {
  street: '',
  suite: '',
  city: '',
  state: '',
  postalCode: '',
  country: '',
};

/** What the portal already knows of the payee that their form starts from. */
async function payeeOnFile(db: Queryable, userId: string): Promise<PayeeOnFile | null> {
  const rows = await db.query<{
    fullname: string;
    business: boolean;
    business_name: string | null;
    business_address: AddressFields | string | null;
    ein_encrypted: string | null;
    ein_last4: string | null;
    street: string | null;
    suite: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    country: string | null;
    ssn_encrypted: string | null;
    ssn_last4: string | null;
    ssn_kind: string | null;
  }>(
    `select u.fullname, ${IS_BUSINESS} as business, b.business_name, b.address as business_address,
            b.ein_encrypted, b.ein_last4, d.street, d.suite, d.city, d.state, d.postal_code,
            d.country, d.ssn_encrypted, d.ssn_last4, d.ssn_kind
       from users u join accounts a on a.id = u.account_id
       left join business_profiles b on b.account_id = a.id
       left join person_details d on d.user_id = u.id
      where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  const business = row.business;
  const businessAddress = json(row.business_address);
  const address: Address =
    business && businessAddress
      ? { ...businessAddress, suite: businessAddress.suite ?? '' }
      : {
          street: row.street ?? '',
          suite: row.suite ?? '',
          city: row.city ?? '',
          state: row.state ?? '',
          postalCode: row.postal_code ?? '',
          country: row.country ?? '',
        };
  const tin =
    business && row.ein_encrypted && row.ein_last4
      ? { kind: 'ein' as const, last4: row.ein_last4, encrypted: row.ein_encrypted }
      : !business && row.ssn_kind === 'full' && row.ssn_encrypted && row.ssn_last4
        ? { kind: 'ssn' as const, last4: row.ssn_last4, encrypted: row.ssn_encrypted }
        : null;
  return {
    fullname: row.fullname,
    business,
    country: address.country,
    address,
    businessName: row.business_name,
    tin,
  };
}

interface FormRow {
  id: string;
  payee_id: string;
  kind: TaxFormKind;
  name: string;
  address: AddressFields | string;
  country: string;
  chapter3_status: string;
  treaty: { country: string; article: string; rate: string } | string | null;
  tin_last4: string | null;
  tin_kind: 'ssn' | 'ein' | null;
  signer_name: string;
  signed_text: string;
  text_version: number;
  signed_at: Date | string;
  superseded_at: Date | string | null;
}

const FORM_COLUMNS = `id, payee_id, kind, name, address, country, chapter3_status, treaty, tin_last4,
  tin_kind, signer_name, signed_text, text_version, signed_at, superseded_at`;

function formOf(row: FormRow): TaxForm {
  const address = json(row.address) ?? { ...EMPTY_ADDRESS, suite: null };
  const expiry = taxFormExpiry(row.kind, new Date(row.signed_at));
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    address: { ...address, suite: address.suite ?? '' },
    country: row.country,
    chapter3Status: row.chapter3_status,
    treaty: json(row.treaty),
    tinKind: row.tin_kind,
    tinLast4: row.tin_last4,
    signerName: row.signer_name,
    signedAt: epochSeconds(row.signed_at) ?? 0,
    text: row.signed_text,
    textVersion: Number(row.text_version),
    expiresAt: expiry === null ? null : epochSeconds(expiry),
    supersededAt: epochSeconds(row.superseded_at),
  };
}

/** The payee's current form: the last one signed, which superseded every one before. */
async function currentFormRow(db: Queryable, payeeId: string): Promise<FormRow | null> {
  const rows = await db.query<FormRow>(
    `select ${FORM_COLUMNS} from tax_forms where payee_id = $1 and superseded_at is null`,
    [payeeId],
  );
  return rows[0] ?? null;
}

/** Whether the payee's payments may move: a current form that fits them and has not expired. */
export async function taxFormStatusOf(
  db: Queryable,
  payeeId: string,
  now: Date,
): Promise<TaxFormStatus> {
  const [form, payee] = await Promise.all([currentFormRow(db, payeeId), payeeOnFile(db, payeeId)]);
  return taxFormStatus(
    form && { kind: form.kind, signedAt: new Date(form.signed_at) },
    payee?.business ?? false,
    now,
  );
}

/** What the payee reads of their forms: never the TIN, only its last 4 digits. */
export async function readTaxForms(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<TaxFormAnswer | null> {
  const payee = await payeeOnFile(db, userId);
  if (!payee) return null;
  const rows = await db.query<FormRow>(
    `select ${FORM_COLUMNS} from tax_forms where payee_id = $1 order by signed_at desc, id`,
    [userId],
  );
  const history = rows.map(formOf);
  const currentRow = rows.find((row) => row.superseded_at === null) ?? null;
  const current = history.find((form) => form.supersededAt === null) ?? null;
  return {
    asked: taxFormFor({
      business: payee.business,
      usPerson: payee.country === '' || payee.country === 'US',
    }),
    business: payee.business,
    status: taxFormStatus(
      currentRow && { kind: currentRow.kind, signedAt: new Date(currentRow.signed_at) },
      payee.business,
      now,
    ),
    current,
    history,
    tinOnFile: payee.tin && { kind: payee.tin.kind, last4: payee.tin.last4 },
    prefill: {
      name: (payee.business && payee.businessName) || payee.fullname,
      address: payee.address,
    },
    chapter3Statuses: [...CHAPTER3_STATUSES],
    documents: await payeeTaxDocuments(db, userId),
    texts: TAX_FORM_TEXTS,
  };
}

/**
 * The payee signs a form: refused, field by field, when a field is missing or wrong, when the
 * form is not one for them (a W-8BEN from a business, a W-8BEN-E from a person), or when a W-9
 * has no TIN typed and none on file. Signing supersedes the form before.
 */
export async function signTaxForm(
  tx: Queryable,
  dataKey: () => Buffer,
  userId: string,
  input: TaxFormInput,
  metadata: EventMetadata,
): Promise<void> {
  const payee = await payeeOnFile(tx, userId);
  if (!payee) throw new NotFoundError();
  const problems = taxFormProblems(input);
  const errors: FieldError[] = Object.entries(problems).map(([path, problem]) => ({
    path,
    message: TAX_FORM_MESSAGES[problem],
  }));
  if (!formFitsPayee(input.kind, payee.business))
    errors.unshift({ path: 'kind', message: TAX_FORM_MESSAGES.kind });
  let tin: { encrypted: string; last4: string; kind: 'ssn' | 'ein' } | null = null;
  if (input.kind === 'w9') {
    if (input.tin.trim() === '') {
      if (payee.tin) tin = payee.tin;
      else errors.push({ path: 'tin', message: TAX_FORM_MESSAGES.tinMissing });
    } else {
      const reading = readTin(input.tin, payee.business);
      if (!reading) errors.push({ path: 'tin', message: TAX_FORM_MESSAGES.tin });
      else
        tin = {
          encrypted: encrypt(dataKey(), reading.digits),
          last4: reading.digits.slice(-4),
          kind: reading.kind,
        };
    }
  }
  const first = errors[0];
  if (first) throw new BadRequestError(first.message, errors);
  const w8 = input.kind !== 'w9';
  const upper = (value: string) => value.trim().toUpperCase();
  const stream = taxFormStream(userId);
  await appendToStream(
    tx,
    stream,
    await streamVersion(tx, stream),
    [
      {
        type: 'TaxFormSigned',
        data: {
          formId: randomUUID(),
          kind: input.kind,
          name: input.name.trim(),
          address: {
            street: input.address.street.trim(),
            suite: input.address.suite.trim() || null,
            city: input.address.city.trim(),
            state: input.address.state.trim(),
            postalCode: upper(input.address.postalCode),
            country: upper(input.address.country),
          },
          country: w8 ? upper(input.country) : '',
          chapter3Status: input.kind === 'w8ben-e' ? input.chapter3Status : '',
          treaty:
            w8 && input.treaty
              ? {
                  country: upper(input.treaty.country),
                  article: input.treaty.article.trim(),
                  rate: input.treaty.rate.trim(),
                }
              : null,
          tin,
          signerName: input.signerName.trim(),
          text: TAX_FORM_TEXTS[input.kind],
          textVersion: TAX_FORM_TEXT_VERSION,
        },
      },
    ],
    metadata,
  );
}

/**
 * Each payee of the label with their form's status, never the TIN: the payees who accepted to
 * work with it (one only invited is not named), and its own people who hold a payee role or
 * were paid by it.
 */
export async function payeeTaxFormStatuses(
  db: Queryable,
  accountId: string,
  now: Date,
): Promise<PayeeTaxFormStatus[]> {
  const rows = await db.query<{
    id: string;
    fullname: string;
    business: boolean;
    kind: TaxFormKind | null;
    signed_at: Date | string | null;
  }>(
    `select u.id, u.fullname,
            ${IS_BUSINESS} as business,
            f.kind, f.signed_at
       from users u join accounts a on a.id = u.account_id
       left join business_profiles b on b.account_id = a.id
       left join tax_forms f on f.payee_id = u.id and f.superseded_at is null
      where u.status <> 'deleted'
        and (exists (select 1 from account_payees p where p.account_id = $1
                        and p.user_id = u.id and p.status = 'accepted')
             or (u.account_id = $1
                 and (u.roles ?| $2::text[]
                      or exists (select 1 from payments m join statements s on s.id = m.statement_id
                                  where s.account_id = $1 and m.payee_id = u.id))))
      order by lower(u.fullname), u.id`,
    [accountId, [...payeeRoles]],
  );
  return rows.map((row) => {
    const signedAt = row.signed_at === null ? null : new Date(row.signed_at);
    const form = row.kind && signedAt ? { kind: row.kind, signedAt } : null;
    const expiry = form && taxFormExpiry(form.kind, form.signedAt);
    return {
      payeeId: row.id,
      name: row.fullname,
      kind: row.kind,
      status: taxFormStatus(form, row.business, now),
      signedAt: epochSeconds(signedAt),
      expiresAt: expiry ? epochSeconds(expiry) : null,
    };
  });
}
