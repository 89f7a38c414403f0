import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams } from '../../api/common';
import { Adjustment, NewAdjustment } from '../../api/statements';
import { takesHandEdits } from '../../machines/statementMachine';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { appendAfterCheck } from '../events/store';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import { statementStatusText } from '../statements/pipeline';
import { lockVisibleStatement, trimDecimal } from '../queries/statements';

const labelAccess: RouteAccess = { session: true, permissions: ['statement:rw'] };

/** The adjustment form's word for an amount it cannot read: a line may take money away. */
export const ADJUSTMENT_AMOUNT_INVALID =
  'Enter an amount such as 12.50 or -3.25 (at most 15 digits before the decimal point and 12 after it).';

/** Royalty lines and adjustments added by hand; GET /api/statements/{id}/adjustments is in statements.ts. */
const statementAdjustmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/statements/:id/adjustments',
    {
      config: { access: labelAccess, fieldTexts: { amount: ADJUSTMENT_AMOUNT_INVALID } },
      schema: {
        tags: ['statement pipeline'],
        summary:
          'Add a royalty line or an adjustment (negative amounts allowed) before calculation',
        params: IdParams,
        body: NewAdjustment,
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
        await lockVisibleStatement(tx, sessionOf(request).user, id);
        const rows = await tx.query<{ state: string; version: number; known: boolean }>(
          `select s.state, s.version, exists (
             select 1 from product_codes pc join products p on p.id = pc.product_id
              where pc.code = upper($2) and p.account_id = s.account_id) as known
             from statements s where s.id = $1`,
          [id, code.trim()],
        );
        const statement = rows[0];
        if (!statement) throw new NotFoundError();
        if (!takesHandEdits(statement.state)) {
          throw new ConflictError(
            `Adjustment failed. ${statementStatusText(statement.state)}: reset it before changing its lines.`,
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
};

export default statementAdjustmentRoutes;
