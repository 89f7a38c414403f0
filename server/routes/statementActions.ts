import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses, IdParams, multipartBody } from '../../api/common';
import { ReplaceParts, RetryParts, StatementFileParams } from '../../api/statementUpload';
import { CommandDone, FundsRequest, MoveRequest } from '../../api/statements';
import type { Queryable } from '../db/database';
import { BadRequestError, ForbiddenError, HttpError } from '../errors';
import { enqueueJob } from '../jobs/queue';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import { lockVisibleStatement, statementStatusOf } from '../queries/statements';
import { confirmTotal, receiveFunds, requestCalculation, transition } from '../statements/pipeline';
import { queuePayeeStatementMails } from '../payeeStatements/mail';
import { preparePayments } from '../statements/payments';
import {
  lockAccountFiles,
  refuseFilesInLiveStatements,
  replaceStatementFile,
} from '../statements/replaceFile';
import { receiveStatementFiles } from '../statements/uploadFiles';
import { forgetFileTables } from '../statements/recordTables';

const labelAccess: RouteAccess = { session: true, permissions: ['statement:rw'] };
const adminAccess: RouteAccess = { session: true, permissions: ['statement:rw'], roles: ['admin'] };

/** SPEC section 8: the title a refused delete is shown with, above the reason. */
export const STATEMENT_REMOVE_FAILED = 'Statement Remove Failed';

export const RETRY_NEEDS_ADMIN =
  'Only an admin can retry a statement that was read: correct its rows in a new upload, or cancel it.';

/**
 * SPEC section 4 lists retry among the admin's actions; a label re-uploading the corrected file
 * of its own upload that failed to be read is the normal loop, so it may retry a failed one.
 */
async function assertMayRetry(tx: Queryable, request: FastifyRequest, id: string) {
  if (sessionOf(request).user.roles.includes('admin')) return;
  const rows = await tx.query<{ state: string }>('select state from statements where id = $1', [
    id,
  ]);
  if (rows[0]?.state !== 'failed') throw new ForbiddenError(RETRY_NEEDS_ADMIN);
}

