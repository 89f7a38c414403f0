/**
 * SQL for a statement's currency: the one most of its records name, ties broken by code, so
 * the list, the preview, the calculation and the payments always agree.
 */
export const statementCurrencySql = (statementId: string) =>
  `(select r.currency from statement_records r where r.statement_id = ${statementId} and r.currency is not null
     group by r.currency order by count(*) desc, r.currency limit 1)`;
