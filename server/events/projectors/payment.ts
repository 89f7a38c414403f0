import type { Queryable } from '../../db/database';
import { postTransfers } from '../readModels/ledgerTransfers';
import type { PaymentStreamEvent } from '../types';
import type { Projector } from './projector';

/** A payment's state and stream version, as the payment machine left it. */
async function moveTo(
  tx: Queryable,
  id: string,
  version: number,
  state: string,
  holdReason: string | null = null,
) {
  await tx.query(`update payments set state = $2, hold_reason = $3, version = $4 where id = $1`, [
    id,
    state,
    holdReason,
    version,
  ]);
}

async function statementOf(tx: Queryable, paymentId: string) {
  const rows = await tx.query<{ statement_id: string }>(
    'select statement_id from payments where id = $1',
    [paymentId],
  );
  return rows[0]?.statement_id ?? null;
}

export const paymentProjector: Projector<PaymentStreamEvent> = {
  async PaymentHeld(tx, { data }, { id, version }) {
    await moveTo(tx, id, version, 'HOLD', data.reason);
  },
  async PaymentTransferStarted(tx, { data }, { id, version }) {
    await moveTo(tx, id, version, 'TRANSFER');
    await tx.query(`update transactions set status = 'ACTIVE' where id = $1`, [data.transactionId]);
  },
  async PaymentTransferQueued(tx, { data }, { id, version }) {
    await moveTo(tx, id, version, 'TRANSFER');
    await tx.query('update payments set partner_transfer_id = $2 where id = $1', [
      id,
      data.partnerTransferId,
    ]);
  },
  async PaymentTransferCreated(tx, { data }, { id, at, version }) {
    await moveTo(tx, id, version, 'HOLD');
    await tx.query('update payments set partner_transfer_id = $2 where id = $1', [
      id,
      data.partnerTransferId,
    ]);
    await tx.query(
      `update transactions set status = 'PENDING', trace_id = $2, bank_transfer_id = $3,
              transferred_at = $4 where id = $1`,
      [data.transactionId, data.traceId, data.partnerTransferId, at],
    );
  },
  async PaymentSettled(tx, { data }, { id, at, version }) {
    await moveTo(tx, id, version, 'REMUNERATE');
    await tx.query(`update transactions set status = 'PROCESSED' where id = $1`, [
      data.transactionId,
    ]);
    await postTransfers(tx, data.transfers, { statementId: await statementOf(tx, id), at });
  },
  async PaymentFeePaid(tx, { data }, { id, at, version }) {
    await moveTo(tx, id, version, 'COMPLETED');
    await tx.query('update payments set fee = $2, completed_at = $3 where id = $1', [
      id,
      data.fee,
      at,
    ]);
    await tx.query(
      `update transactions set fee = $2 where payment_id = $1 and status = 'PROCESSED'`,
      [id, data.fee],
    );
    await postTransfers(tx, data.transfers, { statementId: await statementOf(tx, id), at });
  },
  async PaymentReturned(tx, { data }, { id, at, version }) {
    await moveTo(tx, id, version, 'FAILED');
    await tx.query('update payments set failure = $2 where id = $1', [
      id,
      JSON.stringify(data.failure),
    ]);
    await tx.query(`update transactions set status = 'FAILED' where id = $1`, [data.transactionId]);
    await postTransfers(tx, data.transfers, { statementId: await statementOf(tx, id), at });
  },
  async PaymentRetried(tx, { data }, { id, at, version }) {
    await moveTo(tx, id, version, 'NONE');
    await tx.query(
      `update payments set failure = null, partner_transfer_id = null, retries = retries + 1
        where id = $1`,
      [id],
    );
    await tx.query(
      `insert into transactions (id, payment_id, amount, currency, status, passback, created_at)
       select $2, p.id, p.amount, p.currency, 'PREPARE', $4, $3 from payments p where p.id = $1`,
      [id, data.transactionId, at, data.passback ?? false],
    );
    await postTransfers(tx, data.transfers, { statementId: await statementOf(tx, id), at });
  },
};
