import type { EngineInput } from '../../engine/types';
import { carriedState, statementTerms } from '../statements/engineInput';
import { readStoredRecordTable } from '../statements/recordTables';
import type { BlobStore } from '../blobs';
import { applicableSplitSets, engineRecoupments } from '../statements/engineRecoupments';
import type { Queryable } from '../db/database';
import type { ByteCache } from '../byteCache';
import { readDefaultSplitSets, readProductSplitSets } from './splitSets';

/** The most records a browser preview recalculates (the engine benchmark's preview size). */
export const PREVIEW_RECORD_LIMIT = 100_000;

/**
 * The bytes a server keeps for previews opened again: record tables (5.3 MB for 100,000 records)
 * and the answers made of them, compressed (about 0.6 MB): ten products or so.
 */
export const PREVIEW_CACHE_BYTES = 64 * 1024 * 1024;

export interface PreviewInput {
  statement: {
    id: string;
    title: string;
    period: string;
    records: number;
    truncated: boolean;
  } | null;
  /** The engine input but its records, which are `records`; null without a statement. */
  input: Omit<EngineInput, 'records'> | null;
  /** The input's records as a record table (engine/recordTable.ts). */
  records: Uint8Array<ArrayBuffer> | null;
  /** Names the records' table and the version of the records it was read from, when read. */
  recordsVersion: string | null;
}

/**
 * The API's answer (`PreviewInputAnswer`) as JSON text: the record table goes in as one string,
 * never parsed into a hundred thousand objects and written again.
 */
export function previewInputJson(preview: PreviewInput): string {
  const records = preview.records === null ? null : new TextDecoder().decode(preview.records);
  return JSON.stringify({ statement: preview.statement, input: preview.input, records });
}

/**
 * The answer in two parts (`format=table`): its statement and input as JSON on the first line,
 * then the record table, its bytes as the database wrote them. The reader parses a short JSON text
 * and hands the rest to the engine as it is: no 7 MB string escaped here and unescaped there.
 */
export function previewInputTable(preview: PreviewInput, head = previewInputHead(preview)): Buffer {
  return Buffer.concat([Buffer.from(head), preview.records ?? new Uint8Array(0)]);
}

/** The first line of the table form: the statement and the input but its records, as JSON. */
export function previewInputHead(preview: PreviewInput): string {
  return `${JSON.stringify({ statement: preview.statement, input: preview.input })}\n`;
}

/**
 * What the split editor's live preview runs the engine on: this product's records of the
 * latest statement that has any, its codes, its saved split sets (the editor swaps in the sets
 * being edited) and the account's default sets, which allocate its codes no product set covers,
 * with the statement's distributor take and the account's recoupments, from the counters and
 * balances the approved statements before it left. No statement yet: nothing to calculate, and
 * the preview says so. The records come from the files' record tables in `blobs`
 * (server/statements/recordTables.ts), never from the statement's rows unless a file has none;
 * records read before for the same statement and codes, unchanged since, come from `cache`.
 */
export async function previewInput(
  db: Queryable,
  blobs: BlobStore,
  productId: string,
  cache?: ByteCache,
): Promise<PreviewInput> {
  const products = await db.query<{ account_id: string }>(
    'select account_id from products where id = $1',
    [productId],
  );
  const accountId = products[0]?.account_id ?? '';
  const codes = await db.query<{ code: string }>(
    'select code from product_codes where product_id = $1',
    [productId],
  );
  const codeList = codes.map((row) => row.code);
  const latest = await db.query<{
    id: string;
    title: string;
    period: string;
  }>(
    `select s.id, s.title, s.period
       from statements s
      where s.parse_status = 'parsed' and s.account_id = $2
        and exists (select 1 from statement_codes sc where sc.statement_id = s.id and sc.code = any($1::text[]))
      order by s.period desc, s.received_at desc limit 1`,
    [codeList, accountId],
  );
  const statement = latest[0];
  if (!statement) return { statement: null, input: null, records: null, recordsVersion: null };
  const splitSets = [
    ...(await readProductSplitSets(db, productId)),
    ...(await readDefaultSplitSets(db, accountId)),
  ];
  const catalog = Object.fromEntries(codeList.map((code) => [code, { productId }]));
  const records = await readStoredRecordTable(
    db,
    blobs,
    statement.id,
    codeList,
    PREVIEW_RECORD_LIMIT,
    cache,
  );
  const terms = await statementTerms(db, statement.id);
  // The statement's currency is read once, with its other terms.
  const currency = terms.currency ?? 'USD';
  const before = (await carriedState(db, accountId, statement.id, currency, splitSets)).state;
  const recoupments = await engineRecoupments(db, accountId, currency, before);
  const truncated = records.found > PREVIEW_RECORD_LIMIT;
  return {
    statement: {
      id: statement.id,
      title: statement.title,
      period: statement.period,
      records: Math.min(records.found, PREVIEW_RECORD_LIMIT),
      truncated,
    },
    input: {
      currency,
      statement: {
        id: statement.id,
        period: statement.period,
        distributorTakePct: terms.take_pct,
      },
      catalog,
      splitSets: applicableSplitSets(splitSets, recoupments.recoupments),
      recoupments: recoupments.recoupments,
      state: { counters: before.counters, recoupments: recoupments.state },
    },
    records: records.table,
    recordsVersion: records.version,
  };
}
