import { randomUUID } from 'node:crypto';
import type { Address } from '../../api/address';
import type {
  BeneficialOwnerInput,
  BusinessDetailsInput,
  CertificationInput,
} from '../../api/business';
import {
  AGREEMENT_REQUIRED,
  BIRTHDATE_INVALID,
  CERTIFICATION_TEXT_VERSION,
  certificationRefusal,
  certifiedText,
  CONTROL_TITLE_REQUIRED,
  CONTROLLER_OWNERSHIP_INVALID,
  COUNTRY_INVALID,
  EIN_INVALID,
  einDigits,
  isControllerOwnershipPct,
  isOwnershipPct,
  isPastDate,
  isSsnLast4,
  isValidEin,
  OWNERSHIP_INVALID,
  SIGNER_REQUIRED,
  SSN_LAST4_INVALID,
} from '../../rules/business';
import { isCountryCode } from '../../rules/countries';
import { isValidPostalCode, POSTAL_CODE_INVALID } from '../../rules/postalCodes';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, NotFoundError, type FieldError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { AddressFields, BusinessEvent, EventMetadata } from '../events/types';
import { encrypt } from '../dataKey';
import { readBusiness } from '../queries/business';

export interface BusinessDeps {
  db: Database;
  dataKey: () => Buffer;
}

const stream = (accountId: string) => `business-${accountId}`;

const blankToNull = (value: string | null) => (value && value.trim() ? value.trim() : null);

/** The address as kept, or the field errors that refuse it (`prefix` names the form part). */
function checkedAddress(address: Address, prefix: string, errors: FieldError[]): AddressFields {
  const country = address.country.trim().toUpperCase();
  if (!isCountryCode(country)) errors.push({ path: `${prefix}/country`, message: COUNTRY_INVALID });
  else if (!isValidPostalCode(country, address.postalCode))
    errors.push({ path: `${prefix}/postalCode`, message: POSTAL_CODE_INVALID });
  for (const field of ['street', 'city'] as const)
    if (!address[field].trim())
      errors.push({ path: `${prefix}/${field}`, message: 'This field is required.' });
  return {
    street: address.street.trim(),
    suite: blankToNull(address.suite),
    city: address.city.trim(),
    state: address.state.trim(),
    postalCode: address.postalCode.trim().toUpperCase(),
    country,
  };
}

/** Refuses with the first problem as the message and every problem beside its field. */
function refuseIfAny(errors: FieldError[]) {
  const first = errors[0];
  if (first) throw new BadRequestError(first.message, errors);
}

async function append(
  db: Database,
  accountId: string,
  events: BusinessEvent[],
  metadata: EventMetadata,
) {
  await db.transaction(async (tx) => {
    await appendToStream(
      tx,
      stream(accountId),
      await streamVersion(tx, stream(accountId)),
      events,
      metadata,
    );
  });
}

async function keptEin(db: Queryable, accountId: string) {
  const rows = await db.query<{ ein_encrypted: string | null; ein_last4: string | null }>(
    'select ein_encrypted, ein_last4 from business_profiles where account_id = $1',
    [accountId],
  );
  const row = rows[0];
  return row?.ein_encrypted && row.ein_last4
    ? { einEncrypted: row.ein_encrypted, einLast4: row.ein_last4 }
    : null;
}

/** Sets the business's details; a payee's account doing so is paid as a business from then on. */
export async function setBusinessDetails(
  deps: BusinessDeps,
  accountId: string,
  input: BusinessDetailsInput,
  metadata: EventMetadata,
): Promise<void> {
  const errors: FieldError[] = [];
  const address = checkedAddress(input.address, 'address', errors);
  const ein = blankToNull(input.ein);
  const kept = await keptEin(deps.db, accountId);
  let sealed = kept;
  if (ein !== null || !kept) {
    const digits = ein === null ? null : einDigits(ein);
    if (!digits || !isValidEin(digits)) errors.push({ path: 'ein', message: EIN_INVALID });
    else sealed = { einEncrypted: encrypt(deps.dataKey(), digits), einLast4: digits.slice(-4) };
  }
  if (!input.businessName.trim())
    errors.push({ path: 'businessName', message: 'This field is required.' });
  refuseIfAny(errors);
  if (!sealed) throw new BadRequestError(EIN_INVALID);
  await append(
    deps.db,
    accountId,
    [
      {
        type: 'BusinessDetailsSet',
        data: {
          businessName: input.businessName.trim(),
          dba: blankToNull(input.dba),
          businessType: input.businessType,
          classification: input.classification,
          ...sealed,
          address,
        },
      },
    ],
    metadata,
  );
}

/**
 * Adds an owner (ownerId null) or changes one; the SSN digits are encrypted before anything. The
 * controlling person is listed the same way, with their title, and may own nothing.
 */
