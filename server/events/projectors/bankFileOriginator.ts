import type { BankFileOriginatorEvent } from '../types';
import type { Projector } from './projector';

export const bankFileOriginatorProjector: Projector<BankFileOriginatorEvent> = {
  async BankFileOriginatorSet(tx, { data, actor }, { id, at, version }) {
    const { nacha, sepa } = data;
    await tx.query(
      `insert into bank_file_originators (account_id, immediate_destination,
              immediate_destination_name, immediate_origin, immediate_origin_name, company_name,
              company_id, odfi_routing, sepa_name, sepa_iban_encrypted, sepa_iban_last4, sepa_bic,
              changed_at, changed_by, version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       on conflict (account_id) do update set
         immediate_destination = excluded.immediate_destination,
         immediate_destination_name = excluded.immediate_destination_name,
         immediate_origin = excluded.immediate_origin,
         immediate_origin_name = excluded.immediate_origin_name,
         company_name = excluded.company_name, company_id = excluded.company_id,
         odfi_routing = excluded.odfi_routing, sepa_name = excluded.sepa_name,
         sepa_iban_encrypted = excluded.sepa_iban_encrypted,
         sepa_iban_last4 = excluded.sepa_iban_last4, sepa_bic = excluded.sepa_bic,
         changed_at = excluded.changed_at, changed_by = excluded.changed_by,
         version = excluded.version`,
      [
        id,
        nacha?.immediateDestination ?? null,
        nacha?.immediateDestinationName ?? null,
        nacha?.immediateOrigin ?? null,
        nacha?.immediateOriginName ?? null,
        nacha?.companyName ?? null,
        nacha?.companyId ?? null,
        nacha?.odfiRouting ?? null,
        sepa?.name ?? null,
        sepa?.ibanEncrypted ?? null,
        sepa?.ibanLast4 ?? null,
        sepa?.bic ?? null,
        at,
        actor,
        version,
      ],
    );
  },
};
