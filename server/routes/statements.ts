import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses, IdParams, ListQuery } from '../../api/common';
import {
  AdjustmentList,
  Calculation,
  MissingCodeList,
  PayeeTotalList,
  Statement,
  StatementHistory,
  StatementList,
  statementListQuery,
  StatementRecordList,
  StatementRowErrorList,
  StatementSplitChangeList,
} from '../../api/statements';
import { seesAllAccounts } from '../auth/scope';
import { NotFoundError } from '../errors';
import { sessionOf } from '../plugins/auth';
import { statementReading } from '../queries/statementReading';
import { ReadingSummaryAnswer } from '../../api/statementUpload';
import {
  findCalculationBlobs,
  findStatement,
  listAdjustments,
  listMissingCodes,
  listPayeeTotals,
  listRecords,
  listRowErrors,
  listStatements,
  statementHistory,
  statementIsVisible,
  statementStatuses,
} from '../queries/statements';
import { splitChangesSince } from '../statements/splitChanges';
import { inputOfFile } from '../statements/calculationInput';

const readAccess = { session: true, permissions: ['statement:ro', 'import:ro'] } as const;
const resultAccess = { session: true, permissions: ['statement:ro'] } as const;

/** Every GET of a statement and of what it holds; the commands are in statementActions.ts. */
const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The statement's id, once the caller is known to see it; a GET locks nothing. */
  const visibleId = async (request: FastifyRequest, id: string) => {
    if (!(await statementIsVisible(app.db, sessionOf(request).user, id))) {
      throw new NotFoundError();
    }
    return id;
  };

  app.get(
    '/api/statements',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        summary: 'Statements the caller may see, filtered and paged',
        querystring: statementListQuery(statementStatuses),
        response: { 200: StatementList, ...errorResponses },
      },
    },
    async (request) => listStatements(request.reads, sessionOf(request).user, request.query),
  );

  app.get(
    '/api/statements/:id',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        summary: 'One statement with its files and totals',
        params: IdParams,
        response: { 200: Statement, ...errorResponses },
      },
    },
    async (request) => {
      const statement = await findStatement(
        request.reads,
        sessionOf(request).user,
        request.params.id,
      );
      if (!statement) throw new NotFoundError();
      return statement;
    },
  );

  app.get(
    '/api/statements/:id/errors',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        summary: 'Row errors of the statement’s files, in file and row order',
        params: IdParams,
        querystring: ListQuery,
        response: { 200: StatementRowErrorList, ...errorResponses },
      },
    },
    async (request) =>
      listRowErrors(request.reads, await visibleId(request, request.params.id), request.query),
  );

  app.get(
    '/api/statements/:id/missing-codes',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        summary: 'Codes of the statement that no product of the account has yet',
        params: IdParams,
        querystring: ListQuery,
        response: { 200: MissingCodeList, ...errorResponses },
      },
    },
    async (request) =>
      listMissingCodes(request.reads, await visibleId(request, request.params.id), request.query),
  );

  app.get(
    '/api/statements/:id/reading',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        summary:
          'What the read files come to per currency: rows, revenue, units, dates, top territories',
        params: IdParams,
        response: { 200: ReadingSummaryAnswer, ...errorResponses },
      },
    },
    async (request) => statementReading(request.reads, await visibleId(request, request.params.id)),
  );

  app.get(
    '/api/statements/:id/records',
    {
      config: { access: readAccess },
      schema: {
        tags: ['statements'],
        summary: "A statement's records, paged",
        params: IdParams,
        querystring: ListQuery,
        response: { 200: StatementRecordList, ...errorResponses },
      },
    },
    async (request) =>
      listRecords(request.reads, await visibleId(request, request.params.id), request.query),
  );

  app.get(
    '/api/statements/:id/adjustments',
    {
      config: { access: resultAccess },
      schema: {
        tags: ['statement pipeline'],
        summary: 'Royalty lines and adjustments entered by hand',
        params: IdParams,
        response: { 200: AdjustmentList, ...errorResponses },
      },
    },
    async (request) => listAdjustments(request.reads, await visibleId(request, request.params.id)),
  );

  app.get(
    '/api/statements/:id/events',
    {
      config: { access: resultAccess },
      schema: {
        tags: ['statement pipeline'],
        summary: 'The statement’s history, event by event, with the machine state after each',
        params: IdParams,
        response: { 200: StatementHistory, ...errorResponses },
      },
    },
    async (request) => statementHistory(request.reads, await visibleId(request, request.params.id)),
  );

  app.get(
    '/api/statements/:id/calculation',
    {
      config: { access: resultAccess },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'The exact engine input and output of the current result: re-run it with `npm run engine -- calc`',
        params: IdParams,
        response: { 200: Calculation, ...errorResponses },
      },
    },
    async (request) => {
      const calculation = await findCalculationBlobs(
        request.reads,
        await visibleId(request, request.params.id),
      );
      if (!calculation) throw new NotFoundError('This statement has not been calculated yet.');
      const readJson = async (sha: string) => {
        const chunks: Buffer[] = [];
        for await (const chunk of app.blobs.open(sha)) chunks.push(chunk as Buffer);
        return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      };
      const readInput = async (sha: string) => {
        const chunks: Buffer[] = [];
        for await (const chunk of app.blobs.open(sha)) chunks.push(chunk as Buffer);
        return inputOfFile(app.blobs, Buffer.concat(chunks).toString('utf8'));
      };
      return {
        calculationId: calculation.id,
        backend: calculation.backend,
        input: (await readInput(calculation.inputSha256)) as unknown as Record<string, unknown>,
        output: await readJson(calculation.outputSha256),
      };
    },
  );

  app.get(
    '/api/statements/:id/split-changes',
    {
      config: { access: resultAccess },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'Saves of the splits of the statement’s products (or of the account’s defaults) since its pending result was calculated; approval refuses that result until it is calculated again',
        params: IdParams,
        response: { 200: StatementSplitChangeList, ...errorResponses },
      },
    },
    async (request) =>
      splitChangesSince(request.reads, await visibleId(request, request.params.id)),
  );

  app.get(
    '/api/statements/:id/payees',
    {
      config: { access: resultAccess },
      schema: {
        tags: ['statement pipeline'],
        summary: 'Each payee’s totals in the current result',
        params: IdParams,
        response: { 200: PayeeTotalList, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const id = await visibleId(request, request.params.id);
      return listPayeeTotals(request.reads, id, seesAllAccounts(user) ? null : user.accountId);
    },
  );
};

export default statementRoutes;
