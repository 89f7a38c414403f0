import { statementCurrencySql } from '../statements/currency';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import { possibleEvents, snapshotOf, statusOfState, stepOf } from '../../machines/statementMachine';
import { NotFoundError } from '../errors';
import type { StatementFlags } from '../events/types';
import { sessionOf } from '../plugins/auth';
import { epochSeconds, errorResponses, IdParams, ListOf, ListQuery } from '../../api/common';

export const statementStatuses = [...new Set(Object.values(statusOfState))];

const StatementFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  error: Type.Union([Type.String(), Type.Null()]),
  records: Type.Union([Type.Integer(), Type.Null()]),
  errors: Type.Union([Type.Integer(), Type.Null()]),
});

const Statement = Type.Object({
  id: Type.String(),
  title: Type.String(),
  distributor: Type.Object({ id: Type.String(), name: Type.String() }),
  period: Type.String(),
  status: Type.String(),
  state: Type.String({ description: 'The statement machine state (machines/statementMachine.ts)' }),
  step: Type.Union([Type.String(), Type.Null()], { description: 'Pipeline step label' }),
  flags: Type.Object({
    forced: Type.Boolean(),
    expedited: Type.Boolean(),
    cashless: Type.Boolean(),
  }),
  next: Type.Array(Type.String(), { description: 'Commands the machine allows now' }),
  receivedFunds: Type.Union([Type.String(), Type.Null()]),
  statementDate: Type.Union([Type.String(), Type.Null()]),
  calculationId: Type.Union([Type.String(), Type.Null()]),
  receivedAt: Type.Integer(),
  expected: Type.Union([Type.String(), Type.Null()]),
  files: Type.Array(StatementFile),
  records: Type.Integer(),
  errors: Type.Integer(),
  missingCodes: Type.Integer(),
  revenue: Type.String({ description: 'Sum of the records, exact' }),
  currency: Type.Union([Type.String(), Type.Null()]),
});

interface StatementRow {
  id: string;
  title: string;
  distributor_id: string;
  distributor_name: string;
  period: string;
  status: string;
  received_at: Date | string;
  expected: string | null;
  files: {
    id: string;
    name: string;
    status: string;
    error: string | null;
    records: number | null;
    errors: number | null;
  }[];
  records: string;
  errors: string;
  missing_codes: string;
  revenue: string;
  currency: string | null;
  flags: StatementFlags | string;
  received: string | null;
  statement_date: string | null;
  calculation_id: string | null;
  total: string;
}

/** The codes of a statement the account's catalog does not know. */
const missingCodesOf = (statement: string) => `
  select sc.* from statement_codes sc
   where sc.statement_id = ${statement}.id and not exists (
     select 1 from product_codes pc join products p on p.id = pc.product_id
      where pc.code = sc.code and p.account_id = ${statement}.account_id)`;

const statementSelect = `
  with listed as (
    select s.*, d.name as distributor_name,
      (select coalesce(sum(f.records), 0) from statement_files f where f.statement_id = s.id) as records,
      (select coalesce(sum(f.errors), 0) from statement_files f where f.statement_id = s.id) as errors,
      (select count(*) from (${missingCodesOf('s')}) missing) as missing_codes
    from statements s join distributors d on d.id = s.distributor_id
    where ($1::text is null or s.account_id = $1) and ($2::text is null or s.id = $2)
  ), described as (
    select l.*, l.state as status from listed l
  )
  select d.id, d.title, d.distributor_id, d.distributor_name, d.period, d.status, d.received_at,
         d.flags, d.received::text as received, to_char(d.statement_date, 'YYYY-MM-DD') as statement_date,
         d.calculation_id,
         d.expected::text as expected, d.records::text as records, d.errors::text as errors,
         d.missing_codes::text as missing_codes,
         (select coalesce(trim_scale(sum(sc.revenue)), 0)::text from statement_codes sc
           where sc.statement_id = d.id) as revenue,
         ${statementCurrencySql('d.id')} as currency,
         (select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'status', f.status,
                  'error', f.error, 'records', f.records, 'errors', f.errors) order by f.name, f.id), '[]')
            from statement_files f where f.statement_id = d.id) as files,
         count(*) over () as total
    from described d`;

const flagsOf = (row: StatementRow): StatementFlags =>
  typeof row.flags === 'string' ? (JSON.parse(row.flags) as StatementFlags) : row.flags;

/** NUMERIC text without the zeros its scale pads it with. */
export const trimDecimal = (value: string) =>
  value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;

function toStatement(row: StatementRow) {
  return {
    id: row.id,
    title: row.title,
    distributor: { id: row.distributor_id, name: row.distributor_name },
    period: row.period,
    status: statusOfState[row.status] ?? row.status,
    state: row.status,
    step: stepOf(snapshotOf(row.status, flagsOf(row))),
    flags: flagsOf(row),
    next: possibleEvents(snapshotOf(row.status, flagsOf(row)), {
      problems: 0,
      rejected: false,
      cashless: flagsOf(row).cashless,
      fundsMatch: true,
    }),
    receivedFunds: row.received === null ? null : trimDecimal(row.received),
    statementDate: row.statement_date,
    calculationId: row.calculation_id,
    receivedAt: epochSeconds(row.received_at) ?? 0,
    expected: row.expected === null ? null : trimDecimal(row.expected),
    files:
      typeof row.files === 'string' ? (JSON.parse(row.files) as StatementRow['files']) : row.files,
    records: Number(row.records),
    errors: Number(row.errors),
    missingCodes: Number(row.missing_codes),
    revenue: row.revenue,
    currency: row.currency,
  };
}

