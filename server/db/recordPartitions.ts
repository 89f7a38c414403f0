import type { Queryable } from './database';

/**
 * Makes the statement's table of records, if it has none yet (migration 53: one partition of
 * statement_records per statement). Run before its first records are written, in a short
 * transaction of its own: attaching a partition waits for no reader of other statements.
 */
export async function makeRecordPartition(db: Queryable, statementId: string): Promise<void> {
  await db.query('select statement_records_partition($1)', [statementId]);
}

/**
 * Drops a cancelled or deleted statement's records with their table, at once, keeping the
 * currency they named (a replay reads it instead of the records: statementCurrency.ts). The
 * record tables its files kept in the blob store are forgotten with them, so nothing reads
 * records the statement no longer has.
 */
export async function dropRecordPartition(tx: Queryable, statementId: string): Promise<void> {
  await tx.query('delete from statement_record_tables where statement_id = $1', [statementId]);
  await tx.query(
    'select drop_statement_records_partition($1, (select currency from statements where id = $1))',
    [statementId],
  );
}
