import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import { parseDuration } from '../catalog/details';
import { changeProduct, createProduct } from '../catalog/service';
import { resolveStatements } from '../statements/pipeline';
import { BadRequestError, ForbiddenError } from '../errors';
import type { ProductDetails } from '../events/types';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { accountExists, accountName } from '../queries/accounts';
import {
  catalogScope,
  loadProduct,
  isAccountArtist,
  listProducts,
  productHistory,
  productView,
} from '../queries/products';
import { errorResponses, IdParams } from '../../api/common';
import {
  NewProduct,
  Product,
  ProductEventList,
  ProductList,
  ProductListQuery,
  ProductPatch,
} from '../../api/products';

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

const productRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const assertArtistInAccount = async (artistId: string | null | undefined, accountId: string) => {
    if (!artistId) return;
    if (!(await isAccountArtist(app.db, artistId, accountId)))
      throw new BadRequestError('This artist is not one of the label’s artists.');
  };

  /** Staff create products for a label account they name; everyone else for their own. */
  const productAccount = async (user: SessionUser, requested: string | undefined) => {
    if (!requested || requested === user.accountId) return user.accountId;
    if (!seesAllAccounts(user)) throw new ForbiddenError();
    if (!(await accountExists(app.db, requested)))
      throw new BadRequestError('This account does not exist.');
    return requested;
  };

  app.get(
    '/api/products',
    {
      config: { access: { session: true, permissions: ['product:ro'] } },
      schema: {
        tags: ['products'],
        summary: 'Products the caller may see, searched, filtered and paged',
        querystring: ProductListQuery,
        response: { 200: ProductList, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      return listProducts(request.reads, catalogScope(user), request.query, {
        now: app.now(),
        currency: user.currency,
      });
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
      return productView(
        request.reads,
        await loadProduct(request.reads, request.params.id, scope),
        user,
        scope,
      );
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
        summary: 'Add a product with its codes',
        body: NewProduct,
        response: { 201: Product, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const details = toDetails(request.body);
      const accountId = await productAccount(user, request.body.accountId);
      await assertArtistInAccount(details.artistId, accountId);
      const labelName = details.label ?? (await accountName(app.db, accountId));
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
        await resolveStatements(
          tx,
          accountId,
          { productId: created, titleChanged: true },
          commandMetadata(request, app.now()),
        );
        return created;
      });
      const scope = catalogScope(user);
      const created = await loadProduct(app.db, productId, scope);
      return reply.status(201).send(await productView(app.db, created, user, scope));
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
      const row = await loadProduct(app.db, request.params.id, scope);
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
        // New codes, or a title a statement names its records by, may release waiting statements.
        if (request.body.codes || request.body.title !== undefined) {
          await resolveStatements(
            tx,
            row.account_id,
            { productId: row.id, titleChanged: request.body.title !== undefined },
            commandMetadata(request, app.now()),
          );
        }
      });
      return productView(app.db, await loadProduct(app.db, row.id, scope), user, scope);
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
        response: { 200: ProductEventList, ...errorResponses },
      },
    },
    async (request) => {
      const scope = catalogScope(sessionOf(request).user);
      return productHistory(
        request.reads,
        (await loadProduct(request.reads, request.params.id, scope)).id,
      );
    },
  );
};

export default productRoutes;
