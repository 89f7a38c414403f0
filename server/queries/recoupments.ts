import { epochSeconds } from '../../api/common';
import type {
  Recoupment,
  RecoupmentList,
  RecoupmentListQuery,
  RemittanceList,
} from '../../api/recoupments';
import { allows } from '../auth/permissions';
import { seesAllAccounts, watchesOwnAccount } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
import type { RecoupmentTerms } from '../events/types';
import { termsSql } from '../events/readModels/recoupmentTerms';
import { pagedList, type Page } from './pagedList';

/** Staff see every account; a label and its warranter its own; everyone else what they are party to. */
export interface RecoupmentScope {
  account: string | null;
  party: string | null;
}

export function recoupmentScope(user: SessionUser): RecoupmentScope {
  if (seesAllAccounts(user)) return { account: null, party: null };
  if (allows(user.permissions, 'recoup:rw') || watchesOwnAccount(user)) {
    return { account: user.accountId, party: null };
  }
  return { account: null, party: user.id };
}

/** `$1` the account or null, `$2` the party or null. */
const VISIBLE = `($1::text is null or r.account_id = $1)
  and ($2::text is null or r.creditor_id = $2 or r.warranter_id = $2
       or exists (select 1 from recoupment_debtors d where d.recoupment_id = r.id and d.debtor_id = $2))`;

const person = (idSql: string) =>
  `(select jsonb_build_object('id', u.id, 'fullname', u.fullname) from users u where u.id = ${idSql})`;

const COLUMNS = `r.id, r.account_id, r.status, r.created_at, r.version,
  trim_scale(r.remaining)::text as remaining, trim_scale(r.recouped)::text as recouped,
  trim_scale(r.deferred)::text as deferred, ${termsSql},
  ${person('r.creditor_id')} as creditor, ${person('r.warranter_id')} as warranter,
  (select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'fullname', u.fullname) order by d.position), '[]'::jsonb)
     from recoupment_debtors d join users u on u.id = d.debtor_id where d.recoupment_id = r.id) as debtors,
  (select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'title', p.title) order by p.title, p.id), '[]'::jsonb)
     from recoupment_products rp join products p on p.id = rp.product_id where rp.recoupment_id = r.id) as products`;

type Person = { id: string; fullname: string };

interface RecoupmentRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  status: Recoupment['status'];
  created_at: Date | string;
  version: number;
  remaining: string;
  recouped: string;
  deferred: string;
  terms: RecoupmentTerms | string;
  creditor: Person | string | null;
  warranter: Person | string | null;
  debtors: Person[] | string;
  products: { id: string; title: string }[] | string;
}

const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function toRecoupment(row: RecoupmentRow): Recoupment {
  const { recoupmentType, debtorIds: _debtors, productIds: _products, ...terms } = json(row.terms);
  const creditor = json(row.creditor);
  return {
    id: row.id,
    accountId: row.account_id,
    ...terms,
    type: recoupmentType,
    status: row.status,
    remaining: row.remaining,
    recouped: row.recouped,
    deferred: row.deferred,
    creditor: creditor ?? { id: terms.creditorId, fullname: '' },
    warranter: json(row.warranter),
    debtors: json(row.debtors),
    products: json(row.products),
    createdAt: epochSeconds(row.created_at) ?? 0,
    version: Number(row.version),
  };
}

/** The timeframe of the global filters: a chosen month, or the last `months` up to now. */
function windowOf(query: RecoupmentListQuery, now: Date): { start: Date; end: Date | null } | null {
  if (query.month) {
    const [year, month] = query.month.split('-').map(Number) as [number, number];
    return {
      start: new Date(Date.UTC(year, month - 1, 1)),
      end: new Date(Date.UTC(year, month, 1)),
    };
  }
  if (query.months) {
    const start = new Date(now);
    start.setUTCMonth(start.getUTCMonth() - query.months);
    return { start, end: null };
  }
  return null;
}

