// A label asks for a product for a statement's unknown code (SPEC section 2: only the overseer
// creates products); the overseer creates it in one step, and the statement is checked again, or
// refuses it with a reason the label reads. Each step is an event of the label's account stream.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { seesAllAccounts } from '../auth/scope';
import { readCodes } from '../catalog/codes';
import { createProduct } from '../catalog/service';
import type { Queryable } from '../db/database';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { AccountEvent, EventMetadata } from '../events/types';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { accountName } from '../queries/accounts';
import { isAccountArtist } from '../queries/products';
import { resolveStatements } from '../statements/pipeline';
import { epochSeconds, errorResponses, IdParams } from '../../api/common';
import {
  NewProductRequest,
  ProductRequest,
  ProductRequestList,
  ProductRequestQuery,
  ProductRequestRefusal,
} from '../../api/productRequests';
import type { CodeKind } from '../../rules/records';

export const ALREADY_DECIDED = 'This request was already decided.';
export const NOT_LABEL_ARTIST = 'This artist is not one of the label’s artists.';

interface RequestRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  account_name: string;
  statement_id: string;
  title: string;
  product_type: string;
  codes: { code: string; kind: CodeKind }[] | string;
  artist_id: string | null;
  artist_name: string | null;
  status: ProductRequest['status'];
  reason: string | null;
  product_id: string | null;
  requested_at: Date | string;
  decided_at: Date | string | null;
}

const toRequest = (row: RequestRow): ProductRequest => ({
  id: row.id,
  accountId: row.account_id,
  accountName: row.account_name,
  statementId: row.statement_id,
  title: row.title,
  type: row.product_type,
  codes:
    typeof row.codes === 'string'
      ? (JSON.parse(row.codes) as { code: string; kind: CodeKind }[])
      : row.codes,
  artistId: row.artist_id,
  artistName: row.artist_name,
  status: row.status,
  reason: row.reason,
  productId: row.product_id,
  requestedAt: epochSeconds(row.requested_at) ?? 0,
  decidedAt: epochSeconds(row.decided_at),
});

const SELECT = `select r.*, a.name as account_name, ar.name as artist_name
                  from product_requests r join accounts a on a.id = r.account_id
                  left join artists ar on ar.id = r.artist_id`;

/** The requests `viewer` sees (null: every account's), newest first. */
async function listRequests(
  db: Queryable,
  viewer: string | null,
  query: ProductRequestQuery,
): Promise<ProductRequest[]> {
  const rows = await db.query<RequestRow>(
    `${SELECT}
      where ($1::text is null or r.account_id = $1)
        and ($2::text is null or r.statement_id = $2)
        and ($3::text is null or r.status = $3)
      order by r.requested_at desc, r.id`,
    [viewer, query.statementId ?? null, query.status ?? null],
  );
  return rows.map(toRequest);
}

async function findRequest(db: Queryable, id: string, lock = false): Promise<RequestRow> {
  const rows = await db.query<RequestRow>(
    `${SELECT} where r.id = $1${lock ? ' for update of r' : ''}`,
    [id],
  );
  if (!rows[0]) throw new NotFoundError();
  return rows[0];
}

async function appendToAccount(
  tx: Queryable,
  accountId: string,
  event: AccountEvent,
  metadata: EventMetadata,
) {
  const stream = `account-${accountId}`;
  await appendToStream(tx, stream, await streamVersion(tx, stream), [event], metadata);
}

const productRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only overseers decide: SPEC section 2 gives product creation to the overseer role.
  const decideAccess = { session: true, permissions: ['product:rw'], roles: ['overseer'] } as const;

  app.get(
    '/api/product-requests',
    {
      config: { access: { session: true, permissions: ['product:ro'] } },
      schema: {
        tags: ['products'],
        summary: "Requests for a product: the label's own, or every label's for overseers",
        querystring: ProductRequestQuery,
        response: { 200: ProductRequestList, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const items = await listRequests(
        request.reads,
        seesAllAccounts(user) ? null : user.accountId,
        request.query,
      );
      return { items, total: items.length };
    },
  );

  app.post(
    '/api/product-requests',
    {
      // The label's own people who manage its catalog, for a statement of their own label.
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['products'],
        summary: "Ask the overseer for a product for a statement's unknown code",
        body: NewProductRequest,
        response: { 201: ProductRequest, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const body = request.body;
      const statement = await app.db.query<{ account_id: string }>(
        'select account_id from statements where id = $1',
        [body.statementId],
      );
      if (statement[0]?.account_id !== user.accountId) throw new NotFoundError();
      const codes = readCodes(body.codes);
      const artistId = body.artistId ?? null;
      if (artistId && !(await isAccountArtist(app.db, artistId, user.accountId)))
        throw new BadRequestError(NOT_LABEL_ARTIST);
      const requestId = randomUUID();
      await app.db.transaction((tx) =>
        appendToAccount(
          tx,
          user.accountId,
          {
            type: 'ProductRequested',
            data: {
              requestId,
              statementId: body.statementId,
              title: body.title.trim(),
              productType: body.type,
              codes: codes.map(({ code, kind }) => ({ code, kind })),
              artistId,
            },
          },
          commandMetadata(request, app.now()),
        ),
      );
      return reply.status(201).send(toRequest(await findRequest(app.db, requestId)));
    },
  );

  app.post(
    '/api/product-requests/:id/create',
    {
      config: { access: decideAccess },
      schema: {
        tags: ['products'],
        summary:
          'Create the requested product; the statements waiting for its codes are read again',
        params: IdParams,
        response: { 200: ProductRequest, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const metadata = commandMetadata(request, app.now());
      await app.db.transaction(async (tx) => {
        const row = await findRequest(tx, id, true);
        if (row.status !== 'requested') throw new ConflictError(ALREADY_DECIDED);
        const accountId = row.account_id;
        const productId = await createProduct(
          tx,
          accountId,
          {
            title: row.title,
            altTitle: null,
            subtitle: null,
            productType: row.product_type,
            genre: null,
            durationSeconds: null,
            copyright: null,
            territory: null,
            label: await accountName(tx, accountId),
            labelArtist: null,
            artistId: row.artist_id,
            tags: [],
            visibility: 'full',
            revenueView: 'net',
          },
          toRequest(row).codes,
          metadata,
        );
        await appendToAccount(
          tx,
          accountId,
          { type: 'ProductRequestFulfilled', data: { requestId: id, productId } },
          metadata,
        );
        // As adding a code to a product does: the statements waiting for it are read again.
        await resolveStatements(tx, accountId, { productId, titleChanged: true }, metadata);
      });
      return toRequest(await findRequest(app.db, id));
    },
  );

  app.post(
    '/api/product-requests/:id/refuse',
    {
      config: { access: decideAccess },
      schema: {
        tags: ['products'],
        summary: 'Refuse the request, with the reason the label reads',
        params: IdParams,
        body: ProductRequestRefusal,
        response: { 200: ProductRequest, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const reason = request.body.reason.trim();
      if (!reason) throw new BadRequestError(REASON_NEEDED);
      await app.db.transaction(async (tx) => {
        const row = await findRequest(tx, id, true);
        if (row.status !== 'requested') throw new ConflictError(ALREADY_DECIDED);
        await appendToAccount(
          tx,
          row.account_id,
          { type: 'ProductRequestRefused', data: { requestId: id, reason } },
          commandMetadata(request, app.now()),
        );
      });
      return toRequest(await findRequest(app.db, id));
    },
  );
};

export const REASON_NEEDED = 'Say why the product is refused.';

export default productRequestRoutes;
