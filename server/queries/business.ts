import type { Address } from '../../api/address';
import { epochSeconds } from '../../api/common';
import type { BeneficialOwner, Business, BusinessState } from '../../api/business';
import { verificationRefusal } from '../../rules/business';
import type { Queryable } from '../db/database';
import type { AddressFields } from '../events/types';

interface ProfileRow {
  account_type: string;
  business_name: string | null;
  dba: string | null;
  business_type: string | null;
  classification: string | null;
  ein_last4: string | null;
  address: AddressFields | string | null;
  signer_name: string | null;
  signer_title: string | null;
  certified_text: string | null;
  certified_at: Date | string | null;
  no_owner_statement: boolean | null;
  voided_at: Date | string | null;
  version: number | null;
}

interface OwnerRow {
  id: string;
  first_name: string;
  last_name: string;
  ownership_pct: string;
  birthdate: string | null;
  address: AddressFields | string | null;
  ssn_given: boolean;
  controlling: boolean;
  control_title: string | null;
}

const json = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** The address as kept (no suite is null there) as the API reads it (no suite is empty). */
function readAddress(value: AddressFields | string | null): Address | null {
  const address = json(value);
  return address && { ...address, suite: address.suite ?? '' };
}

/** A label account is a business; so is a payee's account once they chose to be paid as one. */
export const BUSINESS_ACCOUNT_TYPES = ['label', 'business'];

export async function readBusiness(
  db: Queryable,
  accountId: string,
  editable = false,
): Promise<Business | null> {
  const rows = await db.query<ProfileRow>(
    `select a.type as account_type, b.business_name, b.dba, b.business_type, b.classification,
            b.ein_last4, b.address, b.signer_name, b.signer_title, b.certified_text,
            b.certified_at, b.no_owner_statement, b.voided_at, b.version
       from accounts a left join business_profiles b on b.account_id = a.id
      where a.id = $1`,
    [accountId],
  );
  const row = rows[0];
  if (!row) return null;
  const ownerRows = await db.query<OwnerRow>(
    `select id, first_name, last_name, trim_scale(ownership_pct)::text as ownership_pct,
            to_char(birthdate, 'YYYY-MM-DD') as birthdate, address,
            ssn_last4_encrypted is not null as ssn_given, controlling, control_title
       from beneficial_owners o where o.account_id = $1
      order by o.added_at, o.ownership_pct desc, o.id`,
    [accountId],
  );
  const owners: BeneficialOwner[] = ownerRows.map((owner) => {
    const address = readAddress(owner.address);
    return {
      id: owner.id,
      firstName: owner.first_name,
      lastName: owner.last_name,
      ownershipPct: owner.ownership_pct,
      birthdate: owner.birthdate,
      address,
      ssnGiven: owner.ssn_given,
      complete: owner.birthdate !== null && address !== null && owner.ssn_given,
      controlling: owner.controlling,
      controlTitle: owner.control_title,
    };
  });
  const address = readAddress(row.address);
  const details =
    row.business_name && row.ein_last4 && address
      ? {
          businessName: row.business_name,
          dba: row.dba,
          businessType: row.business_type ?? '',
          classification: row.classification ?? '',
          einLast4: row.ein_last4,
          address,
        }
      : null;
  const certification =
    row.certified_at && row.signer_name
      ? {
          signerName: row.signer_name,
          signerTitle: row.signer_title ?? '',
          signedAt: epochSeconds(row.certified_at) ?? 0,
          text: row.certified_text ?? '',
          noOwnerAtThreshold: row.no_owner_statement ?? false,
        }
      : null;
  const state: BusinessState = certification
    ? 'certified'
    : verificationRefusal(details !== null, owners) === null
      ? 'verified'
      : 'incomplete';
  return {
    accountId,
    accountType: row.account_type,
    editable,
    isBusiness: BUSINESS_ACCOUNT_TYPES.includes(row.account_type) || details !== null,
    state,
    details,
    owners,
    certification,
    voidedAt: epochSeconds(row.voided_at),
    version: Number(row.version ?? 0),
  };
}

/**
 * Whether payouts to this person wait for their business's certification: their account is a
 * business and holds no valid certification.
 */
export async function isUncertifiedBusinessPayee(tx: Queryable, personId: string) {
  const rows = await tx.query(
    `select 1 from users u join accounts a on a.id = u.account_id
       left join business_profiles b on b.account_id = a.id
      where u.id = $1 and b.certified_at is null
        and (a.type = any($2::text[]) or b.business_name is not null)`,
    [personId, BUSINESS_ACCOUNT_TYPES],
  );
  return rows.length > 0;
}

export async function isDeletedPerson(tx: Queryable, personId: string) {
  const rows = await tx.query("select 1 from users where id = $1 and status = 'deleted'", [
    personId,
  ]);
  return rows.length > 0;
}
