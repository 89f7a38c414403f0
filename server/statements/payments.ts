import { statementCurrencySql } from './currency';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import type { EventMetadata } from '../events/types';
import { recordRemittances } from '../recoupments/service';
import { assertStartsFromLatestApproval } from './approvalOrder';
import { transition } from './pipeline';

/**
 * Approval and Finalize in one step: the result is approved, a payment (NONE) and its
 * transaction (PREPARE) are prepared for every payee with a positive payout, and the statement
 * is Ready. Only a result that starts from the latest approved one is approved (approvalOrder.ts).
 * Cashless statements prepare nothing: they move no money. Moving the money is the payment
 * partner's part.
 */
export async function preparePayments(tx: Queryable, statementId: string, metadata: EventMetadata) {
  await assertStartsFromLatestApproval(tx, statementId);
  const rows = await tx.query<{
    calculation_id: string | null;
    cashless: boolean;
    currency: string | null;
  }>(
    `select s.calculation_id, coalesce((s.flags ->> 'cashless')::boolean, false) as cashless,
            ${statementCurrencySql('s.id')} as currency
       from statements s where s.id = $1`,
    [statementId],
  );
  const statement = rows[0];
  await transition(tx, statementId, { type: 'statement.approve' }, metadata, [
    { type: 'StatementApproved', data: { calculationId: statement?.calculation_id ?? '' } },
  ]);
  if (statement?.calculation_id) {
    await recordRemittances(tx, statementId, statement.calculation_id, metadata);
  }
  const payees = statement?.cashless
    ? []
    : await tx.query<{ payee_id: string; payout: string }>(
        `select payee_id, trim_scale(payout)::text as payout from statement_payees
          where calculation_id = $1 and payout > 0 order by payee_id`,
        [statement?.calculation_id],
      );
  await transition(tx, statementId, { type: 'payments.prepared' }, metadata, [
    {
      type: 'PaymentsPrepared',
      data: {
        payments: payees.map((payee) => ({
          paymentId: randomUUID(),
          transactionId: randomUUID(),
          payeeId: payee.payee_id,
          amount: payee.payout,
          currency: statement?.currency ?? 'USD',
        })),
      },
    },
  ]);
}
