import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { seesAllAccounts } from '../auth/scope';
import type { Queryable } from '../db/database';
import { randomUUID } from 'node:crypto';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { appendAfterCheck } from '../events/store';
import { enqueueJob } from '../jobs/queue';
import { trimDecimal } from './statements';
import { receiveStatementFiles } from './statementUpload';
import { readAllEvents } from '../events/store';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import { errorResponses, IdParams } from '../../api/common';
import { receiveFunds, requestCalculation, transition } from '../statements/pipeline';
import { preparePayments } from '../statements/payments';
import { statusOfState } from '../../machines/statementMachine';

/** Before calculation starts, lines can still be added by hand. */
const EDITABLE_STATES = new Set(['needsAttention', 'pending', 'awaitingFunds', 'funded']);

const Done = Type.Object({ id: Type.String(), status: Type.String(), state: Type.String() });

const labelAccess: RouteAccess = { session: true, permissions: ['statement:rw'] };
const adminAccess: RouteAccess = { session: true, permissions: ['statement:rw'], roles: ['admin'] };

const statementActionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The statement, if the caller's account may act on it. */
  const ownStatement = async (tx: Queryable, request: FastifyRequest, id: string) => {
    const user = sessionOf(request).user;
    const rows = await tx.query<{ id: string }>(
      'select id from statements where id = $1 and ($2::text is null or account_id = $2) for update',
      [id, seesAllAccounts(user) ? null : user.accountId],
    );
    if (!rows[0]) throw new NotFoundError();
  };

  const answer = async (id: string) => {
    const rows = await app.db.query<{ state: string }>(
      'select state from statements where id = $1',
      [id],
    );
    const state = rows[0]?.state ?? 'deleted';
    return { id, status: statusOfState[state] ?? state, state };
  };

  const action = (
    path: string,
    summary: string,
    access: RouteAccess,
    run: (tx: Queryable, request: FastifyRequest, id: string) => Promise<unknown>,
  ) =>
    app.post(
      `/api/statements/:id/${path}`,
      {
        config: { access },
        schema: {
          tags: ['statement pipeline'],
          summary,
          params: IdParams,
          response: { 200: Done, ...errorResponses },
        },
      },
      async (request) => {
        const id = request.params.id;
        await app.db.transaction(async (tx) => {
          await ownStatement(tx, request, id);
          await run(tx, request, id);
        });
        app.jobs.poke();
        return answer(id);
      },
    );

  const simple = (
    path: string,
    summary: string,
    access: RouteAccess,
    event: Parameters<typeof transition>[2],
  ) =>
    action(path, summary, access, (tx, request, id) =>
      transition(tx, id, event, commandMetadata(request, app.now())),
    );

  simple('force', 'Run without matching funds (admin)', adminAccess, { type: 'statement.force' });
  simple('expedite', 'Skip the wait for funds', labelAccess, { type: 'statement.expedite' });
  simple('cancel', 'Cancel the statement', labelAccess, { type: 'statement.cancel' });
  simple('delete', 'Delete the statement (admin)', adminAccess, { type: 'statement.delete' });
  simple('reset', 'Back to pending, dropping the result (admin)', adminAccess, {
    type: 'statement.reset',
  });
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
  action('approve', 'Approve the result and prepare the payments', labelAccess, (tx, request, id) =>
    preparePayments(tx, id, commandMetadata(request, app.now())),
  );

  app.post(
    '/api/statements/:id/funds',
    {
      config: { access: labelAccess },
      schema: {
        tags: ['statement pipeline'],
        summary: 'Record an incoming amount for the statement',
        params: IdParams,
        body: Type.Object(
          { amount: Type.String({ pattern: '^[0-9]{1,18}(\\.[0-9]{1,12})?$' }) },
          { additionalProperties: false },
        ),
        response: { 200: Done, ...errorResponses },
      },
    },
    async (request) => {
      if (/^0*(\.0*)?$/.test(request.body.amount))
        throw new BadRequestError('An amount must be positive.');
      await app.db.transaction(async (tx) => {
        await ownStatement(tx, request, request.params.id);
        await receiveFunds(
          tx,
          request.params.id,
          request.body.amount,
          commandMetadata(request, app.now()),
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
        body: Type.Object(
          { date: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }) },
          { additionalProperties: false },
        ),
        response: { 200: Done, ...errorResponses },
      },
    },
    async (request) => {
      if (Number.isNaN(Date.parse(`${request.body.date}T00:00:00Z`))) {
        throw new BadRequestError('Not a valid date.');
      }
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        await ownStatement(tx, request, id);
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

  const Adjustment = Type.Object({
    id: Type.String(),
    code: Type.String(),
    units: Type.String(),
    amount: Type.String(),
    description: Type.String(),
    createdAt: Type.Integer(),
  });

  app.get(
    '/api/statements/:id/adjustments',
    {
      config: { access: { session: true, permissions: ['statement:ro'] } },
      schema: {
        tags: ['statement pipeline'],
        summary: 'Royalty lines and adjustments entered by hand',
        params: IdParams,
        response: {
          200: Type.Object({ items: Type.Array(Adjustment), total: Type.Integer() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction((tx) => ownStatement(tx, request, id));
      const rows = await app.db.query<{
        id: string;
        code: string;
        units: string;
        amount: string;
        description: string;
        created_at: Date | string;
      }>(
        `select id, code, units::text as units, trim_scale(amount)::text as amount, description, created_at
           from statement_adjustments where statement_id = $1 order by created_at, id`,
        [id],
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          code: row.code,
          units: row.units,
          amount: row.amount,
          description: row.description,
          createdAt: Math.floor(new Date(row.created_at).getTime() / 1000),
        })),
        total: rows.length,
      };
    },
  );

  app.post(
    '/api/statements/:id/adjustments',
    {
      config: { access: labelAccess },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'Add a royalty line or an adjustment (negative amounts allowed) before calculation',
        params: IdParams,
        body: Type.Object(
          {
            code: Type.String({ minLength: 1, maxLength: 64 }),
            amount: Type.String({ pattern: '^-?[0-9]{1,18}(\\.[0-9]{1,12})?$' }),
            units: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
            description: Type.String({ minLength: 1, maxLength: 500 }),
          },
          { additionalProperties: false },
        ),
        response: { 201: Adjustment, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const { code, amount, units = 0, description } = request.body;
      if (/^-?0*(\.0*)?$/.test(amount))
        throw new BadRequestError('Adjustment failed. The amount cannot be zero.');
      const adjustmentId = randomUUID();
      await app.db.transaction(async (tx) => {
        await ownStatement(tx, request, id);
        const rows = await tx.query<{ state: string; version: number; known: boolean }>(
          `select s.state, s.version, exists (
             select 1 from product_codes pc join products p on p.id = pc.product_id
              where pc.code = upper($2) and p.account_id = s.account_id) as known
             from statements s where s.id = $1`,
          [id, code.trim()],
        );
        const statement = rows[0];
        if (!statement) throw new NotFoundError();
        if (!EDITABLE_STATES.has(statement.state)) {
          throw new ConflictError(
            `Adjustment failed. This statement is ${(statusOfState[statement.state] ?? statement.state).replace(/-/g, ' ')}: reset it before changing its lines.`,
          );
        }
        if (!statement.known) {
          throw new BadRequestError(
            'Adjustment failed. Unconfigured codes must be added before a statement can be processed.',
          );
        }
        await appendAfterCheck(
          tx,
          `statement-${id}`,
          Number(statement.version),
          [
            {
              type: 'AdjustmentAdded',
              data: {
                adjustmentId,
                code: code.trim().toUpperCase(),
                units,
                amount,
                description: description.trim(),
              },
            },
          ],
          commandMetadata(request, app.now()),
        );
      });
      return reply.status(201).send({
        id: adjustmentId,
        code: code.trim().toUpperCase(),
        units: String(units),
        amount: trimDecimal(amount),
        description: description.trim(),
        createdAt: Math.floor(app.now().getTime() / 1000),
      });
    },
  );

  app.post(
    '/api/statements/:id/retry',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'Replace the files that failed or had row errors with corrected ones and read them again (admin)',
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 200: Done, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const { files } = await receiveStatementFiles(request, app.blobs);
      if (files.length === 0) throw new BadRequestError('Choose at least one file to upload.');
      await app.db.transaction(async (tx) => {
        await ownStatement(tx, request, id);
        const faulty = await tx.query<{ id: string }>(
          `select id from statement_files where statement_id = $1 and (status = 'rejected' or errors > 0)`,
          [id],
        );
        const removed = faulty.map((file) => file.id);
        await tx.query('delete from statement_records where file_id = any($1::text[])', [removed]);
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

  app.get(
    '/api/statements/:id/events',
    {
      config: { access: { session: true, permissions: ['statement:ro'] } },
      schema: {
        tags: ['statement pipeline'],
        summary: 'The statement’s history, event by event, with the machine state after each',
        params: IdParams,
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                version: Type.Integer(),
                type: Type.String(),
                data: Type.Record(Type.String(), Type.Unknown()),
                actor: Type.Union([Type.String(), Type.Null()]),
                emulatingActor: Type.Union([Type.String(), Type.Null()]),
                at: Type.Integer(),
                state: Type.String(),
              }),
            ),
            total: Type.Integer(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction((tx) => ownStatement(tx, request, id));
      const events = await readAllEvents(app.db, '0', 100_000, `statement-${id}`);
      let state = 'syncing';
      return {
        items: events.map((event) => {
          if (event.type === 'StatementTransitioned') state = event.data.to;
          return {
            version: event.streamVersion,
            type: event.type,
            data: event.data,
            actor: event.actor,
            emulatingActor: event.emulatingActor,
            at: Math.floor(event.at.getTime() / 1000),
            state,
          };
        }),
        total: events.length,
      };
    },
  );

  app.get(
    '/api/statements/:id/calculation',
    {
      config: { access: { session: true, permissions: ['statement:ro'] } },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'The exact engine input and output of the current result: re-run it with `npm run engine -- calc`',
        params: IdParams,
        response: {
          200: Type.Object({
            calculationId: Type.String(),
            backend: Type.String(),
            input: Type.Record(Type.String(), Type.Unknown()),
            output: Type.Record(Type.String(), Type.Unknown()),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction((tx) => ownStatement(tx, request, id));
      const rows = await app.db.query<{
        id: string;
        backend: string;
        input_sha256: string;
        output_sha256: string;
      }>(
        `select c.id, c.backend, c.input_sha256, c.output_sha256 from statements s
           join calculations c on c.id = s.calculation_id where s.id = $1`,
        [id],
      );
      const calculation = rows[0];
      if (!calculation) throw new NotFoundError('This statement has not been calculated yet.');
      const read = async (sha: string) => {
        const chunks: Buffer[] = [];
        for await (const chunk of app.blobs.open(sha)) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString('utf8');
      };
      return {
        calculationId: calculation.id,
        backend: calculation.backend,
        input: JSON.parse(await read(calculation.input_sha256)) as Record<string, unknown>,
        output: JSON.parse(await read(calculation.output_sha256)) as Record<string, unknown>,
      };
    },
  );

  app.get(
    '/api/statements/:id/payees',
    {
      config: { access: { session: true, permissions: ['statement:ro'] } },
      schema: {
        tags: ['statement pipeline'],
        summary: 'Each payee’s totals in the current result',
        params: IdParams,
        response: {
          200: Type.Object({
            items: Type.Array(
              Type.Object({
                payeeId: Type.String(),
                fullname: Type.String(),
                earned: Type.String(),
                recouped: Type.String(),
                credited: Type.String(),
                payout: Type.String(),
              }),
            ),
            total: Type.Integer(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction((tx) => ownStatement(tx, request, id));
      const rows = await app.db.query<{
        payee_id: string;
        fullname: string | null;
        earned: string;
        recouped: string;
        credited: string;
        payout: string;
      }>(
        `select p.payee_id, u.fullname, trim_scale(p.earned)::text as earned,
                trim_scale(p.recouped)::text as recouped, trim_scale(p.credited)::text as credited,
                trim_scale(p.payout)::text as payout
           from statements s join statement_payees p on p.calculation_id = s.calculation_id
           left join users u on u.id = p.payee_id
          where s.id = $1 order by p.payee_id`,
        [id],
      );
      return {
        items: rows.map((row) => ({
          payeeId: row.payee_id,
          fullname: row.fullname ?? '',
          earned: row.earned,
          recouped: row.recouped,
          credited: row.credited,
          payout: row.payout,
        })),
        total: rows.length,
      };
    },
  );
};

export default statementActionRoutes;