export async function saveBeneficialOwner(
  deps: BusinessDeps,
  accountId: string,
  ownerId: string | null,
  input: BeneficialOwnerInput,
  metadata: EventMetadata,
): Promise<string> {
  let keptSsn: string | null = null;
  if (ownerId !== null) {
    const rows = await deps.db.query<{ ssn_last4_encrypted: string | null }>(
      'select ssn_last4_encrypted from beneficial_owners where id = $1 and account_id = $2',
      [ownerId, accountId],
    );
    if (!rows[0]) throw new NotFoundError();
    keptSsn = rows[0].ssn_last4_encrypted;
  }
  const errors: FieldError[] = [];
  if (!input.firstName.trim() || !input.lastName.trim())
    errors.push({ path: 'firstName', message: 'This field is required.' });
  const controlling = input.controlling ?? false;
  const controlTitle = controlling ? blankToNull(input.controlTitle ?? null) : null;
  if (
    controlling
      ? !isControllerOwnershipPct(input.ownershipPct)
      : !isOwnershipPct(input.ownershipPct)
  )
    errors.push({
      path: 'ownershipPct',
      message: controlling ? CONTROLLER_OWNERSHIP_INVALID : OWNERSHIP_INVALID,
    });
  if (controlling && controlTitle === null)
    errors.push({ path: 'controlTitle', message: CONTROL_TITLE_REQUIRED });
  const birthdate = blankToNull(input.birthdate);
  if (birthdate !== null && !isPastDate(birthdate, metadata.at))
    errors.push({ path: 'birthdate', message: BIRTHDATE_INVALID });
  const ssn = blankToNull(input.ssnLast4);
  if (ssn !== null && !isSsnLast4(ssn))
    errors.push({ path: 'ssnLast4', message: SSN_LAST4_INVALID });
  const address = input.address ? checkedAddress(input.address, 'address', errors) : null;
  refuseIfAny(errors);
  const id = ownerId ?? randomUUID();
  await append(
    deps.db,
    accountId,
    [
      {
        type: 'BeneficialOwnerSaved',
        data: {
          ownerId: id,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          ownershipPct: input.ownershipPct.trim(),
          birthdate,
          address,
          ssnLast4Encrypted: ssn === null ? keptSsn : encrypt(deps.dataKey(), ssn),
          controlling,
          controlTitle,
        },
      },
    ],
    metadata,
  );
  return id;
}

export async function removeBeneficialOwner(
  deps: BusinessDeps,
  accountId: string,
  ownerId: string,
  metadata: EventMetadata,
): Promise<void> {
  const rows = await deps.db.query(
    'select 1 from beneficial_owners where id = $1 and account_id = $2',
    [ownerId, accountId],
  );
  if (rows.length === 0) throw new NotFoundError();
  await append(
    deps.db,
    accountId,
    [{ type: 'BeneficialOwnerRemoved', data: { ownerId } }],
    metadata,
  );
}

/**
 * The signer certifies the details and owners as they stand: refused while the details are
 * missing, more than 100% is listed, an owner at or above the threshold is incomplete, no such
 * owner is listed and the signer does not state that nobody owns that much (or states it while
 * one is listed), or no complete controlling person is named (rules/business.ts).
 */
export async function certifyBusiness(
  deps: BusinessDeps,
  accountId: string,
  input: CertificationInput,
  metadata: EventMetadata,
): Promise<void> {
  if (!input.signerName.trim() || !input.signerTitle.trim())
    throw new BadRequestError(SIGNER_REQUIRED);
  if (!input.acceptAgreement) throw new BadRequestError(AGREEMENT_REQUIRED);
  await deps.db.transaction(async (tx) => {
    const version = await streamVersion(tx, stream(accountId));
    // The business as it stands in this transaction: what is certified is what was checked.
    await tx.query('select 1 from accounts where id = $1 for update', [accountId]);
    const business = await readBusiness(tx, accountId);
    if (!business) throw new NotFoundError();
    const noOwnerAtThreshold = input.noOwnerAtThreshold ?? false;
    const refusal = certificationRefusal(
      business.details !== null,
      business.owners,
      noOwnerAtThreshold,
    );
    if (refusal) throw new BadRequestError(refusal);
    await appendToStream(
      tx,
      stream(accountId),
      version,
      [
        {
          type: 'BusinessCertified',
          data: {
            signerName: input.signerName.trim(),
            signerTitle: input.signerTitle.trim(),
            text: certifiedText(noOwnerAtThreshold),
            textVersion: CERTIFICATION_TEXT_VERSION,
            agreementAccepted: true,
            noOwnerAtThreshold,
          },
        },
      ],
      metadata,
    );
  });
}
