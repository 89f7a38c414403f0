import type { ReadingSummaryAnswer } from '../../api/statementUpload';
import { TOP_TERRITORIES } from '../../rules/readingSummary';
import type { Queryable } from '../db/database';

/**
 * What a statement's read files come to per currency (rules/readingSummary.ts, counted by the
 * database): rows, revenue, units, the dates and the territories that earn most.
 */
export async function statementReading(
  db: Queryable,
  statementId: string,
): Promise<ReadingSummaryAnswer> {
  const rows = await db.query<{
    currency: string | null;
    rows: string;
    revenue: string;
    units: string;
    first_date: string | null;
    last_date: string | null;
    territories: { territory: string | null; revenue: string; rows: number }[] | string;
  }>(
    `with records as (
       select r.currency, r.territory, r.revenue, r.units, r.date from statement_records r
        where r.statement_id = $1
     ), territories as (
       select currency, territory, sum(revenue) as revenue, count(*) as rows,
              row_number() over (partition by currency
                                 order by abs(sum(revenue)) desc, territory nulls last) as rank
         from records group by currency, territory
     )
     select c.currency, count(*)::text as rows, trim_scale(sum(c.revenue))::text as revenue,
            sum(c.units)::text as units,
            to_char(min(c.date), 'YYYY-MM-DD') as first_date,
            to_char(max(c.date), 'YYYY-MM-DD') as last_date,
            (select coalesce(jsonb_agg(jsonb_build_object('territory', t.territory,
                       'revenue', trim_scale(t.revenue)::text, 'rows', t.rows) order by t.rank), '[]')
               from territories t
              where t.currency is not distinct from c.currency and t.rank <= $2) as territories
       from records c group by c.currency order by count(*) desc, c.currency`,
    [statementId, TOP_TERRITORIES],
  );
  return {
    partial: false,
    currencies: rows.map((row) => ({
      currency: row.currency,
      rows: Number(row.rows),
      revenue: row.revenue,
      units: row.units,
      firstDate: row.first_date,
      lastDate: row.last_date,
      territories: (typeof row.territories === 'string'
        ? (JSON.parse(row.territories) as typeof row.territories)
        : row.territories) as ReadingSummaryAnswer['currencies'][number]['territories'],
    })),
  };
}
