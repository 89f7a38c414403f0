/**
 * SQL for a statement's currency from its records: the one most of its read records name, ties
 * broken by code. Only the records of files read count: those of a file being read are not the
 * statement's yet. It counts every record, so it is run when the statement's files change (see
 * the statement projector), and kept as `statements.currency`. A cancelled or deleted statement's
 * records are dropped (migration 53): the currency they named was kept for a replay to read.
 */
export const statementCurrencyFromRecordsSql = (statementId: string) =>
  `coalesce(
     (select p.currency from statement_record_partitions p
       where p.statement_id = ${statementId} and p.dropped_at is not null),
     (select r.currency from statement_records r where r.statement_id = ${statementId} and r.currency is not null
       and r.file_id = any(array(select f.id from statement_files f
                                  where f.statement_id = ${statementId} and f.status = 'read'))
     group by r.currency order by count(*) desc, r.currency limit 1))`;

/**
 * SQL for a statement's currency, as kept when its files were read, so the lists, the preview, the
 * calculation and the payments always agree, and a list of statements never counts their records.
 */
export const statementCurrencySql = (statementId: string) =>
  `(select kept.currency from statements kept where kept.id = ${statementId})`;