export async function listRecoupments(
  db: Queryable,
  scope: RecoupmentScope,
  query: RecoupmentListQuery & Page,
  now: Date,
): Promise<RecoupmentList> {
  const window = windowOf(query, now);
  return pagedList(
    db,
    {
      sql: `select ${COLUMNS} from recoupments r
             where ${VISIBLE}
               and (case when $3::text is null then r.status <> 'deleted' else r.status = $3 end)
               and ($4 = '' or r.title ilike '%' || $4 || '%' or r.tag ilike '%' || $4 || '%')
               and ($5::text is null
                    or exists (select 1 from artist_users au where au.artist_id = $5
                                and (au.user_id = r.creditor_id or au.user_id in (
                                  select d.debtor_id from recoupment_debtors d where d.recoupment_id = r.id)))
                    or exists (select 1 from recoupment_products rp join products p on p.id = rp.product_id
                                where rp.recoupment_id = r.id and p.artist_id = $5))
               and ($6::timestamptz is null
                    or (($7::timestamptz is null or r.created_at < $7::timestamptz)
                        and (r.status = 'open' or r.created_at >= $6::timestamptz
                             or exists (select 1 from recoupment_remittances rr
                                         where rr.recoupment_id = r.id and rr.at >= $6::timestamptz
                                           and ($7::timestamptz is null or rr.at < $7::timestamptz)))))
               and ($8::text is null or exists (select 1 from recoupment_products rp
                                                 where rp.recoupment_id = r.id and rp.product_id = $8))
               and ($9::text is null or r.account_id = $9)`,
      params: [
        scope.account,
        scope.party,
        query.status ?? null,
        query.q ?? '',
        query.artist ?? null,
        window?.start.toISOString() ?? null,
        window?.end?.toISOString() ?? null,
        query.product ?? null,
        query.account ?? null,
      ],
      orderBy: 'created_at desc, id',
    },
    query,
    toRecoupment,
  );
}

/** One recoupment the scope may see, deleted or not; null when it may not. */
export async function readRecoupment(
  db: Queryable,
  scope: RecoupmentScope,
  id: string,
): Promise<Recoupment | null> {
  const rows = await db.query<RecoupmentRow>(
    `select ${COLUMNS} from recoupments r where r.id = $3 and ${VISIBLE}`,
    [scope.account, scope.party, id],
  );
  return rows[0] ? toRecoupment(rows[0]) : null;
}

/** What each approved statement took for the recoupment, statement by statement. */
export function listRemittances(
  db: Queryable,
  recoupmentId: string,
  page: Page,
): Promise<RemittanceList> {
  return pagedList(
    db,
    {
      sql: `select rr.id, rr.statement_id, s.title, s.period, rr.debtor_id, u.fullname,
                   trim_scale(rr.amount)::text as amount, rr.at, s.approved_seq,
                   coalesce(d.position, 2147483647) as position
              from recoupment_remittances rr
              join statements s on s.id = rr.statement_id
              left join users u on u.id = rr.debtor_id
              left join recoupment_debtors d
                on d.recoupment_id = rr.recoupment_id and d.debtor_id = rr.debtor_id
             where rr.recoupment_id = $1`,
      params: [recoupmentId],
      // Statements in the order they were approved, which is the order their balances chain.
      orderBy: 'approved_seq, at, statement_id, position, id',
    },
    page,
    (row: {
      statement_id: string;
      title: string;
      period: string;
      debtor_id: string | null;
      fullname: string | null;
      amount: string;
      at: Date | string;
    }) => ({
      statementId: row.statement_id,
      statementTitle: row.title,
      period: row.period,
      debtor: row.debtor_id ? { id: row.debtor_id, fullname: row.fullname ?? '' } : null,
      amount: row.amount,
      at: epochSeconds(row.at) ?? 0,
    }),
  );
}

/** Whether the recoupment is one `scope` sees, as the recoupment reads above decide. */
export async function recoupmentIsVisible(
  db: Queryable,
  scope: RecoupmentScope,
  id: string,
): Promise<boolean> {
  const rows = await db.query(`select 1 from recoupments r where ${VISIBLE} and r.id = $3`, [
    scope.account,
    scope.party,
    id,
  ]);
  return rows.length > 0;
}