/** The pipeline's commands on one statement; its reads are in statements.ts. */
const statementActionRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (
  app,
  { publicUrl },
) => {
  const answer = (id: string) => statementStatusOf(app.db, id);

  const action = (
    path: string,
    summary: string,
    access: RouteAccess,
    run: (tx: Queryable, request: FastifyRequest, id: string) => Promise<unknown>,
    failureTitle?: string,
  ) =>
    app.post(
      `/api/statements/:id/${path}`,
      {
        config: { access },
        schema: {
          tags: ['statement pipeline'],
          summary,
          params: IdParams,
          response: { 200: CommandDone, ...errorResponses },
        },
      },
      async (request) => {
        const id = request.params.id;
        try {
          await app.db.transaction(async (tx) => {
            await lockVisibleStatement(tx, sessionOf(request).user, id);
            await run(tx, request, id);
          });
        } catch (error) {
          if (failureTitle && error instanceof HttpError && !error.title)
            throw new HttpError(error.statusCode, error.message, failureTitle, error.errors);
          throw error;
        }
        app.jobs.poke();
        return answer(id);
      },
    );

  const simple = (
    path: string,
    summary: string,
    access: RouteAccess,
    event: Parameters<typeof transition>[2],
    failureTitle?: string,
  ) =>
    action(
      path,
      summary,
      access,
      (tx, request, id) => transition(tx, id, event, commandMetadata(request, app.now())),
      failureTitle,
    );

  simple('force', 'Run without matching funds (admin)', adminAccess, { type: 'statement.force' });
  simple('expedite', 'Skip the wait for funds', labelAccess, { type: 'statement.expedite' });
  simple('cancel', 'Cancel the statement', labelAccess, { type: 'statement.cancel' });
  simple(
    'delete',
    'Delete the statement (admin)',
    adminAccess,
    { type: 'statement.delete' },
    STATEMENT_REMOVE_FAILED,
  );
  simple('reset', 'Back to pending, dropping the result (admin)', adminAccess, {
    type: 'statement.reset',
  });
  action(
    'confirm-total',
    'Confirm the total the statement was held on, as read',
    labelAccess,
    (tx, request, id) => confirmTotal(tx, id, commandMetadata(request, app.now())),
  );
  action('calculate', 'Calculate the splits', labelAccess, (tx, request, id) =>
    requestCalculation(tx, id, 'statement.calculate', commandMetadata(request, app.now())),
  );
  action(
    'recalculate',
    'Calculate again; the earlier result stays in the log (admin)',
    adminAccess,
    (tx, request, id) =>
      requestCalculation(tx, id, 'statement.recalculate', commandMetadata(request, app.now())),
  );
  action(
    'approve',
    'Approve the result, prepare the payments and e-mail each payee their statement',
    labelAccess,
    async (tx, request, id) => {
      const metadata = commandMetadata(request, app.now());
      await preparePayments(tx, id, metadata);
      await queuePayeeStatementMails(tx, id, publicUrl, metadata.at);
    },
  );

  app.post(
    '/api/statements/:id/funds',
    {
      config: { access: labelAccess },
      schema: {
        tags: ['statement pipeline'],
        summary: 'Record an incoming amount for the statement',
        params: IdParams,
        body: FundsRequest,
        response: { 200: CommandDone, ...errorResponses },
      },
    },
    async (request) => {
      if (/^0*(\.0*)?$/.test(request.body.amount))
        throw new BadRequestError('An amount must be positive.');
      await app.db.transaction(async (tx) => {
        await lockVisibleStatement(tx, sessionOf(request).user, request.params.id);
        await receiveFunds(
          tx,
          request.params.id,
          request.body.amount,
          commandMetadata(request, app.now()),
          request.body.requestId,
        );
      });
      return answer(request.params.id);
    },
  );

  app.post(
    '/api/statements/:id/move',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['statement pipeline'],
        summary: 'Move the statement date (admin)',
        params: IdParams,
        body: MoveRequest,
        response: { 200: CommandDone, ...errorResponses },
      },
    },
    async (request) => {
      if (Number.isNaN(Date.parse(`${request.body.date}T00:00:00Z`))) {
        throw new BadRequestError('Not a valid date.');
      }
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        await lockVisibleStatement(tx, sessionOf(request).user, id);
        const rows = await tx.query<{ statement_date: string | null }>(
          `select to_char(statement_date, 'YYYY-MM-DD') as statement_date from statements where id = $1`,
          [id],
        );
        await transition(tx, id, { type: 'statement.move' }, commandMetadata(request, app.now()), [
          {
            type: 'StatementDateMoved',
            data: { from: rows[0]?.statement_date ?? null, to: request.body.date },
          },
        ]);
      });
      return answer(id);
    },
  );

  app.post(
    '/api/statements/:id/retry',
    {
      config: { access: labelAccess },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'Replace the files that failed or had row errors with corrected ones and read them again (a label its own failed statement; an admin any)',
        params: IdParams,
        body: multipartBody(RetryParts),
        response: { 200: CommandDone, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { files } = await receiveStatementFiles(request, app.blobs);
      if (files.length === 0) throw new BadRequestError('Choose at least one file to upload.');
      await app.db.transaction(async (tx) => {
        await lockVisibleStatement(tx, sessionOf(request).user, id);
        await assertMayRetry(tx, request, id);
        const faulty = await tx.query<{ id: string }>(
          `select id from statement_files where statement_id = $1 and (status = 'rejected' or errors > 0)`,
          [id],
        );
        const removed = faulty.map((file) => file.id);
        // The corrected files may be the faulty ones again, never a file another statement holds.
        const owner = await tx.query<{ account_id: string }>(
          'select account_id from statements where id = $1',
          [id],
        );
        const accountId = owner[0]?.account_id ?? '';
        await lockAccountFiles(tx, accountId);
        await refuseFilesInLiveStatements(tx, accountId, files, removed);
        await forgetFileTables(tx, removed);
        await tx.query(
          'delete from statement_records where statement_id = $1 and file_id = any($2::text[])',
          [id, removed],
        );
        await tx.query('delete from statement_row_errors where file_id = any($1::text[])', [
          removed,
        ]);
        await transition(tx, id, { type: 'statement.retry' }, commandMetadata(request, app.now()), [
          { type: 'StatementFilesReplaced', data: { removed, added: files } },
        ]);
        await enqueueJob(tx, 'statement.parse', { statementId: id }, app.now());
      });
      app.jobs.poke();
      return answer(id);
    },
  );

  app.post(
    '/api/statements/:id/files/:fileId/replace',
    {
      config: { access: labelAccess },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'Before approval, replace one file of the statement with another: the statement is read and checked again',
        params: StatementFileParams,
        body: multipartBody(ReplaceParts),
        response: { 200: CommandDone, ...errorResponses },
      },
    },
    async (request) => {
      const { id, fileId } = request.params;
      const { files } = await receiveStatementFiles(request, app.blobs);
      await app.db.transaction(async (tx) => {
        await lockVisibleStatement(tx, sessionOf(request).user, id);
        await replaceStatementFile(tx, id, fileId, files, commandMetadata(request, app.now()));
      });
      app.jobs.poke();
      return answer(id);
    },
  );
};

export default statementActionRoutes;
