/**
 * SQL for a statement's currency: the one most of its read records name, ties broken by code, so
 * the list, the preview, the calculation and the payments always agree. Only the records of
 * files read count: those of a file being read are not the statement's yet.
 */
export const statementCurrencySql = (statementId: string) =>
  `(select r.currency from statement_records r where r.statement_id = ${statementId} and r.currency is not null
       and r.file_id = any(array(select f.id from statement_files f
                                  where f.statement_id = ${statementId} and f.status = 'read'))
     group by r.currency order by count(*) desc, r.currency limit 1)`;
