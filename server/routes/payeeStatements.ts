import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsvText, errorResponses, FileBytes, IdParams, inMediaTypes } from '../../api/common';
import {
  PayeeQuery,
  PayeeStatement,
  PayeeStatementList,
  PayeeStatementListQuery,
  PeriodQuery,
} from '../../api/payeeStatements';
import { seesAllAccounts } from '../auth/scope';
import { NotFoundError } from '../errors';
import { payeeStatementCsv, payeeStatementFileName } from '../payeeStatements/csv';
import { payeeStatementPdf } from '../payeeStatements/pdf';
import {
  listOwnStatements,
  payeesOfStatement,
  readPayeeStatement,
  statementsOfPeriod,
  type PayeeStatementDocument,
  type PayeeStatementKey,
} from '../payeeStatements/read';
import { payeeStatementsZip } from '../payeeStatements/zip';
import { sessionOf, type RouteAccess } from '../plugins/auth';

/**
 * A payee reads their own statements with payment:ro, which every payee role holds: a payee
 * statement is the advice of what they were paid. statement:ro would open the label's statements
 * (every payee's totals, the records, the calculation); the own routes read only rows whose payee
 * is the caller, whoever the caller is.
 */
const ownAccess: RouteAccess = { session: true, permissions: ['payment:ro'] };
/** The label's staff read any of their payees' statements; admins and overseers any account's. */
const staffAccess: RouteAccess = { session: true, permissions: ['statement:ro'] };

const CsvAnswer = inMediaTypes({ 'text/csv': CsvText });
const PdfAnswer = inMediaTypes({ 'application/pdf': FileBytes });
const ZipAnswer = inMediaTypes({ 'application/zip': FileBytes });

const attachment = (name: string) =>
  `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** One payee's statement of an approved statement: JSON, CSV or PDF. */
const payeeStatementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const warn = (message: string) => app.log.warn(message);

  const ownKey = (request: FastifyRequest, statementId: string): PayeeStatementKey => ({
    statementId,
    payeeId: sessionOf(request).user.id,
    accountId: null,
  });
  const staffKey = (
    request: FastifyRequest,
    statementId: string,
    payeeId: string,
  ): PayeeStatementKey => {
    const user = sessionOf(request).user;
    return { statementId, payeeId, accountId: seesAllAccounts(user) ? null : user.accountId };
  };
  const read = async (key: PayeeStatementKey): Promise<PayeeStatementDocument> => {
    const found = await readPayeeStatement(app.db, key);
    if (!found) throw new NotFoundError();
    return found;
  };
  const sendCsv = (reply: FastifyReply, { statement }: PayeeStatementDocument) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(payeeStatementFileName(statement, 'csv')))
      .send(payeeStatementCsv(statement));
  const sendPdf = async (reply: FastifyReply, { statement, language }: PayeeStatementDocument) =>
    reply
      .type('application/pdf')
      .header('content-disposition', attachment(payeeStatementFileName(statement, 'pdf')))
      .send(await payeeStatementPdf(statement, language, warn));

  app.get(
    '/api/earnings',
    {
      config: { access: ownAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'The caller’s own payee statements, newest period first',
        querystring: PayeeStatementListQuery,
        response: { 200: PayeeStatementList, ...errorResponses },
      },
    },
    async (request) =>
      listOwnStatements(request.reads, sessionOf(request).user.id, request.query, app.now()),
  );

  app.get(
    '/api/earnings/:id',
    {
      config: { access: ownAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'The caller’s statement of one approved statement',
        params: IdParams,
        response: { 200: PayeeStatement, ...errorResponses },
      },
    },
    async (request) => (await read(ownKey(request, request.params.id))).statement,
  );

  app.get(
    '/api/earnings/:id/csv',
    {
      config: { access: ownAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'The caller’s statement as CSV, exact amounts',
        params: IdParams,
        response: { 200: CsvAnswer, ...errorResponses },
      },
    },
    async (request, reply) => sendCsv(reply, await read(ownKey(request, request.params.id))),
  );

  app.get(
    '/api/earnings/:id/pdf',
    {
      config: { access: ownAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'The caller’s statement as PDF, in their language',
        params: IdParams,
        response: { 200: PdfAnswer, ...errorResponses },
      },
    },
    async (request, reply) => sendPdf(reply, await read(ownKey(request, request.params.id))),
  );

  app.get(
    '/api/statements/:id/payee-statement',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'One payee’s statement of an approved statement of the account',
        params: IdParams,
        querystring: PayeeQuery,
        response: { 200: PayeeStatement, ...errorResponses },
      },
    },
    async (request) =>
      (await read(staffKey(request, request.params.id, request.query.payee))).statement,
  );

  app.get(
    '/api/statements/:id/payee-statement/csv',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'One payee’s statement as CSV',
        params: IdParams,
        querystring: PayeeQuery,
        response: { 200: CsvAnswer, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendCsv(reply, await read(staffKey(request, request.params.id, request.query.payee))),
  );

  app.get(
    '/api/statements/:id/payee-statement/pdf',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'One payee’s statement as PDF, in the payee’s language',
        params: IdParams,
        querystring: PayeeQuery,
        response: { 200: PdfAnswer, ...errorResponses },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await read(staffKey(request, request.params.id, request.query.payee))),
  );

  const sendZip = (reply: FastifyReply, keys: PayeeStatementKey[], name: string) =>
    reply
      .type('application/zip')
      .header('content-disposition', attachment(name))
      .send(payeeStatementsZip(app.db, keys, app.now(), warn));

  app.get(
    '/api/statements/:id/payee-statements.zip',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'Every payee’s statement of one approved statement, PDF and CSV, in one zip',
        params: IdParams,
        response: { 200: ZipAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const accountId = seesAllAccounts(user) ? null : user.accountId;
      const statementId = request.params.id;
      const payees = await payeesOfStatement(app.db, statementId, accountId);
      if (payees.length === 0) throw new NotFoundError();
      const period = (await read({ statementId, payeeId: payees[0]!, accountId })).statement.period;
      return sendZip(
        reply,
        payees.map((payeeId) => ({ statementId, payeeId, accountId })),
        `payee-statements-${period}-${statementId.slice(0, 8)}.zip`,
      );
    },
  );

  app.get(
    '/api/payee-statements.zip',
    {
      config: { access: staffAccess },
      schema: {
        tags: ['payee statements'],
        summary: 'Every payee’s statement of every approved statement of a period, in one zip',
        querystring: PeriodQuery,
        response: { 200: ZipAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const accountId = seesAllAccounts(user) ? null : user.accountId;
      const keys: PayeeStatementKey[] = [];
      for (const statementId of await statementsOfPeriod(app.db, request.query.period, accountId)) {
        for (const payeeId of await payeesOfStatement(app.db, statementId, accountId)) {
          keys.push({ statementId, payeeId, accountId });
        }
      }
      if (keys.length === 0) {
        throw new NotFoundError('No statement of this period has been approved.');
      }
      return sendZip(reply, keys, `payee-statements-${request.query.period}.zip`);
    },
  );
};

export default payeeStatementRoutes;
