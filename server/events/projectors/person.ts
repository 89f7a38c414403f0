import type { Queryable } from '../../db/database';
import type { PersonEvent } from '../types';
import type { Projector } from './projector';

/** The details row carries the stream's version, so it exists from the stream's first event. */
async function touchDetails(tx: Queryable, userId: string, version: number): Promise<void> {
  await tx.query(
    `insert into person_details (user_id, version) values ($1, $2)
     on conflict (user_id) do update set version = excluded.version`,
    [userId, version],
  );
}

export const personProjector: Projector<PersonEvent> = {
  async PersonDetailsChanged(tx, { data }, { id, version }) {
    await touchDetails(tx, id, version);
    const { address } = data;
    await tx.query(
      `update person_details set phone = $2, birthdate = $3, street = $4, suite = $5, city = $6,
                                 state = $7, postal_code = $8, country = $9 where user_id = $1`,
      [
        id,
        data.phone,
        data.birthdate,
        address.street,
        address.suite,
        address.city,
        address.state,
        address.postalCode,
        address.country,
      ],
    );
    if (data.ssn) {
      await tx.query(
        `update person_details set ssn_encrypted = $2, ssn_last4 = $3, ssn_kind = $4
          where user_id = $1`,
        [id, data.ssn.encrypted, data.ssn.last4, data.ssn.kind],
      );
    }
  },
  async PersonDocumentAdded(tx, { data }, { id, at, version }) {
    await touchDetails(tx, id, version);
    await tx.query(
      `insert into person_documents (id, user_id, kind, name, sha256, size, content_type, added_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [data.documentId, id, data.kind, data.name, data.sha256, data.size, data.contentType, at],
    );
  },
  async PersonDocumentRemoved(tx, { data }, { id, version }) {
    await touchDetails(tx, id, version);
    await tx.query('delete from person_documents where id = $1 and user_id = $2', [
      data.documentId,
      id,
    ]);
  },
  async PaymentTermsAccepted(tx, { data, actor, emulatingActor }, { id, at }) {
    await tx.query(
      `insert into payment_terms_acceptances (person_id, version, accepted_at, language, actor,
                                              emulating_actor)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (person_id, version) do update
         set accepted_at = excluded.accepted_at, language = excluded.language,
             actor = excluded.actor, emulating_actor = excluded.emulating_actor`,
      [id, data.version, at, data.language, actor, emulatingActor],
    );
  },
};
