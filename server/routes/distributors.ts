import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DISTRIBUTOR_READERS } from '../../rules/permissions';
import { ConflictError, NotFoundError } from '../errors';
import { appendAfterCheck, appendToStream } from '../events/store';
import type { DistributorFields } from '../events/types';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { previewSample, readTemplate } from '../import/templatePreview';
import {
  distributorNameTaken,
  findDistributor,
  listDistributors,
  toDistributorDetail,
} from '../queries/distributors';
import { errorResponses, IdParams, ListQuery, multipartBody } from '../../api/common';
import {
  DistributorDetail,
  DistributorList,
  DistributorPatch,
  NewDistributor,
  SavedTemplatePreviewParts,
  TemplatePreviewAnswer,
  TemplatePreviewParts,
} from '../../api/distributors';

export const DISTRIBUTOR_NAME_TAKEN = 'A distributor with this name already exists.';

const writeAccess = {
  session: true,
  permissions: ['distributor:rw'],
  roles: ['overseer', 'admin'],
} as const;

const distributorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const loadDistributor = async (id: string) => {
    const row = await findDistributor(app.db, id);
    if (!row) throw new NotFoundError();
    return row;
  };

  const detail = toDistributorDetail;

  app.get(
    '/api/distributors',
    {
      config: {
        access: { session: true, permissions: DISTRIBUTOR_READERS },
      },
      schema: {
        tags: ['distributors'],
        summary: 'Distributors, searched and paged',
        querystring: ListQuery,
        response: { 200: DistributorList, ...errorResponses },
      },
    },
    async (request) =>
      listDistributors(request.reads, sessionOf(request).user.accountId, request.query),
  );

  app.get(
    '/api/distributors/:id',
    {
      config: {
        access: { session: true, permissions: DISTRIBUTOR_READERS },
      },
      schema: {
        tags: ['distributors'],
        summary: 'One distributor with its template',
        params: IdParams,
        response: { 200: DistributorDetail, ...errorResponses },
      },
    },
    async (request) => detail(await loadDistributor(request.params.id)),
  );

  app.post(
    '/api/distributors',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['distributors'],
        summary: 'Add a distributor',
        body: NewDistributor,
        response: { 201: DistributorDetail, ...errorResponses },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      const template = request.body.template ? readTemplate(request.body.template) : null;
      const distributorId = randomUUID();
      await app.db.transaction(async (tx) => {
        if (await distributorNameTaken(tx, name, null))
          throw new ConflictError(DISTRIBUTOR_NAME_TAKEN);
        await appendToStream(
          tx,
          `distributor-${distributorId}`,
          0,
          [
            {
              type: 'DistributorCreated',
              data: { distributorId, name, uploadable: request.body.uploadable, template },
            },
          ],
          commandMetadata(request, app.now()),
        );
      });
      return reply.status(201).send(detail(await loadDistributor(distributorId)));
    },
  );

  app.patch(
    '/api/distributors/:id',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['distributors'],
        summary: 'Change a distributor or its template',
        params: IdParams,
        body: DistributorPatch,
        response: { 200: DistributorDetail, ...errorResponses },
      },
    },
    async (request) => {
      const current = await loadDistributor(request.params.id);
      const after: Partial<DistributorFields> = {};
      if (request.body.name !== undefined) after.name = request.body.name.trim();
      if (request.body.uploadable !== undefined) after.uploadable = request.body.uploadable;
      if (request.body.template !== undefined) {
        after.template =
          request.body.template === null ? null : readTemplate(request.body.template);
      }
      const before: Partial<DistributorFields> = {};
      for (const key of Object.keys(after) as (keyof DistributorFields)[]) {
        (before as Record<string, unknown>)[key] = current[key];
      }
      await app.db.transaction(async (tx) => {
        if (after.name && (await distributorNameTaken(tx, after.name, current.id)))
          throw new ConflictError(DISTRIBUTOR_NAME_TAKEN);
        await appendAfterCheck(
          tx,
          `distributor-${current.id}`,
          request.body.version,
          [{ type: 'DistributorChanged', data: { before, after } }],
          commandMetadata(request, app.now()),
        );
      });
      return detail(await loadDistributor(current.id));
    },
  );

  app.post(
    '/api/distributors/preview',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['distributors'],
        summary:
          'The first rows of a sample file read through a template being edited (`template` and `file` parts)',
        body: multipartBody(TemplatePreviewParts),
        response: { 200: TemplatePreviewAnswer, ...errorResponses },
      },
    },
    async (request) => previewSample(request, null),
  );

  app.post(
    '/api/distributors/:id/preview',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['distributors'],
        summary:
          'The first rows of a sample file read through the saved template (or a `template` part)',
        params: IdParams,
        body: multipartBody(SavedTemplatePreviewParts),
        response: { 200: TemplatePreviewAnswer, ...errorResponses },
      },
    },
    async (request) => previewSample(request, (await loadDistributor(request.params.id)).template),
  );
};

export default distributorRoutes;