const accountScope = (user: SessionUser) => (seesAllAccounts(user) ? null : user.accountId);

const readAccess = { session: true, permissions: ['statement:ro', 'import:ro'] } as const;

const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const loadStatement = async (id: string, user: SessionUser) => {
    const rows = await app.db.query<StatementRow>(`${statementSelect}`, [accountScope(user), id]);
    const row = rows[0];
    if (!row) throw new NotFoundError();
    return row;
  };

  app.get(
    '/api/statements',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        querystring: Type.Object(
          {
            ...ListQuery.properties,
            status: Type.Optional(
              Type.Unsafe<string>({ type: 'string', enum: [...statementStatuses] }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(Statement), ...errorResponses },
      },
    },
    async (request) => {
      const { q = '', limit = 100, offset = 0, status } = request.query;
      const rows = await app.db.query<StatementRow>(
        `select * from (${statementSelect.replace('count(*) over () as total', '0 as total')}) all_statements
          where ($3::text[] is null or status = any($3::text[])) and status <> 'deleted' and ($4 = '' or title ilike '%' || $4 || '%')
          order by received_at desc, id`,
        [
          accountScope(sessionOf(request).user),
          null,
          status
            ? Object.keys(statusOfState).filter((state) => statusOfState[state] === status)
            : null,
          q,
        ],
      );
      return { items: rows.slice(offset, offset + limit).map(toStatement), total: rows.length };
    },
  );

  app.get(
    '/api/statements/:id',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        params: IdParams,
        response: { 200: Statement, ...errorResponses },
      },
    },
    async (request) => toStatement(await loadStatement(request.params.id, sessionOf(request).user)),
  );

  app.get(
    '/api/statements/:id/errors',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        summary: 'Row errors of the statement’s files, in file and row order',
        params: IdParams,
        querystring: ListQuery,
        response: {
          200: ListOf(
            Type.Object({
              fileName: Type.String(),
              row: Type.Integer(),
              field: Type.String(),
              message: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const statement = await loadStatement(request.params.id, sessionOf(request).user);
      const { limit = 100, offset = 0 } = request.query;
      const rows = await app.db.query<{
        name: string;
        row: number;
        field: string;
        message: string;
        total: string;
      }>(
        `select f.name, e.row, e.field, e.message, count(*) over () as total
           from statement_row_errors e join statement_files f on f.id = e.file_id
          where e.statement_id = $1 order by f.name, e.row, e.field limit $2 offset $3`,
        [statement.id, limit, offset],
      );
      return {
        items: rows.map((row) => ({
          fileName: row.name,
          row: Number(row.row),
          field: row.field,
          message: row.message,
        })),
        total: Number(rows[0]?.total ?? 0),
      };
    },
  );

  app.get(
    '/api/statements/:id/missing-codes',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        summary: 'Codes of the statement that no product of the account has yet',
        params: IdParams,
        querystring: ListQuery,
        response: {
          200: ListOf(
            Type.Object({
              code: Type.String(),
              kind: Type.String(),
              rows: Type.Integer(),
              revenue: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const statement = await loadStatement(request.params.id, sessionOf(request).user);
      const { limit = 100, offset = 0 } = request.query;
      const rows = await app.db.query<{
        code: string;
        kind: string;
        rows: number;
        revenue: string;
        total: string;
      }>(
        `select m.code, m.kind, m.rows, trim_scale(m.revenue)::text as revenue, count(*) over () as total
           from statements s cross join lateral (${missingCodesOf('s')}) m
          where s.id = $1 order by m.revenue desc, m.code limit $2 offset $3`,
        [statement.id, limit, offset],
      );
      return {
        items: rows.map((row) => ({
          code: row.code,
          kind: row.kind,
          rows: Number(row.rows),
          revenue: row.revenue,
        })),
        total: Number(rows[0]?.total ?? 0),
      };
    },
  );

  app.get(
    '/api/statements/:id/records',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        params: IdParams,
        querystring: ListQuery,
        response: {
          200: ListOf(
            Type.Object({
              fileName: Type.String(),
              row: Type.Integer(),
              code: Type.String(),
              kind: Type.String(),
              title: Type.String(),
              artist: Type.String(),
              service: Type.String(),
              format: Type.String(),
              territory: Type.Union([Type.String(), Type.Null()]),
              units: Type.String(),
              revenue: Type.String(),
              date: Type.Union([Type.String(), Type.Null()]),
              currency: Type.Union([Type.String(), Type.Null()]),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const statement = await loadStatement(request.params.id, sessionOf(request).user);
      const { limit = 100, offset = 0 } = request.query;
      const rows = await app.db.query<{
        name: string;
        row: number;
        code: string;
        kind: string;
        title: string;
        artist: string;
        service: string;
        format: string;
        territory: string | null;
        units: string;
        revenue: string;
        date: string | null;
        currency: string | null;
      }>(
        `select f.name, r.row, r.code, r.kind, r.title, r.artist, r.service, r.format, r.territory,
                r.units::text as units, trim_scale(r.revenue)::text as revenue,
                to_char(r.date, 'YYYY-MM-DD') as date, r.currency
           from statement_records r join statement_files f on f.id = r.file_id
          where r.statement_id = $1 order by f.name, r.row limit $2 offset $3`,
        [statement.id, limit, offset],
      );
      return {
        items: rows.map((row) => ({ ...row, fileName: row.name, row: Number(row.row) })),
        total: Number(statement.records),
      };
    },
  );
};

export default statementRoutes;
