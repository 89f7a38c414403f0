import type { Queryable } from '../../db/database';
import type { BusinessEvent } from '../types';
import type { Projector } from './projector';

/**
 * The profile row exists from the stream's first event; a change to the details or the owners
 * voids a certification given before it, and says when.
 */
async function changed(tx: Queryable, accountId: string, at: string, version: number) {
  await tx.query(
    `insert into business_profiles (account_id, version) values ($1, $3)
     on conflict (account_id) do update set
       voided_at = case when business_profiles.certified_at is not null then $2::timestamptz
                        else business_profiles.voided_at end,
       certified_at = null, signer_name = null, signer_title = null, certified_text = null,
       no_owner_statement = false, version = $3`,
    [accountId, at, version],
  );
}

export const businessProjector: Projector<BusinessEvent> = {
  async BusinessDetailsSet(tx, { data }, { id, at, version }) {
    await changed(tx, id, at, version);
    await tx.query(
      `update business_profiles set business_name = $2, dba = $3, business_type = $4,
              classification = $5, ein_encrypted = $6, ein_last4 = $7, address = $8
        where account_id = $1`,
      [
        id,
        data.businessName,
        data.dba,
        data.businessType,
        data.classification,
        data.einEncrypted,
        data.einLast4,
        JSON.stringify(data.address),
      ],
    );
  },
  async BeneficialOwnerSaved(tx, { data }, { id, at, version }) {
    await changed(tx, id, at, version);
    await tx.query(
      `insert into beneficial_owners (id, account_id, first_name, last_name, ownership_pct,
                                      birthdate, address, ssn_last4_encrypted, added_at,
                                      controlling, control_title)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict (id) do update set first_name = excluded.first_name,
         last_name = excluded.last_name, ownership_pct = excluded.ownership_pct,
         birthdate = excluded.birthdate, address = excluded.address,
         ssn_last4_encrypted = excluded.ssn_last4_encrypted,
         controlling = excluded.controlling, control_title = excluded.control_title`,
      [
        data.ownerId,
        id,
        data.firstName,
        data.lastName,
        data.ownershipPct,
        data.birthdate,
        data.address === null ? null : JSON.stringify(data.address),
        data.ssnLast4Encrypted,
        at,
        data.controlling ?? false,
        data.controlTitle ?? null,
      ],
    );
  },
  async BeneficialOwnerRemoved(tx, { data }, { id, at, version }) {
    await changed(tx, id, at, version);
    await tx.query('delete from beneficial_owners where id = $1 and account_id = $2', [
      data.ownerId,
      id,
    ]);
  },
  async BusinessCertified(tx, { data }, { id, at, version }) {
    await tx.query(
      `update business_profiles set signer_name = $2, signer_title = $3, certified_text = $4,
              certified_at = $5, voided_at = null, version = $6, no_owner_statement = $7
        where account_id = $1`,
      [
        id,
        data.signerName,
        data.signerTitle,
        data.text,
        at,
        version,
        data.noOwnerAtThreshold ?? false,
      ],
    );
  },
};
