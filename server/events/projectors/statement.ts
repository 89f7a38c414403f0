import type { Queryable } from '../../db/database';
import { dropRecordPartition } from '../../db/recordPartitions';
import type { StatementEvent, UploadedFile } from '../types';
import { clearStatementAnalytics, writeStatementAnalytics } from '../readModels/analytics';
import { postTransfers } from '../readModels/ledgerTransfers';
import { statementCurrencyFromRecordsSql } from '../readModels/statementCurrency';
import { bumpVersion, type Projector } from './projector';
import { insertReleases, takeFromReleases } from './reserve';

/** Keeps the statement's currency (statements.currency) as its read files' records tell it. */
async function keepCurrency(tx: Queryable, statementId: string): Promise<void> {
  await tx.query(
    `update statements set currency = ${statementCurrencyFromRecordsSql('$1')} where id = $1`,
    [statementId],
  );
}

async function insertFiles(
  tx: Queryable,
  statementId: string,
  accountId: string,
  files: UploadedFile[],
  addedIn: number,
): Promise<void> {
  for (const [index, file] of files.entries()) {
    await tx.query(
      `insert into statement_files (id, statement_id, account_id, name, sha256, size, status,
                                    added_in, position_in_upload)
       values ($1, $2, $3, $4, $5, $6, 'queued', $7, $8)`,
      [file.fileId, statementId, accountId, file.name, file.sha256, file.size, addedIn, index + 1],
    );
  }
}

