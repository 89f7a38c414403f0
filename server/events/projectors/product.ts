import type { Queryable } from '../../db/database';
import { normaliseCode } from '../../../rules/codes';
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

/** The spellings with one more, each once, in order: as migration 37 lists them. */
const withSpelling = (spellings: string, spelling: string) =>
  `array(select distinct unnest(${spellings} || ${spelling}::text) order by 1)`;

/**
 * A product takes a code: stored in its one spelling (rules/codes.ts), the spelling the event
 * names kept with it. Older events name codes as they were typed, so replaying them gives what
 * migration 37 made of the codes stored before: a second spelling of a number the product holds
 * is one code, and a number another product of the account holds is neither's, both products
 * kept in product_code_conflicts until the label removes it from one of them.
 */
async function holdCode(tx: Queryable, productId: string, entry: CodeEntry): Promise<void> {
  const code = normaliseCode(entry.code, entry.kind);
  const owner = await tx.query<{ account_id: string }>(
    'select account_id from products where id = $1',
    [productId],
  );
  const accountId = owner[0]?.account_id;
  if (!accountId) return;
  const spelt = await tx.query(
    `update product_codes set spellings = ${withSpelling('spellings', '$4')}
      where account_id = $1 and code = $2 and product_id = $3 returning code`,
    [accountId, code, productId, entry.code],
  );
  if (spelt[0]) return;
  const conflicts = await tx.query<{ product_id: string }>(
    'select product_id from product_code_conflicts where account_id = $1 and code = $2',
    [accountId, code],
  );
  const holder = await tx.query<{ product_id: string; kind: string; spellings: string[] }>(
    `delete from product_codes where account_id = $1 and code = $2
      returning product_id, kind, spellings`,
    [accountId, code],
  );
  if (conflicts.length === 0 && !holder[0]) {
    await tx.query(
      `insert into product_codes (code, product_id, kind, account_id, spellings)
       values ($1, $2, $3, $4, array[$5::text])`,
      [code, productId, entry.kind, accountId, entry.code],
    );
    return;
  }
  for (const held of holder) {
    await tx.query(
      `insert into product_code_conflicts (account_id, code, product_id, kind, spellings)
       values ($1, $2, $3, $4, $5)`,
      [accountId, code, held.product_id, held.kind, held.spellings],
    );
  }
  await tx.query(
    `insert into product_code_conflicts (account_id, code, product_id, kind, spellings)
     values ($1, $2, $3, $4, array[$5::text])
     on conflict (account_id, code, product_id) do update
       set spellings = ${withSpelling('product_code_conflicts.spellings', '$5')}`,
    [accountId, code, productId, entry.kind, entry.code],
  );
}

/**
 * A product gives up one spelling of a code; the code goes when no spelling is left, and a
 * conflict it leaves to one product alone is resolved: the code is that product's.
 */
async function releaseCode(tx: Queryable, productId: string, entry: CodeEntry): Promise<void> {
  const code = normaliseCode(entry.code, entry.kind);
  for (const table of ['product_codes', 'product_code_conflicts']) {
    await tx.query(
      `update ${table} set spellings = array_remove(spellings, $3)
        where product_id = $1 and code = $2`,
      [productId, code, entry.code],
    );
    await tx.query(
      `delete from ${table} where product_id = $1 and code = $2 and cardinality(spellings) = 0`,
      [productId, code],
    );
  }
  const owner = await tx.query<{ account_id: string }>(
    'select account_id from products where id = $1',
    [productId],
  );
  const left = await tx.query<{ product_id: string; kind: string; spellings: string[] }>(
    'select product_id, kind, spellings from product_code_conflicts where account_id = $1 and code = $2',
    [owner[0]?.account_id, code],
  );
  if (left.length !== 1 || !left[0]) return;
  await tx.query('delete from product_code_conflicts where account_id = $1 and code = $2', [
    owner[0]?.account_id,
    code,
  ]);
  await tx.query(
    `insert into product_codes (code, product_id, kind, account_id, spellings)
     values ($1, $2, $3, $4, $5)`,
    [code, left[0].product_id, left[0].kind, owner[0]?.account_id, left[0].spellings],
  );
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
    for (const code of codes) await holdCode(tx, productId, code);
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
    for (const removed of data.removed) await releaseCode(tx, id, removed);
    for (const added of data.added) await holdCode(tx, id, added);
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
