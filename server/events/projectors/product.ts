import type { Queryable } from '../../db/database';
import type { CodeEntry, ProductDetails, ProductEvent } from '../types';
import { bumpVersion, type Projector } from './projector';
import { insertSplitSets } from './splitSets';

/** Product detail fields and their columns, in the order detailValues lists them. */
const detailColumns: [keyof ProductDetails, string][] = [
  ['title', 'title'],
  ['altTitle', 'alt_title'],
  ['subtitle', 'subtitle'],
  ['productType', 'type'],
  ['genre', 'genre'],
  ['durationSeconds', 'duration_seconds'],
  ['copyright', 'copyright'],
  ['territory', 'territory'],
  ['label', 'label'],
  ['labelArtist', 'label_artist'],
  ['artistId', 'artist_id'],
  ['tags', 'tags'],
  ['visibility', 'visibility'],
  ['revenueView', 'revenue_view'],
];

function detailValues(details: ProductDetails): unknown[] {
  return detailColumns.map(([field]) =>
    field === 'tags' ? JSON.stringify(details.tags) : details[field],
  );
}

async function insertCodes(tx: Queryable, productId: string, codes: CodeEntry[]): Promise<void> {
  for (const code of codes) {
    await tx.query(
      `insert into product_codes (code, product_id, kind, account_id)
       select $1, id, $3, account_id from products where id = $2`,
      [code.code, productId, code.kind],
    );
  }
}

export const productProjector: Projector<ProductEvent> = {
  async ProductCreated(tx, { data }, { at, version }) {
    const { productId, accountId, details, codes } = data;
    await tx.query(
      `insert into products (id, account_id, created_at, version, title, alt_title, subtitle, type,
                             genre, duration_seconds, copyright, territory, label, label_artist,
                             artist_id, tags, visibility, revenue_view)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [productId, accountId, at, version, ...detailValues(details)],
    );
    await insertCodes(tx, productId, codes);
  },
  async ProductChanged(tx, { data }, { id, version }) {
    const merged = await tx.query<{ details: ProductDetails }>(
      `select jsonb_build_object(${detailColumns
        .map(([field, column]) => `'${field}', ${column}`)
        .join(', ')}) as details from products where id = $1`,
      [id],
    );
    const details = { ...(merged[0]?.details as ProductDetails), ...data.after };
    await tx.query(
      `update products set version = $2, ${detailColumns
        .map(([, column], index) => `${column} = $${index + 3}`)
        .join(', ')} where id = $1`,
      [id, version, ...detailValues(details)],
    );
  },
  async ProductCodesChanged(tx, { data }, { id, version }) {
    for (const removed of data.removed) {
      await tx.query('delete from product_codes where code = $1 and product_id = $2', [
        removed.code,
        id,
      ]);
    }
    await insertCodes(tx, id, data.added);
    await bumpVersion(tx, 'products', id, version);
  },
  async ProductSplitsChanged(tx, { data }, { id, version }) {
    const owner = await tx.query<{ account_id: string }>(
      'select account_id from products where id = $1',
      [id],
    );
    await tx.query('delete from split_sets where product_id = $1', [id]);
    await insertSplitSets(tx, owner[0]?.account_id ?? '', id, data.after);
    await bumpVersion(tx, 'products', id, version);
  },
};
