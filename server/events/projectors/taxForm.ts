import type { Queryable } from '../../db/database';
import type { TaxFormEvent } from '../types';
import type { Projector } from './projector';

/** A new form supersedes the payee's current one, which stays in the history. */
async function supersede(tx: Queryable, payeeId: string, at: string) {
  await tx.query(
    'update tax_forms set superseded_at = $2 where payee_id = $1 and superseded_at is null',
    [payeeId, at],
  );
}

export const taxFormProjector: Projector<TaxFormEvent> = {
  async TaxFormSigned(tx, { data, actor, emulatingActor }, { id, at }) {
    await supersede(tx, id, at);
    await tx.query(
      `insert into tax_forms (id, payee_id, kind, name, address, country, chapter3_status, treaty,
                              tin_encrypted, tin_last4, tin_kind, signer_name, signed_text,
                              text_version, signed_at, actor, emulating_actor)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        data.formId,
        id,
        data.kind,
        data.name,
        JSON.stringify(data.address),
        data.country,
        data.chapter3Status,
        data.treaty === null ? null : JSON.stringify(data.treaty),
        data.tin?.encrypted ?? null,
        data.tin?.last4 ?? null,
        data.tin?.kind ?? null,
        data.signerName,
        data.text,
        data.textVersion,
        at,
        actor,
        emulatingActor,
      ],
    );
  },
};
