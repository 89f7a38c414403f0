import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type {} from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { appendAfterCheck, appendToStream } from '../events/store';
import type { DistributorFields } from '../events/types';
import { parseStatement } from '../import/parse';
import { templateProblems, type DistributorTemplate } from '../../rules/templateSchema';
import { StatementFileError, type RowError, type StatementRecord } from '../import/types';
import { commandMetadata } from '../plugins/auth';
import {
  distributorNameTaken,
  findDistributor,
  listDistributors,
  toDistributorDetail,
} from '../queries/distributors';
import { errorResponses, IdParams, ListQuery } from '../../api/common';
import {
  DistributorDetail,
  DistributorList,
  DistributorPatch,
  NewDistributor,
  TemplatePreviewAnswer,
} from '../../api/distributors';

export const DISTRIBUTOR_NAME_TAKEN = 'A distributor with this name already exists.';
const PREVIEW_ROWS = 20;
const PREVIEW_BYTES = 20 * 1024 * 1024;

/** A template as sent by the editor, checked before it is saved or used. */
function readTemplate(value: unknown): DistributorTemplate {
  const problems = templateProblems(value);
  if (problems.length > 0) {
    throw new BadRequestError(
      problems[0] ?? 'The template is not valid.',
      problems.map((message) => ({ path: 'template', message })),
    );
  }
  return value as DistributorTemplate;
}

function previewAnswer(records: StatementRecord[], errors: RowError[], summary: object | null) {
  return {
    records: records.map((record) => ({ ...record })),
    errors,
    summary: summary as Record<string, unknown> | null,
  };
}

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
        access: { session: true, permissions: ['distributor:ro', 'import:ro', 'statement:ro'] },
      },
      schema: {
        tags: ['distributors'],
        querystring: ListQuery,
        response: { 200: DistributorList, ...errorResponses },
      },
    },
    async (request) => listDistributors(app.db, request.query),
  );

  app.get(
    '/api/distributors/:id',
    {
      config: {
        access: { session: true, permissions: ['distributor:ro', 'import:ro', 'statement:ro'] },
      },
      schema: {
        tags: ['distributors'],
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

  /** Reads the first rows of a sample file through a template, without storing anything. */
  const preview = async (request: FastifyRequest, savedTemplate: DistributorTemplate | null) => {
    if (!request.isMultipart())
      throw new BadRequestError('Send the sample file as multipart/form-data.');
    let template = savedTemplate;
    let sample: { name: string; bytes: Buffer } | null = null;
    for await (const part of request.parts({ limits: { fileSize: PREVIEW_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'template') {
          let parsed: unknown;
          try {
            parsed = JSON.parse(String(part.value));
          } catch {
            throw new BadRequestError('The template is not valid JSON.');
          }
          template = readTemplate(parsed);
        }
        continue;
      }
      const bytes = await part.toBuffer();
      sample = { name: part.filename, bytes };
    }
    if (!template) throw new BadRequestError('This distributor has no template yet.');
    if (!sample) throw new BadRequestError('Choose a sample file.');
    const records: StatementRecord[] = [];
    const errors: RowError[] = [];
    const parse = parseStatement(
      { fileName: sample.name, bytes: Readable.from([sample.bytes]) },
      template,
    );
    try {
      for (;;) {
        const next = await parse.next();
        if (next.done)
          return { records, errors, summary: next.value as unknown as Record<string, unknown> };
        if ('record' in next.value) records.push(next.value.record);
        else errors.push(next.value.rowError);
        if (records.length + errors.length >= PREVIEW_ROWS) {
          await parse.return(undefined as never);
          return previewAnswer(records, errors, null);
        }
      }
    } catch (error) {
      if (error instanceof StatementFileError) throw new BadRequestError(error.message);
      throw error;
    }
  };

  app.post(
    '/api/distributors/preview',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['distributors'],
        summary:
          'The first rows of a sample file read through a template being edited (`template` and `file` parts)',
        consumes: ['multipart/form-data'],
        response: { 200: TemplatePreviewAnswer, ...errorResponses },
      },
    },
    async (request) => preview(request, null),
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
        consumes: ['multipart/form-data'],
        response: { 200: TemplatePreviewAnswer, ...errorResponses },
      },
    },
    async (request) => preview(request, (await loadDistributor(request.params.id)).template),
  );
};

export default distributorRoutes;
