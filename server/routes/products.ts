import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import { NotFoundError } from '../errors';
import { sessionOf } from '../plugins/auth';
import { errorResponses, IdParams, ListOf, ListQuery } from '../schemas/common';

const ProductSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: Type.String(),
  artistId: Type.Union([Type.String(), Type.Null()]),
  visibility: Type.String(),
  revenueView: Type.String(),
  codes: Type.Array(Type.Object({ code: Type.String(), kind: Type.String() })),
});

const Share = Type.Object({
  payeeId: Type.Union([Type.String(), Type.Null()]),
  fullname: Type.String(),
  pct: Type.String({ description: 'Percent as a decimal string' }),
  grouped: Type.Boolean({ description: 'True for the line that stands for the other payees' }),
});

const Product = Type.Object({ ...ProductSummary.properties, splits: Type.Array(Share) });

interface ProductRow {
  id: string;
  title: string;
  type: string;
  artist_id: string | null;
  visibility: string;
  revenue_view: string;
  codes: { code: string; kind: string }[] | string | null;
  total: string;
}

/** Managers see the account's catalog; payees only the products they hold a share of. */
function catalogScope(user: SessionUser): { account: string | null; payee: string | null } {
  if (seesAllAccounts(user)) return { account: null, payee: null };
  if (allows(user.permissions, 'product:rw')) return { account: user.accountId, payee: null };
  return { account: user.accountId, payee: user.id };
}

const productColumns = `p.id, p.title, p.type, p.artist_id, p.visibility, p.revenue_view,
  (select coalesce(jsonb_agg(jsonb_build_object('code', c.code, 'kind', c.kind) order by c.code), '[]'::jsonb)
     from product_codes c where c.product_id = p.id) as codes,
  count(*) over () as total`;

const productScopeFilter = `($1::text is null or p.account_id = $1)
  and ($2::text is null or exists (select 1 from product_splits s where s.product_id = p.id and s.payee_id = $2))`;

function toSummary(row: ProductRow) {
  const codes =
    typeof row.codes === 'string' ? (JSON.parse(row.codes) as ProductRow['codes']) : row.codes;
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    artistId: row.artist_id,
    visibility: row.visibility,
    revenueView: row.revenue_view,
    codes: Array.isArray(codes) ? codes : [],
  };
}

const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/products',
    {
      config: { access: { session: true, permissions: ['product:ro'] } },
      schema: {
        tags: ['products'],
        querystring: ListQuery,
        response: { 200: ListOf(ProductSummary), ...errorResponses },
      },
    },
    async (request) => {
      const scope = catalogScope(sessionOf(request).user);
      const { q = '', limit = 100, offset = 0 } = request.query;
      const rows = await app.db.query<ProductRow>(
        `select ${productColumns} from products p
          where ${productScopeFilter}
            and ($3 = '' or p.title ilike '%' || $3 || '%'
                 or exists (select 1 from product_codes c where c.product_id = p.id and c.code ilike $3 || '%'))
          order by p.title, p.id limit $4 offset $5`,
        [scope.account, scope.payee, q, limit, offset],
      );
      return { items: rows.map(toSummary), total: Number(rows[0]?.total ?? 0) };
    },
  );

  app.get(
    '/api/products/:id',
    {
      config: { access: { session: true, permissions: ['product:ro'] } },
      schema: {
        tags: ['products'],
        summary:
          'A product with its splits; under limited visibility a payee sees only their own share',
        params: IdParams,
        response: { 200: Product, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const scope = catalogScope(user);
      const rows = await app.db.query<ProductRow>(
        `select ${productColumns} from products p where p.id = $3 and ${productScopeFilter}`,
        [scope.account, scope.payee, request.params.id],
      );
      const row = rows[0];
      if (!row) throw new NotFoundError();
      const shares = await app.db.query<{ payee_id: string; fullname: string; pct: string }>(
        `select s.payee_id, u.fullname, s.pct::text as pct from product_splits s
           join users u on u.id = s.payee_id where s.product_id = $1 order by s.position`,
        [row.id],
      );
      const product = toSummary(row);
      const limited = product.visibility === 'limited' && scope.payee !== null;
      if (!limited) {
        return {
          ...product,
          splits: shares.map((share) => ({
            payeeId: share.payee_id,
            fullname: share.fullname,
            pct: normalisePercent(share.pct),
            grouped: false,
          })),
        };
      }
      const own = shares.filter((share) => share.payee_id === user.id);
      const othersTotal = sumPercent(
        shares.filter((share) => share.payee_id !== user.id).map((s) => s.pct),
      );
      return {
        ...product,
        splits: [
          ...own.map((share) => ({
            payeeId: share.payee_id,
            fullname: share.fullname,
            pct: normalisePercent(share.pct),
            grouped: false,
          })),
          ...(othersTotal === '0'
            ? []
            : [
                { payeeId: null, fullname: 'Other collaborators', pct: othersTotal, grouped: true },
              ]),
        ],
      };
    },
  );
};

/** Percent strings carry at most 4 decimals, so sums are exact in ten-thousandths. */
function toTenThousandths(pct: string): bigint {
  const [whole = '0', fraction = ''] = pct.split('.');
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4));
}

function fromTenThousandths(value: bigint): string {
  const whole = value / 10_000n;
  const fraction = (value % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

function normalisePercent(pct: string): string {
  return fromTenThousandths(toTenThousandths(pct));
}

function sumPercent(values: string[]): string {
  return fromTenThousandths(values.reduce((sum, value) => sum + toTenThousandths(value), 0n));
}

export default productRoutes;
