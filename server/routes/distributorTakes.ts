import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../api/common';
import { DistributorTakeBody, StatementTakeBody, TakeAnswer } from '../../api/recoupments';
import { takesHandEdits } from '../../machines/statementMachine';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { appendAfterCheck, appendToStream, streamVersion } from '../events/store';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import { commandAccount } from '../queries/accounts';
import { statementStatusText } from '../statements/pipeline';
import { lockVisibleStatement } from '../queries/statements';
import { PERCENT_RANGE } from '../recoupments/validation';
import { lockAccountResults } from '../statements/approvalOrder';
import { isPercentText } from '../../rules/percent';

const labelAccess: RouteAccess = { session: true, permissions: ['statement:rw'] };

/** Labels set their own default; staff who manage distributors set it for the label they name. */
const defaultAccess: RouteAccess = {
  session: true,
  permissions: ['statement:rw', 'distributor:rw'],
};

const checkedTake = (takePct: string | null) => {
  if (takePct !== null && !isPercentText(takePct.trim())) {
    throw new BadRequestError(PERCENT_RANGE, [{ path: 'takePct', message: PERCENT_RANGE }]);
  }
  return takePct === null ? null : takePct.trim();
};

/**
 * The distributor take (%) the calculation deducts from each record's revenue: the label's
 * default per distributor, and a statement's own over it. Distributors are shared by every
 * label, so the default is kept per account, never on the distributor itself.
 */
const distributorTakeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.put(
    '/api/distributors/:id/take',
    {
      config: { access: defaultAccess },
      schema: {
        tags: ['distributors'],
        summary: "The label's default distributor take (%) for this distributor; null clears it",
        params: IdParams,
        body: DistributorTakeBody,
        response: { 200: TakeAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const takePct = checkedTake(request.body.takePct);
      const user = sessionOf(request).user;
      const accountId = await commandAccount(app.db, user, request.body.accountId);
      const distributors = await app.db.query('select 1 from distributors where id = $1', [
        request.params.id,
      ]);
      if (distributors.length === 0) throw new NotFoundError();
      await app.db.transaction(async (tx) => {
        await lockAccountResults(tx, accountId);
        const stream = `account-${accountId}`;
        await appendToStream(
          tx,
          stream,
          await streamVersion(tx, stream),
          [{ type: 'DistributorTakeSet', data: { distributorId: request.params.id, takePct } }],
          commandMetadata(request, app.now()),
        );
      });
      return { takePct };
    },
  );

  app.post(
    '/api/statements/:id/take',
    {
      config: { access: labelAccess },
      schema: {
        tags: ['statement pipeline'],
        summary:
          "This statement's distributor take (%) over the label's default, before calculation; null clears it",
        params: IdParams,
        body: StatementTakeBody,
        response: { 200: TakeAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const takePct = checkedTake(request.body.takePct);
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        await lockVisibleStatement(tx, sessionOf(request).user, id);
        const rows = await tx.query<{ state: string; version: number }>(
          'select state, version from statements where id = $1',
          [id],
        );
        const statement = rows[0];
        if (!statement) throw new NotFoundError();
        if (!takesHandEdits(statement.state)) {
          throw new ConflictError(
            `${statementStatusText(statement.state)}: reset it before changing its distributor take.`,
          );
        }
        await appendAfterCheck(
          tx,
          `statement-${id}`,
          Number(statement.version),
          [{ type: 'StatementTakeSet', data: { takePct } }],
          commandMetadata(request, app.now()),
        );
      });
      return { takePct };
    },
  );
};

export default distributorTakeRoutes;
