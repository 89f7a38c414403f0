import type { ListAnswer } from '../../api/common';
import type {
  ProductListItem,
  ProductListQuery,
  CodeKind,
  Product,
  ProductEventList,
  ProductSummary,
  RevenueView,
  Visibility,
} from '../../api/products';
import { codeSearchPrefixes } from '../../rules/codes';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import { readPayeeNames, readProductSplitSets } from '../catalog/splitSets';
import { fullView, limitedView } from '../catalog/visibility';
import type { Queryable } from '../db/database';
import { NotFoundError } from '../errors';
import { readAllEvents } from '../events/store';
import { APPROVED, inWindow, periodWindow, statementCurrency } from './dashboardWindow';
import { pagedList, type Page } from './pagedList';

export interface ProductRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  title: string;
  alt_title: string | null;
  subtitle: string | null;
  type: string;
  genre: string | null;
  duration_seconds: number | null;
  copyright: string | null;
  territory: string | null;
  label: string | null;
  label_artist: string | null;
  artist_id: string | null;
  tags: string[] | string;
  visibility: Visibility;
  revenue_view: RevenueView;
  version: number;
  codes: { code: string; kind: CodeKind; conflict?: true }[] | string | null;
}

/** Whose products a user sees: an account's (null: every one), or those sharing with a payee. */
export interface CatalogScope {
  account: string | null;
  payee: string | null;
}

/** Managers see the account's catalog; payees only the products they hold a share of. */
export function catalogScope(user: SessionUser): CatalogScope {
  if (seesAllAccounts(user)) return { account: null, payee: null };
  if (allows(user.permissions, 'product:rw')) return { account: user.accountId, payee: null };
  return { account: null, payee: user.id };
}

// A code another product of the account holds too (migration 37) is shown with the conflict.
const productColumns = `p.*,
  (select coalesce(jsonb_agg(jsonb_build_object('code', c.code, 'kind', c.kind)
                             || case when c.conflict then '{"conflict": true}'::jsonb else '{}'::jsonb end
                             order by c.code), '[]'::jsonb)
     from (select code, kind, false as conflict from product_codes where product_id = p.id
           union all
           select code, kind, true from product_code_conflicts where product_id = p.id) c) as codes`;

/** `$1` is the scope's account and `$2` its payee, each null for no limit. */
const scopeFilter = `($1::text is null or p.account_id = $1)
  and ($2::text is null or exists (
    select 1 from split_sets s join split_payees sp on sp.split_set_id = s.id
     where s.product_id = p.id and sp.payee_id = $2))`;

const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function toSummary(row: ProductRow): ProductSummary {
  return {
    id: row.id,
    accountId: row.account_id,
    title: row.title,
    type: row.type,
    artistId: row.artist_id,
    visibility: row.visibility,
    revenueView: row.revenue_view,
    codes: json(row.codes ?? []) ?? [],
  };
}

/** The products in scope whose title, or one of whose codes' start, matches the search. */
/**
 * The product's revenue over the window, per currency (`$5`/`$6` the periods, `$7` the fallback
 * currency): its codes' revenue in the account's statements for a label and staff, and for a
 * payee (`$2`) only what the approved statements paid them from it. Per-statement tables only.
 */
const windowRevenue = `(select coalesce(jsonb_agg(jsonb_build_object('currency', x.currency,
      'amount', trim_scale(x.amount)::text) order by x.currency), '[]'::jsonb)
   from (select v.currency, sum(v.amount) as amount from (
       select ${statementCurrency('s', '$7::text')} as currency, sc.revenue as amount
         from product_codes pc join statement_codes sc on sc.code = pc.code
         join statements s on s.id = sc.statement_id and s.account_id = pc.account_id
        where $2::text is null and pc.product_id = p.id
          and s.state not in ('cancelled', 'deleted', 'failed') and ${inWindow('s.period', '$5', '$6')}
       union all
       select ${statementCurrency('s', '$7::text')}, l.amount
         from statement_lines l join statements s on s.calculation_id = l.calculation_id
        where $2::text is not null and l.payee_id = $2 and l.product_id = p.id
          and ${APPROVED('s')} and ${inWindow('s.period', '$5', '$6')}) v
     group by v.currency) x)`;

