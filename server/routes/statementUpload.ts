import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, multipartBody } from '../../api/common';
import { UploadedStatements, UploadParts } from '../../api/statementUpload';
import { STATEMENT_UPLOADERS } from '../auth/intakeKeys';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { fileStatement } from '../statements/upload';

const statementUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // SPEC section 7 names this path; the answer is a list whose first item has an id.
  app.post(
    '/api/statement/upload',
    {
      config: { access: { session: true, permissions: STATEMENT_UPLOADERS } },
      schema: {
        tags: ['statements'],
        summary:
          'Upload the files of one statement: a `body` JSON part (distributor, report_month, expected) and `file` parts',
        body: multipartBody(UploadParts),
        response: { 201: UploadedStatements, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const uploaded = await fileStatement(
        app,
        request,
        { kind: 'person', user: session.user },
        commandMetadata(request, app.now()),
      );
      return reply.status(201).send(uploaded);
    },
  );
};

export default statementUploadRoutes;
