import type { OverseerDesk, WaitingCode } from '../../api/overseer';
import { statementCurrencySql } from '../events/readModels/statementCurrency';
import type { Queryable } from '../db/database';

/** How many waiting codes the overseer's desk lists; the statements' own pages list the rest. */
export const CODES_SHOWN = 50;

/** The codes of statement `s` no product of its account has (as the statement page counts them). */
const MISSING_CODES = `
  select sc.* from statement_codes sc
   where sc.statement_id = s.id and not exists (
     select 1 from product_codes pc join products p on p.id = pc.product_id
      where pc.code = sc.code and p.account_id = s.account_id)`;

/** Statements that are neither finished nor gone. */
const OPEN = `s.state not in ('sent', 'cancelled', 'deleted')`;

export async function readOverseerDesk(db: Queryable): Promise<OverseerDesk> {
  const accounts = await db.query<{
    account_id: string;
    name: string;
    owner_username: string | null;
    needs_attention: string;
    failed: string;
    waiting_for_funds: string;
    pending_approval: string;
    missing_codes: string;
    first_statement_id: string | null;
  }>(
    `with flagged as (
       select s.id, s.account_id, s.state, s.received_at,
              exists (${MISSING_CODES}) as has_missing
         from statements s where ${OPEN}
     ), needing as (
       select * from flagged
        where state in ('needsAttention', 'failed', 'awaitingFunds', 'pendingApproval') or has_missing
     )
     select a.id as account_id, a.name,
            (select u.username from users u where u.account_id = a.id and u.username is not null
               and u.status <> 'deleted' and u.roles ? 'owner' order by u.created_at limit 1)
              as owner_username,
            count(*) filter (where n.state = 'needsAttention')::text as needs_attention,
            count(*) filter (where n.state = 'failed')::text as failed,
            count(*) filter (where n.state = 'awaitingFunds')::text as waiting_for_funds,
            count(*) filter (where n.state = 'pendingApproval')::text as pending_approval,
            count(*) filter (where n.has_missing)::text as missing_codes,
            (array_agg(n.id order by n.received_at, n.id))[1] as first_statement_id
       from needing n join accounts a on a.id = n.account_id
      group by a.id, a.name order by a.name, a.id`,
  );
  const distributors = await db.query<{
    id: string;
    name: string;
    uploadable: boolean;
    has_template: boolean;
    statements: string;
  }>(
    `select d.id, d.name, d.uploadable, d.template is not null as has_template,
            (select count(*) from statements s where s.distributor_id = d.id)::text as statements
       from distributors d order by lower(d.name), d.id`,
  );
  const codes = await db.query<{
    code: string;
    kind: string;
    rows: number;
    revenue: string;
    currency: string | null;
    statement_id: string;
    statement_title: string;
    account_name: string;
    total: string;
  }>(
    `select m.code, m.kind, m.rows, trim_scale(m.revenue)::text as revenue,
            ${statementCurrencySql('s.id')} as currency, s.id as statement_id,
            s.title as statement_title, a.name as account_name, count(*) over ()::text as total
       from statements s cross join lateral (${MISSING_CODES}) m
       join accounts a on a.id = s.account_id
      where ${OPEN}
      order by m.revenue desc, m.code, s.id limit $1`,
    [CODES_SHOWN],
  );
  return {
    accounts: accounts.map((row) => ({
      accountId: row.account_id,
      name: row.name,
      ownerUsername: row.owner_username,
      needsAttention: Number(row.needs_attention),
      failed: Number(row.failed),
      waitingForFunds: Number(row.waiting_for_funds),
      pendingApproval: Number(row.pending_approval),
      missingCodes: Number(row.missing_codes),
      firstStatementId: row.first_statement_id,
    })),
    distributors: distributors.map((row) => ({
      id: row.id,
      name: row.name,
      uploadable: row.uploadable,
      hasTemplate: row.has_template,
      statements: Number(row.statements),
    })),
    codes: codes.map((row): WaitingCode => ({
      code: row.code,
      kind: row.kind,
      rows: Number(row.rows),
      revenue: row.revenue,
      currency: row.currency,
      statementId: row.statement_id,
      statementTitle: row.statement_title,
      accountName: row.account_name,
    })),
    codesTotal: Number(codes[0]?.total ?? 0),
  };
}
