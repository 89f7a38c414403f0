import { monthsOfPeriod } from '../../../rules/periods';
import { periodTransfersSql } from '../readModels/periodTransfers';
import type { PeriodEvent } from '../types';
import type { Projector } from './projector';

export const periodProjector: Projector<PeriodEvent> = {
  async PeriodLengthSet(tx, { data }, { id }) {
    await tx.query('update accounts set period_length = $2 where id = $1', [id, data.length]);
  },
  async PeriodClosed(tx, { data, actor }, { id, at }) {
    await tx.query(
      `insert into account_periods (account_id, period, closed_at, closed_by, summary)
       values ($1, $2, $3, $4, $5)`,
      [id, data.period, at, actor, JSON.stringify(data.summary)],
    );
    // The transfers not stamped yet that belong to this period or an earlier one: stamped now,
    // from the tables as the log left them, so replay stamps the same rows.
    const months = monthsOfPeriod(data.period);
    await tx.query(
      `update ledger_transfers t set period = $3
        where ${periodTransfersSql('t', '$1', '$2')}`,
      [id, months[months.length - 1], data.period],
    );
  },
};
