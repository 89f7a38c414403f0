import { randomUUID } from 'node:crypto';
import type {} from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses, IdParams, multipartBody } from '../../api/common';
import { TemplatePreviewAnswer, TemplatePreviewParts } from '../../api/distributors';
import {
  AccountLayout,
  AccountLayoutList,
  AccountLayoutPatch,
  AccountLayoutQuery,
  LayoutProposal,
  LayoutSampleParts,
  NewAccountLayout,
} from '../../api/layouts';
import type { LayoutVersion } from '../../rules/templateSchema';
import { STATEMENT_UPLOADERS } from '../auth/intakeKeys';
import { seesAllAccounts } from '../auth/scope';
import type { Queryable } from '../db/database';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { appendAfterCheck, appendToStream } from '../events/store';
import { proposeLayout } from '../import/proposeLayout';
import { StatementFileError } from '../import/types';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import { findAccountLayout, listAccountLayouts } from '../queries/accountLayouts';
import { uploadAccount } from '../statements/upload';
import { supportedFileName } from '../statements/uploadFiles';
import { PREVIEW_BYTES, previewSample, readTemplate } from '../import/templatePreview';

export const LAYOUT_NAME_TAKEN =
  'A layout of yours for this distributor already has this name: choose another.';
export const LAYOUT_DISTRIBUTOR_UNKNOWN = 'This distributor does not exist.';

/** Those who upload the account's statements teach the portal to read them. */
const uploaders: RouteAccess = { session: true, permissions: STATEMENT_UPLOADERS };

/** The layout as sent by the editor, checked as the one version of a template. */
function readLayout(value: unknown, distributorName: string): LayoutVersion {
  const template = readTemplate({ name: distributorName, versions: [value] });
  const [layout] = template.versions;
  if (!layout) throw new BadRequestError('The layout is not valid.');
  return { ...layout, name: layout.name.trim() };
}

async function distributorName(db: Queryable, id: string): Promise<string> {
  const rows = await db.query<{ name: string }>('select name from distributors where id = $1', [
    id,
  ]);
  const found = rows[0];
  if (!found) throw new BadRequestError(LAYOUT_DISTRIBUTOR_UNKNOWN);
  return found.name;
}

async function nameTaken(
  tx: Queryable,
  accountId: string,
  distributorId: string,
  name: string,
  except: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `select 1 from account_layouts where account_id = $1 and distributor_id = $2
        and lower(name) = lower($3) and ($4::text is null or id <> $4)`,
    [accountId, distributorId, name, except],
  );
  return rows.length > 0;
}

/**
 * A label's own layouts of a distributor's statements: added from a sample file, edited and
 * removed by those who upload the label's statements, and read for that label's statements only.
 */
const accountLayoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The accounts a request reads: its own, or the one staff name (every account when none). */
  const scopeOf = (request: FastifyRequest, requested: string | undefined) => {
    const user = sessionOf(request).user;
    if (requested !== undefined && requested !== user.accountId && !seesAllAccounts(user))
      throw new ForbiddenError();
    return requested ?? (seesAllAccounts(user) ? null : user.accountId);
  };
  /** The layout a change is about, when the caller's account owns it. */
  const ownLayout = async (request: FastifyRequest, id: string) => {
    const user = sessionOf(request).user;
    const layout = await findAccountLayout(
      app.db,
      seesAllAccounts(user) ? null : user.accountId,
      id,
    );
    if (!layout) throw new NotFoundError();
    return layout;
  };

  app.get(
    '/api/layouts',
    {
      config: { access: uploaders },
      schema: {
        tags: ['layouts'],
        summary: "An account's own layouts, of one distributor when named",
        querystring: AccountLayoutQuery,
        response: { 200: AccountLayoutList, ...errorResponses },
      },
    },
    async (request) =>
      listAccountLayouts(
        request.reads,
        scopeOf(request, request.query.accountId),
        request.query.distributorId ?? null,
        request.query,
      ),
  );

  app.post(
    '/api/layouts',
    {
      config: { access: uploaders },
      schema: {
        tags: ['layouts'],
        summary:
          "A layout of the account's own for a distributor: its statements are read with it too",
        body: NewAccountLayout,
        response: { 201: AccountLayout, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const accountId = await uploadAccount(app.db, user, request.body.accountId ?? null);
      const { distributorId } = request.body;
      const layout = readLayout(request.body.layout, await distributorName(app.db, distributorId));
      const layoutId = randomUUID();
      await app.db.transaction(async (tx) => {
        if (await nameTaken(tx, accountId, distributorId, layout.name, null))
          throw new ConflictError(LAYOUT_NAME_TAKEN);
        await appendToStream(
          tx,
          `layout-${layoutId}`,
          0,
          [{ type: 'AccountLayoutAdded', data: { layoutId, accountId, distributorId, layout } }],
          commandMetadata(request, app.now()),
        );
      });
      return reply.status(201).send(await ownLayout(request, layoutId));
    },
  );

  app.patch(
    '/api/layouts/:id',
    {
      config: { access: uploaders },
      schema: {
        tags: ['layouts'],
        summary: "Change one of the account's own layouts",
        params: IdParams,
        body: AccountLayoutPatch,
        response: { 200: AccountLayout, ...errorResponses },
      },
    },
    async (request) => {
      const current = await ownLayout(request, request.params.id);
      const layout = readLayout(request.body.layout, current.distributor.name);
      await app.db.transaction(async (tx) => {
        if (
          await nameTaken(tx, current.account.id, current.distributor.id, layout.name, current.id)
        )
          throw new ConflictError(LAYOUT_NAME_TAKEN);
        await appendAfterCheck(
          tx,
          `layout-${current.id}`,
          request.body.version,
          [{ type: 'AccountLayoutChanged', data: { before: current.layout, after: layout } }],
          commandMetadata(request, app.now()),
        );
      });
      return ownLayout(request, current.id);
    },
  );

  app.delete(
    '/api/layouts/:id',
    {
      config: { access: uploaders },
      schema: {
        tags: ['layouts'],
        summary:
          "Remove one of the account's own layouts: statements already read keep their records",
        params: IdParams,
        response: { 200: AccountLayout, ...errorResponses },
      },
    },
    async (request) => {
      const current = await ownLayout(request, request.params.id);
      await app.db.transaction((tx) =>
        appendAfterCheck(
          tx,
          `layout-${current.id}`,
          current.version,
          [{ type: 'AccountLayoutRemoved', data: {} }],
          commandMetadata(request, app.now()),
        ),
      );
      return current;
    },
  );

  app.post(
    '/api/layouts/proposal',
    {
      config: { access: uploaders },
      schema: {
        tags: ['layouts'],
        summary:
          'A layout proposed from a sample statement (`file` part): its header, each column mapped by its name, the decimal separator and encoding',
        body: multipartBody(LayoutSampleParts),
        response: { 200: LayoutProposal, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw new BadRequestError('Send the sample file as multipart/form-data.');
      let sample: { name: string; bytes: Buffer } | null = null;
      // A file past the limit is read as far as it goes: the header and first rows are enough.
      const partOptions = {
        limits: { fileSize: PREVIEW_BYTES, files: 1 },
        throwFileSizeLimit: false,
      } as Parameters<typeof request.parts>[0];
      for await (const part of request.parts(partOptions)) {
        if (part.type === 'field') continue;
        const name = supportedFileName(part);
        sample = { name, bytes: await part.toBuffer() };
      }
      if (!sample) throw new BadRequestError('Choose a sample file.');
      try {
        return await proposeLayout(sample);
      } catch (error) {
        if (error instanceof StatementFileError) throw new BadRequestError(error.message);
        throw error;
      }
    },
  );

  app.post(
    '/api/layouts/preview',
    {
      config: { access: uploaders },
      schema: {
        tags: ['layouts'],
        summary:
          'The first rows of a sample file read through a layout being edited (`template` and `file` parts)',
        body: multipartBody(TemplatePreviewParts),
        response: { 200: TemplatePreviewAnswer, ...errorResponses },
      },
    },
    async (request) => previewSample(request, null),
  );
};

export default accountLayoutRoutes;