export const statementProjector: Projector<StatementEvent> = {
  async StatementUploaded(tx, { data, actor }, { at, version }) {
    await tx.query(
      `insert into statements (id, account_id, distributor_id, period, expected, title, received_at,
                               parse_status, version, flags, exchange, uploaded_by, intake_key_id,
                               intake_key_name, corrects)
       values ($1, $2, $3, $4, $5, $6, $7, 'syncing', $8, $9, $10, $11, $12, $13, $14)`,
      [
        data.statementId,
        data.accountId,
        data.distributorId,
        data.period,
        data.expected,
        data.title,
        at,
        version,
        JSON.stringify({ forced: false, expedited: false, cashless: data.cashless ?? false }),
        data.exchange ? JSON.stringify(data.exchange) : null,
        actor,
        data.intake?.keyId ?? null,
        data.intake?.keyName ?? null,
        data.corrects ?? null,
      ],
    );
    await insertFiles(tx, data.statementId, data.accountId, data.files, version);
  },
  async StatementFileRead(tx, { data }, { id, version }) {
    await tx.query(
      `update statement_files set status = 'read', error = null, rows_read = $2, records = $3,
              errors = $4, summary = $5 where id = $1`,
      [data.fileId, data.rowsRead, data.records, data.errors, JSON.stringify(data.summary)],
    );
    await keepCurrency(tx, id);
    await bumpVersion(tx, 'statements', id, version);
  },
  async StatementFileRejected(tx, { data }, { id, version }) {
    await tx.query(`update statement_files set status = 'rejected', error = $2 where id = $1`, [
      data.fileId,
      data.error,
    ]);
    await keepCurrency(tx, id);
    await bumpVersion(tx, 'statements', id, version);
  },
  async StatementParsed(tx, { data }, { id, version }) {
    await tx.query('update statements set parse_status = $2, version = $3 where id = $1', [
      id,
      data.outcome,
      version,
    ]);
  },
  async StatementTotalChecked(tx, { data }, { id, version }) {
    await tx.query('update statements set total_hold = $2, version = $3 where id = $1', [
      id,
      data.hold ? JSON.stringify(data.hold) : null,
      version,
    ]);
  },
  async StatementTotalConfirmed(tx, { data }, { id, version }) {
    await tx.query(
      'update statements set total_hold = null, total_confirmed = $2, version = $3 where id = $1',
      [id, data.read, version],
    );
  },
  async StatementTransitioned(tx, { data }, { id, version }) {
    await tx.query('update statements set state = $2, flags = $3, version = $4 where id = $1', [
      id,
      data.to,
      JSON.stringify(data.flags),
      version,
    ]);
    // Cancelled and deleted are final: nothing reads the records again, they go with their table.
    if (data.to === 'cancelled' || data.to === 'deleted') await dropRecordPartition(tx, id);
  },
  async FundsReceived(tx, { data }, { id, at, version }) {
    await tx.query('update statements set received = $2, version = $3 where id = $1', [
      id,
      data.total,
      version,
    ]);
    if (data.transfers) {
      await postTransfers(tx, data.transfers, { statementId: id, at });
      return;
    }
    // Recorded before funds were posted: the same transfer receiveFunds (statements/pipeline.ts)
    // writes now, from the label's bank into its funding (ledger/accounts.ts names both), as
    // the migration "funds a label recorded for its statements posted to the ledger" posted it
    // once for the log that was there.
    await tx.query(
      `insert into ledger_transfers (id, debit_account, credit_account, amount, currency, statement_id,
                                     created_at, account_id)
       select 'funds:' || s.id || ':' || $3, 'bank:' || s.account_id, 'funding:' || s.account_id,
              $2::numeric, coalesce(s.currency, 'USD'), s.id, $4, s.account_id
         from statements s where s.id = $1 and $2::numeric > 0`,
      [id, data.amount, version, at],
    );
  },
  async StatementCalculated(tx, { data }, { id, at, version }) {
    await tx.query(
      `insert into calculations (id, statement_id, input_sha256, output_sha256, backend, totals, state,
                                 created_at, based_on, based_on_known)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        data.calculationId,
        id,
        data.inputSha256,
        data.outputSha256,
        data.backend,
        JSON.stringify(data.totals),
        JSON.stringify(data.state),
        at,
        data.basedOn ?? null,
        data.basedOn !== undefined,
      ],
    );
    await tx.query('update statements set calculation_id = $2, version = $3 where id = $1', [
      id,
      data.calculationId,
      version,
    ]);
    await writeStatementAnalytics(tx, id, data.calculationId);
  },
  async CalculationFailed(tx, _event, { id, version }) {
    await bumpVersion(tx, 'statements', id, version);
  },
  async StatementApproved(tx, { seq }, { id, at, version }) {
    // The log's order, not the clock's, says which approval came last.
    await tx.query(
      'update statements set approved_at = $2, approved_seq = $3, version = $4 where id = $1',
      [id, at, seq, version],
    );
  },
  async BalancesCredited(tx, { data }, { id, at, version }) {
    await postTransfers(tx, data.transfers, { statementId: id, at });
    await bumpVersion(tx, 'statements', id, version);
  },
  async ReturnsChargedToReserve(tx, { data }, { id, at, version }) {
    await postTransfers(tx, data.transfers, { statementId: id, at });
    await takeFromReleases(tx, data.charges, 'charged', at);
    await bumpVersion(tx, 'statements', id, version);
  },
  async ReservesWithheld(tx, { data }, { id, at, version }) {
    await postTransfers(tx, data.transfers, { statementId: id, at });
    const owner = await tx.query<{ account_id: string }>(
      'select account_id from statements where id = $1',
      [id],
    );
    await insertReleases(tx, owner[0]?.account_id ?? '', id, data.releases, at);
    await bumpVersion(tx, 'statements', id, version);
  },
  async PaymentsPrepared(tx, { data }, { id, at, version }) {
    const statement = await tx.query<{ id: string }>('select id from statements where id = $1', [
      id,
    ]);
    if (statement.length === 0) return;
    const transfers = data.payments.flatMap((payment) =>
      payment.transfer ? [payment.transfer] : [],
    );
    await postTransfers(tx, transfers, { statementId: id, at });
    for (const payment of data.payments) {
      await tx.query(
        `insert into payments (id, statement_id, payee_id, amount, currency, state, origin, created_at,
                               deduction, role, contributing, wallet_balance)
         values ($1, $2, $3, $4, $5, 'NONE', $6, $7, $8, $9, $10, $11)`,
        [
          payment.paymentId,
          id,
          payment.payeeId,
          payment.amount,
          payment.currency,
          payment.origin ?? 'proceeds',
          at,
          payment.deduction ?? null,
          payment.role ?? null,
          payment.contributing ?? null,
          payment.walletBalance ?? null,
        ],
      );
      await tx.query(
        `insert into transactions (id, payment_id, amount, currency, status, passback, created_at)
         values ($1, $2, $3, $4, 'PREPARE', $5, $6)`,
        [
          payment.transactionId,
          payment.paymentId,
          payment.amount,
          payment.currency,
          payment.passback ?? false,
          at,
        ],
      );
    }
    await bumpVersion(tx, 'statements', id, version);
  },
  async StatementDateMoved(tx, { data }, { id, version }) {
    await tx.query('update statements set statement_date = $2, version = $3 where id = $1', [
      id,
      data.to,
      version,
    ]);
  },
  async AdjustmentAdded(tx, { data, actor }, { id, at, version }) {
    await tx.query(
      `insert into statement_adjustments (id, statement_id, code, units, amount, description, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [data.adjustmentId, id, data.code, data.units, data.amount, data.description, actor, at],
    );
    await bumpVersion(tx, 'statements', id, version);
  },
  async StatementFilesReplaced(tx, { data }, { id, version }) {
    await tx.query('delete from statement_files where id = any($1::text[])', [data.removed]);
    await keepCurrency(tx, id);
    // The records the figures came from are gone: they come back with the next calculation.
    await clearStatementAnalytics(tx, id);
    const owner = await tx.query<{ account_id: string }>(
      'select account_id from statements where id = $1',
      [id],
    );
    await insertFiles(tx, id, owner[0]?.account_id ?? '', data.added, version);
    // A result calculated from the files before is out of date: the statement is calculated again.
    await tx.query(
      `update statements set parse_status = 'syncing', calculation_id = null, version = $2
        where id = $1`,
      [id, version],
    );
  },
  async StatementTakeSet(tx, { data }, { id, version }) {
    await tx.query('update statements set distributor_take_pct = $2, version = $3 where id = $1', [
      id,
      data.takePct,
      version,
    ]);
  },
};