export function listProducts(
  db: Queryable,
  scope: CatalogScope,
  page: Page & Omit<ProductListQuery, 'limit' | 'offset'>,
  { now, currency }: { now: Date; currency: string },
): Promise<ListAnswer<ProductListItem>> {
  const window = periodWindow(page, now);
  return pagedList(
    db,
    {
      sql: `select ${productColumns}, ${windowRevenue} as revenue from products p
        where ${scopeFilter}
          and ($3 = '' or p.title ilike '%' || $3 || '%'
               or exists (select 1 from (select product_id, code from product_codes
                                         union all
                                         select product_id, code from product_code_conflicts) c,
                                        unnest($8::text[]) prefix
                           where c.product_id = p.id and c.code ilike prefix || '%'))
          and ($4::text is null or p.artist_id = $4)`,
      params: [
        scope.account,
        scope.payee,
        page.q ?? '',
        page.artist ?? null,
        window.from,
        window.to,
        currency,
        // A code is found under any of its spellings: 0859700000023 finds 859700000023.
        codeSearchPrefixes(page.q ?? ''),
      ],
      orderBy: 'title, id',
    },
    page,
    (row: ProductRow & { revenue: ProductListItem['revenue'] | string }) => ({
      ...toSummary(row),
      revenue: json(row.revenue),
    }),
  );
}

/** The product, or null when it does not exist or is out of the scope. */
export async function findProduct(
  db: Queryable,
  scope: CatalogScope,
  id: string,
): Promise<ProductRow | null> {
  const rows = await db.query<ProductRow>(
    `select ${productColumns} from products p where p.id = $3 and ${scopeFilter}`,
    [scope.account, scope.payee, id],
  );
  return rows[0] ?? null;
}

/**
 * A product as the API shows it to `user`: with its split sets in full, or under limited
 * visibility, for a payee, their own share and the others as one line.
 */
export async function productView(
  db: Queryable,
  row: ProductRow,
  user: SessionUser,
  scope: CatalogScope,
): Promise<Product> {
  const sets = await readProductSplitSets(db, row.id);
  const names = await readPayeeNames(db, sets, {
    account: seesAllAccounts(user) ? null : row.account_id,
    person: user.id,
  });
  const limited = row.visibility === 'limited' && scope.payee !== null;
  return {
    ...toSummary(row),
    altTitle: row.alt_title,
    subtitle: row.subtitle,
    genre: row.genre,
    duration: row.duration_seconds === null ? null : Number(row.duration_seconds),
    copyright: row.copyright,
    territory: row.territory,
    label: row.label,
    labelArtist: row.label_artist,
    tags: json(row.tags),
    version: Number(row.version),
    splitSets: sets.map((set) =>
      limited ? limitedView(set, user.id, names) : fullView(set, names),
    ),
  };
}

/** Whether the artist is one of the account's. */
export async function isAccountArtist(
  db: Queryable,
  artistId: string,
  accountId: string,
): Promise<boolean> {
  const rows = await db.query('select 1 from artists where id = $1 and account_id = $2', [
    artistId,
    accountId,
  ]);
  return rows.length > 0;
}

/** Every change of a product, oldest first, with the name of who made it. */
export async function productHistory(db: Queryable, productId: string): Promise<ProductEventList> {
  const events = await readAllEvents(db, '0', 10_000, `product-${productId}`);
  const actors = await db.query<{ id: string; fullname: string }>(
    'select id, fullname from users where id = any($1::text[])',
    [events.flatMap((event) => (event.actor ? [event.actor] : []))],
  );
  const nameOf = new Map(actors.map((actor) => [actor.id, actor.fullname]));
  return {
    items: events.map((event) => ({
      seq: event.seq,
      version: event.streamVersion,
      type: event.type,
      data: event.data,
      actor: event.actor,
      actorName: event.actor ? (nameOf.get(event.actor) ?? null) : null,
      emulatingActor: event.emulatingActor,
      at: Math.floor(event.at.getTime() / 1000),
    })),
    total: events.length,
  };
}

/** The product in the scope; 404 when there is none. */
export async function loadProduct(
  db: Queryable,
  id: string,
  scope: CatalogScope,
): Promise<ProductRow> {
  const row = await findProduct(db, scope, id);
  if (!row) throw new NotFoundError();
  return row;
}
