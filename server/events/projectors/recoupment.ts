import { readTerms, settle, writeTerms } from '../readModels/recoupmentTerms';
import type { RecoupmentEvent } from '../types';
import { bumpVersion, type Projector } from './projector';

export const recoupmentProjector: Projector<RecoupmentEvent> = {
  async RecoupmentCreated(tx, { data }, { at, version }) {
    // Placeholders the terms overwrite at once: one writer of every term column.
    await tx.query(
      `insert into recoupments (id, account_id, title, active, status, amount, prepaid, remaining,
                               currency, payment_minimum, revenue_minimum, type, creditor_id, scope,
                               auto_link, net_revenue_pct, recoupable_pct, priority, reimbursement,
                               mechanical_repays, created_at, version)
       values ($1, $2, '', true, 'open', 0, 0, 0, '', 0, 0, '', '', '', false, 0, 0, '', '', false,
               $3, $4)`,
      [data.recoupmentId, data.accountId, at, version],
    );
    await writeTerms(tx, data.recoupmentId, data.terms);
    await settle(tx, data.recoupmentId);
  },
  async RecoupmentChanged(tx, { data }, { id, version }) {
    const current = await readTerms(tx, id);
    if (!current) return;
    await writeTerms(tx, id, { ...current.terms, ...data.after });
    await settle(tx, id);
    await bumpVersion(tx, 'recoupments', id, version);
  },
  async RecoupmentDeleted(tx, _event, { id, version }) {
    await tx.query(`update recoupments set status = 'deleted', version = $2 where id = $1`, [
      id,
      version,
    ]);
  },
  async RecoupmentRemitted(tx, { data }, { id, at, version }) {
    for (const remitted of data.remittances) {
      await tx.query(
        `insert into recoupment_remittances (id, recoupment_id, statement_id, calculation_id,
                                             debtor_id, amount, at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          `${data.calculationId}:${id}:${remitted.debtorId ?? ''}`,
          id,
          data.statementId,
          data.calculationId,
          remitted.debtorId,
          remitted.amount,
          at,
        ],
      );
    }
    await tx.query(
      'update recoupments set recouped = recouped + $2, deferred = $3, version = $4 where id = $1',
      [id, data.taken, data.deferred, version],
    );
    await settle(tx, id);
  },
};
