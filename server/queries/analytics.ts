import Decimal from 'decimal.js';
import type {
  AnalyticsItem,
  AnalyticsList,
  AnalyticsQuery,
  AnalyticsSubject,
  AnalyticsView,
} from '../../api/analytics';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
import { ForbiddenError } from '../errors';

/**
 * Whose figures a caller reads. Staff (analytics:rw, admins, overseers) read their account's gross
 * (payee '') or, naming one, a payee's allocated amounts; everyone else only the amounts allocated
 * to themselves, in every account that pays them, so another payee's line or a limited product's
 * other shares never reach them.
 */
export interface AnalyticsScope {
  account: string | null;
  payee: string;
  pending: boolean;
  /** The caller's own currency, chosen first when they have figures in it. */
  preferredCurrency: string;
}

export function analyticsScope(user: SessionUser, query: AnalyticsQuery): AnalyticsScope {
  const staff = seesAllAccounts(user) || allows(user.permissions, 'analytics:rw');
  if (!staff) {
    if (query.payee && query.payee !== user.id) throw new ForbiddenError();
    return { account: null, payee: user.id, pending: false, preferredCurrency: user.currency };
  }
  if (query.account && query.account !== user.accountId && !seesAllAccounts(user)) {
    throw new ForbiddenError();
  }
  return {
    account: query.account ?? user.accountId,
    payee: query.payee ?? '',
    pending: query.pending ?? false,
    preferredCurrency: user.currency,
  };
}

/** The first day of the months the filters choose, and the first day after them (null: open). */
export function monthWindow(
  query: Pick<AnalyticsQuery, 'month' | 'months'>,
  now: Date,
): { from: string | null; until: string | null } {
  const day = (year: number, monthIndex: number) =>
    new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 10);
  if (query.month) {
    const [year, month] = query.month.split('-').map(Number) as [number, number];
    return { from: day(year, month - 1), until: day(year, month) };
  }
  if (query.months) {
    // The current month and the months before it: 12 is this month and the 11 before.
    return { from: day(now.getUTCFullYear(), now.getUTCMonth() - query.months + 1), until: null };
  }
  return { from: null, until: null };
}

/** Collects a query's parameters and answers their `$n` placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

interface Filters {
  scope: AnalyticsScope;
  query: AnalyticsQuery;
  now: Date;
}

/** The conditions every analytics read shares, on the table aliased `a`. */
function whereOf(params: Params, { scope, query, now }: Filters, currency: string | null): string {
  const window = monthWindow(query, now);
  const conditions = [`a.payee_id = ${params.add(scope.payee)}`];
  if (scope.account !== null) conditions.push(`a.account_id = ${params.add(scope.account)}`);
  if (currency !== null) conditions.push(`a.currency = ${params.add(currency)}`);
  if (window.from) conditions.push(`a.month >= ${params.add(window.from)}::date`);
  if (window.until) conditions.push(`a.month < ${params.add(window.until)}::date`);
  if (query.artist) conditions.push(`a.artist_id = ${params.add(query.artist)}`);
  // Approved statements count; staff may add results awaiting approval.
  conditions.push(`a.statement_id in (select s.id from statements s where s.approved_seq is not null
    ${scope.pending ? `or s.state not in ('cancelled', 'deleted')` : ''})`);
  return conditions.join(' and ');
}

const DIMENSIONS: Partial<Record<AnalyticsView, string>> = {
  services: 'service',
  formats: 'format',
  territories: 'territory',
};

/**
 * A figure as the caller reads it: a product whose revenue view is net shows its gross less the
 * distributor's cut (payees' own amounts have no cut), on a table joined to `rv`, the products.
 */
const AMOUNT = `a.amount - case when rv.revenue_view = 'net' then a.take else 0 end`;

/** Where a view's figures are kept and how they are grouped. */
function viewSql(
  view: AnalyticsView,
  params: Params,
  filters: Filters,
): { from: string; key: string } {
  const dimension = DIMENSIONS[view];
  const product = filters.query.product;
  const withViews = (table: string) =>
    `${table} a left join products rv on rv.id = a.product_id where`;
  if (dimension) {
    const on = `a.dimension = ${params.add(dimension)}`;
    // The label's gross is read per product, each as its revenue view says; a payee's earnings
    // per artist as they are.
    if (product) {
      return {
        from: `${withViews('analytics_product_dims')} ${on} and a.product_id = ${params.add(product)} and`,
        key: 'a.value',
      };
    }
    return filters.scope.payee === ''
      ? { from: `${withViews('analytics_product_dims')} ${on} and`, key: 'a.value' }
      : {
          from: `analytics_artist_dims a left join products rv on false where ${on} and`,
          key: 'a.value',
        };
  }
  const productCondition = product ? `a.product_id = ${params.add(product)} and` : '';
  const key = {
    overview: `to_char(a.month, 'YYYY-MM')`,
    distributors: 'a.distributor_id',
    products: 'a.product_id',
    artists: 'a.artist_id',
  }[view as 'overview' | 'distributors' | 'products' | 'artists'];
  return { from: `${withViews('analytics_products')} ${productCondition}`, key };
}

