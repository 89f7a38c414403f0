import { monthsOfPeriod } from '../../rules/periods';
import type { Queryable } from '../db/database';
import { ConflictError } from '../errors';
import type { PortalEvent } from './types';

export const STATEMENT_IN_CLOSED_PERIOD =
  'This statement’s period is closed: its figures, files and payouts no longer change. Correct it with a correction statement in the next open period.';
export const MONTH_IN_CLOSED_PERIOD =
  'This report month is in a closed period: choose a month after the last closed period.';

/**
 * The last report month (`YYYY-MM`) of the label's closed periods, or null when none is closed.
 * Periods close in order, so every month up to it is closed.
 */
export async function lastClosedMonth(tx: Queryable, accountId: string): Promise<string | null> {
  const rows = await tx.query<{ period: string }>(
    'select period from account_periods where account_id = $1',
    [accountId],
  );
  let last: string | null = null;
  for (const { period } of rows) {
    const months = monthsOfPeriod(period);
    const end = months[months.length - 1]!;
    if (last === null || end > last) last = end;
  }
  return last;
}

/** Whether the statement's report month is in one of its label's closed periods. */
export async function statementIsClosed(tx: Queryable, statementId: string): Promise<boolean> {
  const rows = await tx.query<{ account_id: string; period: string }>(
    'select account_id, period from statements where id = $1',
    [statementId],
  );
  const row = rows[0];
  if (!row) return false;
  const last = await lastClosedMonth(tx, row.account_id);
  return last !== null && row.period <= last;
}

/**
 * What may still happen to a closed statement: its payments reaching the payees' banks (they
 * are the next periods' movements) marks it sent. Nothing else.
 */
const stillAllowed = (event: PortalEvent) =>
  event.type === 'StatementTransitioned' && event.data.event === 'payments.sent';

/**
 * Refuses, before anything is written, events that would change a closed period's statements,
 * payouts or recoupment remittances: the one place every command's events pass.
 */
export async function refuseClosedPeriodChanges(
  tx: Queryable,
  streamId: string,
  events: readonly PortalEvent[],
): Promise<void> {
  if (streamId.startsWith('statement-')) {
    for (const event of events) {
      if (event.type !== 'StatementUploaded') continue;
      const last = await lastClosedMonth(tx, event.data.accountId);
      if (last !== null && event.data.period <= last) {
        throw new ConflictError(MONTH_IN_CLOSED_PERIOD);
      }
    }
    if (events.every(stillAllowed) || events.some((event) => event.type === 'StatementUploaded'))
      return;
    if (await statementIsClosed(tx, streamId.slice('statement-'.length))) {
      throw new ConflictError(STATEMENT_IN_CLOSED_PERIOD);
    }
    return;
  }
  if (streamId.startsWith('recoupment-')) {
    for (const event of events) {
      if (
        event.type === 'RecoupmentRemitted' &&
        (await statementIsClosed(tx, event.data.statementId))
      )
        throw new ConflictError(STATEMENT_IN_CLOSED_PERIOD);
    }
  }
}
