// Products and their codes: created and changed as events of the product's stream.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { ConflictError, NotFoundError } from '../errors';
import { appendAfterCheck, appendToStream } from '../events/store';
import type { CodeEntry, EventMetadata, ProductDetails } from '../events/types';
import { codeTakenMessage, readCodes } from './codes';

/** The advisory lock space of an account's codes (two-key locks, apart from the ledger's). */
const CODE_LOCKS = 72_400_003;

/**
 * A code belongs to one product of its account: refuses the first one another product of the
 * same account holds. Other accounts' codes are none of this account's business, not even to know.
 */
async function assertCodesFree(
  tx: Queryable,
  accountId: string,
  codes: CodeEntry[],
  productId: string | null,
) {
  if (codes.length === 0) return;
  // Two products taking one number at once: the second waits, then finds it taken, instead of
  // both passing this check and the projection seeing two holders (a conflict).
  for (const code of [...new Set(codes.map((entry) => entry.code))].sort()) {
    await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [
      CODE_LOCKS,
      `${accountId}:${code}`,
    ]);
  }
  const taken = await tx.query<{ code: string }>(
    `select code from (select code, product_id, account_id from product_codes
                        union all
                        select code, product_id, account_id from product_code_conflicts) held
      where account_id = $3 and code = any($1::text[])
        and ($2::text is null or product_id <> $2) order by code limit 1`,
    [codes.map((entry) => entry.code), productId, accountId],
  );
  if (taken[0]) throw new ConflictError(codeTakenMessage(taken[0].code));
}

export async function createProduct(
  tx: Queryable,
  accountId: string,
  details: ProductDetails,
  codeInput: readonly CodeEntry[],
  metadata: EventMetadata,
): Promise<string> {
  const codes = readCodes(codeInput);
  await assertCodesFree(tx, accountId, codes, null);
  const productId = randomUUID();
  await appendToStream(
    tx,
    `product-${productId}`,
    0,
    [{ type: 'ProductCreated', data: { productId, accountId, details, codes } }],
    metadata,
  );
  return productId;
}

export interface ProductChange {
  details?: Partial<ProductDetails>;
  codes?: CodeEntry[];
}

export async function changeProduct(
  tx: Queryable,
  productId: string,
  version: number,
  change: ProductChange,
  metadata: EventMetadata,
): Promise<void> {
  const stream = `product-${productId}`;
  const current = await tx.query<{ details: ProductDetails; account_id: string }>(
    `select account_id, jsonb_build_object('title', title, 'altTitle', alt_title, 'subtitle', subtitle,
        'productType', type, 'genre', genre, 'durationSeconds', duration_seconds,
        'copyright', copyright, 'territory', territory, 'label', label, 'labelArtist', label_artist,
        'artistId', artist_id, 'tags', tags, 'visibility', visibility, 'revenueView', revenue_view
      ) as details from products where id = $1`,
    [productId],
  );
  const before = current[0]?.details;
  const accountId = current[0]?.account_id;
  if (!before || !accountId) throw new NotFoundError();
  const events = [];
  if (change.details) {
    const changed = Object.fromEntries(
      Object.entries(change.details).filter(
        ([key, value]) =>
          JSON.stringify(value) !== JSON.stringify(before[key as keyof ProductDetails]),
      ),
    ) as Partial<ProductDetails>;
    const previous = Object.fromEntries(
      Object.keys(changed).map((key) => [key, before[key as keyof ProductDetails]]),
    ) as Partial<ProductDetails>;
    if (Object.keys(changed).length > 0) {
      events.push({ type: 'ProductChanged' as const, data: { before: previous, after: changed } });
    }
  }
  if (change.codes) {
    const codes = readCodes(change.codes);
    // What the product holds, in conflict with another product too, with every spelling of it.
    const existing = await tx.query<CodeEntry & { spellings: string[] }>(
      `select code, kind, spellings from product_codes where product_id = $1
       union all
       select code, kind, spellings from product_code_conflicts where product_id = $1
       order by code`,
      [productId],
    );
    const key = (entry: CodeEntry) => `${entry.kind}:${entry.code}`;
    const wanted = new Set(codes.map(key));
    const had = new Set(existing.map(key));
    const gone = existing.filter((entry) => !wanted.has(key(entry)));
    // A code goes with every spelling the product held it under (migration 37).
    const removed = gone.flatMap(({ kind, spellings }) =>
      spellings.map((spelling) => ({ code: spelling, kind })),
    );
    const added = codes.filter((entry) => !had.has(key(entry)));
    // Only what the product takes now: a code it shares in a conflict does not block its edits.
    await assertCodesFree(tx, accountId, added, productId);
    const splitCodes = await tx.query<{ code: string }>(
      'select code from split_sets where product_id = $1 and code = any($2::text[])',
      [productId, gone.map((entry) => entry.code)],
    );
    if (splitCodes[0]) {
      throw new ConflictError(
        `Code ${splitCodes[0].code} has its own splits: remove them before removing the code.`,
      );
    }
    if (removed.length > 0 || added.length > 0) {
      events.push({ type: 'ProductCodesChanged' as const, data: { added, removed } });
    }
  }
  if (events.length === 0) return;
  await appendAfterCheck(tx, stream, version, events, metadata);
}