/** The revenue views of the products whose gross the figures count, in order. */
async function revenueViews(
  db: Queryable,
  view: AnalyticsView,
  filters: Filters,
  currency: string,
): Promise<('gross' | 'net')[]> {
  if (filters.scope.payee !== '') return [];
  const params = new Params();
  const { from } = viewSql(view, params, filters);
  const rows = await db.query<{ revenue_view: 'gross' | 'net' }>(
    `select distinct rv.revenue_view from ${from} ${whereOf(params, filters, currency)}
        and rv.revenue_view is not null order by 1`,
    params.values,
  );
  return rows.map((row) => row.revenue_view);
}

const NAMES: Partial<Record<AnalyticsView, string>> = {
  distributors: '(select d.name from distributors d where d.id = g.key)',
  products: '(select p.title from products p where p.id = g.key)',
  artists: '(select ar.name from artists ar where ar.id = g.key)',
};

/** The currencies the caller has figures in; the one asked for, else their own, else the first. */
async function chooseCurrency(
  db: Queryable,
  filters: Filters,
): Promise<{ currency: string | null; currencies: string[] }> {
  const params = new Params();
  const rows = await db.query<{ currency: string }>(
    `select distinct a.currency from analytics_products a
      where ${whereOf(params, filters, null)} order by a.currency`,
    params.values,
  );
  const currencies = rows.map((row) => row.currency);
  const wanted = [filters.query.currency, filters.scope.preferredCurrency];
  const currency = wanted.find((code) => code && currencies.includes(code)) ?? currencies[0];
  return { currency: currency ?? null, currencies };
}

/** One view's figures under the filters, ordered by month, else by amount. */
export async function analyticsList(
  db: Queryable,
  view: AnalyticsView,
  scope: AnalyticsScope,
  query: AnalyticsQuery,
  now: Date,
): Promise<AnalyticsList> {
  const filters = { scope, query, now };
  const { currency, currencies } = await chooseCurrency(db, filters);
  const basis = scope.payee === '' ? 'gross' : 'earned';
  const empty = { basis, currency, currencies, pending: scope.pending } as const;
  if (currency === null) {
    return { ...empty, revenueViews: [], total: { units: 0, amount: '0' }, items: [] };
  }
  const params = new Params();
  const { from, key } = viewSql(view, params, filters);
  const where = whereOf(params, filters, currency);
  const rows = await db.query<{ key: string; name: string | null; units: string; amount: string }>(
    `select g.key, ${NAMES[view] ?? 'g.key'} as name, g.units::text as units,
            trim_scale(g.amount)::text as amount
       from (select ${key} as key, sum(a.units) as units, sum(${AMOUNT}) as amount
               from ${from} ${where} group by 1) g
      order by ${view === 'overview' ? 'g.key' : 'g.amount desc, g.key'}`,
    params.values,
  );
  const items: AnalyticsItem[] = rows.map((row) => ({
    key: row.key,
    name: row.name ?? '',
    units: Number(row.units),
    amount: row.amount,
  }));
  const amount = items.reduce((sum, item) => sum.plus(item.amount), new Decimal(0));
  return {
    ...empty,
    revenueViews: await revenueViews(db, view, filters, currency),
    total: { units: items.reduce((sum, item) => sum + item.units, 0), amount: amount.toFixed() },
    items,
  };
}

/** An artist the caller may look at: their account's, or one whose figures include theirs. */
export async function analyticsArtist(
  db: Queryable,
  scope: AnalyticsScope,
  id: string,
): Promise<AnalyticsSubject | null> {
  const rows = await db.query<{ id: string; name: string }>(
    `select ar.id, ar.name from artists ar
      where ar.id = $1
        and (($2::text is not null and ar.account_id = $2)
             or ($2::text is null and (
               exists (select 1 from artist_users au where au.artist_id = ar.id and au.user_id = $3)
               or exists (select 1 from analytics_products a where a.payee_id = $3 and a.artist_id = ar.id))))`,
    [id, scope.account, scope.payee],
  );
  const row = rows[0];
  return row ? { id: row.id, name: row.name, artist: null } : null;
}

/** A product the caller may look at: their account's, or one they hold a share of or earned on. */
export async function analyticsProduct(
  db: Queryable,
  scope: AnalyticsScope,
  id: string,
): Promise<AnalyticsSubject | null> {
  const rows = await db.query<{
    id: string;
    title: string;
    artist_id: string | null;
    name: string | null;
  }>(
    `select p.id, p.title, p.artist_id, ar.name from products p left join artists ar on ar.id = p.artist_id
      where p.id = $1
        and (($2::text is not null and p.account_id = $2)
             or ($2::text is null and (
               exists (select 1 from split_sets s join split_payees sp on sp.split_set_id = s.id
                        where s.product_id = p.id and sp.payee_id = $3)
               or exists (select 1 from analytics_products a where a.payee_id = $3 and a.product_id = p.id))))`,
    [id, scope.account, scope.payee],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.title,
    artist: row.artist_id ? { id: row.artist_id, name: row.name ?? '' } : null,
  };
}
