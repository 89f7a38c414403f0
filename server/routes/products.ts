import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import { parseDuration } from '../catalog/details';
import { changeProduct, createProduct } from '../catalog/service';
import { readPayeeNames, readProductSplitSets, setProductSplits } from '../catalog/splitSets';
import { previewInput } from '../catalog/previewInput';
import { fullView, limitedView } from '../catalog/visibility';
import { resolveStatements } from '../statements/pipeline';
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors';
import { readAllEvents } from '../events/store';
import type { ProductDetails } from '../events/types';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { errorResponses, IdParams, ListOf, ListQuery } from '../../api/common';
import { NewProduct, Product, ProductPatch, ProductSummary, SplitsBody } from '../schemas/products';

interface ProductRow {
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
  visibility: string;
  revenue_view: string;
  version: number;
  codes: { code: string; kind: string }[] | string | null;
  total: string;
}

interface Scope {
  account: string | null;
  payee: string | null;
}

/** Managers see the account's catalog; payees only the products they hold a share of. */
function catalogScope(user: SessionUser): Scope {
  if (seesAllAccounts(user)) return { account: null, payee: null };
  if (allows(user.permissions, 'product:rw')) return { account: user.accountId, payee: null };
  return { account: null, payee: user.id };
}

const productColumns = `p.*,
  (select coalesce(jsonb_agg(jsonb_build_object('code', c.code, 'kind', c.kind) order by c.code), '[]'::jsonb)
     from product_codes c where c.product_id = p.id) as codes,
  count(*) over () as total`;

const scopeFilter = `($1::text is null or p.account_id = $1)
  and ($2::text is null or exists (
    select 1 from split_sets s join split_payees sp on sp.split_set_id = s.id
     where s.product_id = p.id and sp.payee_id = $2))`;

const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function toSummary(row: ProductRow) {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    artistId: row.artist_id,
    visibility: row.visibility,
    revenueView: row.revenue_view,
    codes: json(row.codes ?? []) ?? [],
  };
}

/** API fields to the stored product details; absent fields keep their value. */
function toDetails(body: Record<string, unknown>): Partial<ProductDetails> {
  const details: Partial<ProductDetails> = {};
  const copy = <K extends keyof ProductDetails>(key: K, from: string) => {
    if (body[from] !== undefined) details[key] = body[from] as ProductDetails[K];
  };
  copy('title', 'title');
  copy('altTitle', 'altTitle');
  copy('subtitle', 'subtitle');
  copy('productType', 'type');
  copy('genre', 'genre');
  copy('copyright', 'copyright');
  copy('territory', 'territory');
  copy('label', 'label');
  copy('labelArtist', 'labelArtist');
  copy('artistId', 'artistId');
  copy('tags', 'tags');
  copy('visibility', 'visibility');
  copy('revenueView', 'revenueView');
  if (body.duration !== undefined) {
    details.durationSeconds = parseDuration(body.duration as string | number | null);
  }
  return details;
}

const productRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, options) => {
  const loadProduct = async (id: string, scope: Scope) => {
    const rows = await app.db.query<ProductRow>(
      `select ${productColumns} from products p where p.id = $3 and ${scopeFilter}`,
      [scope.account, scope.payee, id],
    );
    const row = rows[0];
    if (!row) throw new NotFoundError();
    return row;
  };

  const assertArtistInAccount = async (artistId: string | null | undefined, accountId: string) => {
    if (!artistId) return;
    const rows = await app.db.query('select 1 from artists where id = $1 and account_id = $2', [
      artistId,
      accountId,
    ]);
    if (rows.length === 0)
      throw new BadRequestError('This artist is not one of the label’s artists.');
  };

  /** Staff create products for a label account they name; everyone else for their own. */
  const productAccount = async (user: SessionUser, requested: string | undefined) => {
    if (!requested || requested === user.accountId) return user.accountId;
    if (!seesAllAccounts(user)) throw new ForbiddenError();
    const rows = await app.db.query('select 1 from accounts where id = $1', [requested]);
    if (rows.length === 0) throw new BadRequestError('This account does not exist.');
    return requested;
  };

  const accountName = async (accountId: string) =>
    (
      await app.db.query<{ name: string }>('select name from accounts where id = $1', [accountId])
    )[0]?.name ?? null;

  const view = async (row: ProductRow, user: SessionUser, scope: Scope) => {
    const sets = await readProductSplitSets(app.db, row.id);
    const names = await readPayeeNames(app.db, sets);
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
  };

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
          where ${scopeFilter}
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
          'A product with its split sets; under limited visibility a payee sees only their own share',
        params: IdParams,
        response: { 200: Product, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const scope = catalogScope(user);
      return view(await loadProduct(request.params.id, scope), user, scope);
    },
  );

  app.post(
    '/api/products',
    {
      // SPEC section 2 gives /products/add to overseers: a label adds codes to its own products.
      config: {
        access: { session: true, permissions: ['product:rw'], roles: ['overseer', 'admin'] },
      },
      schema: {
        tags: ['products'],
        body: NewProduct,
        response: { 201: Product, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const details = toDetails(request.body);
      const accountId = await productAccount(user, request.body.accountId);
      await assertArtistInAccount(details.artistId, accountId);
      const labelName = details.label ?? (await accountName(accountId));
      const productId = await app.db.transaction(async (tx) => {
        const created = await createProduct(
          tx,
          accountId,
          {
            title: request.body.title.trim(),
            altTitle: details.altTitle ?? null,
            subtitle: details.subtitle ?? null,
            productType: request.body.type,
            genre: details.genre ?? null,
            durationSeconds: details.durationSeconds ?? null,
            copyright: details.copyright ?? null,
            territory: details.territory ?? null,
            label: labelName,
            labelArtist: details.labelArtist ?? null,
            artistId: details.artistId ?? null,
            tags: details.tags ?? [],
            visibility: details.visibility ?? 'full',
            revenueView: details.revenueView ?? 'net',
          },
          request.body.codes,
          commandMetadata(request, app.now()),
        );
        // New codes may release statements that were waiting for them.
        await resolveStatements(tx, accountId, commandMetadata(request, app.now()));
        return created;
      });
      const scope = catalogScope(user);
      return reply.status(201).send(await view(await loadProduct(productId, scope), user, scope));
    },
  );

  app.patch(
    '/api/products/:id',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['products'],
        summary: 'Change fields or codes; `version` must be the one the change was made on',
        params: IdParams,
        body: ProductPatch,
        response: { 200: Product, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const scope = catalogScope(user);
      const row = await loadProduct(request.params.id, scope);
      const details = toDetails(request.body);
      await assertArtistInAccount(details.artistId, row.account_id);
      await app.db.transaction(async (tx) => {
        await changeProduct(
          tx,
          row.id,
          request.body.version,
          {
            details,
            ...(request.body.codes ? { codes: request.body.codes } : {}),
          },
          commandMetadata(request, app.now()),
        );
        if (request.body.codes) {
          await resolveStatements(tx, row.account_id, commandMetadata(request, app.now()));
        }
      });
      return view(await loadProduct(row.id, scope), user, scope);
    },
  );

  app.put(
    '/api/products/:id/splits',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['products'],
        summary: 'Replace the split sets of a product and of its codes',
        params: IdParams,
        body: SplitsBody,
        response: { 200: Product, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const scope = catalogScope(user);
      const row = await loadProduct(request.params.id, scope);
      await app.db.transaction((tx) =>
        setProductSplits(
          tx,
          {
            productId: row.id,
            version: request.body.version,
            splitSets: request.body.splitSets,
            publicUrl: options.publicUrl,
          },
          commandMetadata(request, app.now()),
        ),
      );
      return view(await loadProduct(row.id, scope), user, scope);
    },
  );

  app.get(
    '/api/products/:id/preview-input',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['products'],
        summary:
          "The engine input of the split editor's live preview: this product's records of its latest statement",
        params: IdParams,
        response: {
          200: Type.Object({
            statement: Type.Union([
              Type.Null(),
              Type.Object({
                id: Type.String(),
                title: Type.String(),
                period: Type.String(),
                records: Type.Integer(),
                truncated: Type.Boolean(),
              }),
            ]),
            input: Type.Record(Type.String(), Type.Unknown(), {
              description: 'An engine input (ENGINE.md) with the saved split sets',
            }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const row = await loadProduct(request.params.id, catalogScope(sessionOf(request).user));
      const preview = await previewInput(app.db, row.id);
      return {
        statement: preview.statement,
        input: preview.input as unknown as Record<string, unknown>,
      };
    },
  );

  app.get(
    '/api/products/:id/events',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['products'],
        summary: 'The history of a product: every change with who, when, before and after',
        params: IdParams,
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                seq: Type.String(),
                version: Type.Integer(),
                type: Type.String(),
                data: Type.Record(Type.String(), Type.Unknown()),
                actor: Type.Union([Type.String(), Type.Null()]),
                actorName: Type.Union([Type.String(), Type.Null()]),
                emulatingActor: Type.Union([Type.String(), Type.Null()]),
                at: Type.Integer(),
              }),
            ),
            total: Type.Integer(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const row = await loadProduct(request.params.id, catalogScope(sessionOf(request).user));
      const events = await readAllEvents(app.db, '0', 10_000, `product-${row.id}`);
      const actors = await app.db.query<{ id: string; fullname: string }>(
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
    },
  );
};

export default productRoutes;
