import type { AccountEvent } from '../types';
import { bumpVersion, type Projector } from './projector';

type RequestEvent = Extract<
  AccountEvent,
  { type: 'ProductRequested' | 'ProductRequestFulfilled' | 'ProductRequestRefused' }
>;

/** A label's requests for a product, on its account stream, as the overseer's queue reads them. */
export const productRequestProjector: Projector<RequestEvent> = {
  async ProductRequested(tx, { data, actor }, { id, at, version }) {
    await tx.query(
      `insert into product_requests (id, account_id, statement_id, title, product_type, codes,
                                     artist_id, status, requested_by, requested_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'requested', $8, $9)`,
      [
        data.requestId,
        id,
        data.statementId,
        data.title,
        data.productType,
        JSON.stringify(data.codes),
        data.artistId,
        actor,
        at,
      ],
    );
    await bumpVersion(tx, 'accounts', id, version);
  },
  async ProductRequestFulfilled(tx, { data, actor }, { id, at, version }) {
    await tx.query(
      `update product_requests set status = 'created', product_id = $2, decided_by = $3,
                                   decided_at = $4 where id = $1`,
      [data.requestId, data.productId, actor, at],
    );
    await bumpVersion(tx, 'accounts', id, version);
  },
  async ProductRequestRefused(tx, { data, actor }, { id, at, version }) {
    await tx.query(
      `update product_requests set status = 'refused', reason = $2, decided_by = $3,
                                   decided_at = $4 where id = $1`,
      [data.requestId, data.reason, actor, at],
    );
    await bumpVersion(tx, 'accounts', id, version);
  },
};
