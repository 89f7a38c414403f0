import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { ConflictError, NotFoundError } from '../errors';
import { lastClosedMonth, statementIsClosed } from '../events/closedPeriods';
import { appendToStream } from '../events/store';
import type { EventMetadata } from '../events/types';
import { enqueueJob } from '../jobs/queue';

export const CORRECT_OPEN_STATEMENT =
  'This statement’s period is open: correct the statement itself. A correction statement is for a statement of a closed period.';

/** The month after `month` (`YYYY-MM`). */
function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + number;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Opens a correction statement for a statement of a closed period: a statement of the same
 * distributor in the first month after the last closed period, without files, linked to the statement it corrects. Its lines are adjustments added to it; it is
 * funded, calculated and approved like any statement, so its payouts credit balances in the open period.
 */
export async function openCorrection(
  tx: Queryable,
  statementId: string,
  metadata: EventMetadata,
): Promise<string> {
  const rows = await tx.query<{ account_id: string; distributor_id: string; name: string }>(
    `select s.account_id, s.distributor_id, d.name from statements s
       join distributors d on d.id = s.distributor_id where s.id = $1`,
    [statementId],
  );
  const corrected = rows[0];
  if (!corrected) throw new NotFoundError();
  if (!(await statementIsClosed(tx, statementId))) throw new ConflictError(CORRECT_OPEN_STATEMENT);
  const last = await lastClosedMonth(tx, corrected.account_id);
  const month = nextMonth(last!);
  const correctionId = randomUUID();
  await appendToStream(
    tx,
    `statement-${correctionId}`,
    0,
    [
      {
        type: 'StatementUploaded',
        data: {
          statementId: correctionId,
          accountId: corrected.account_id,
          distributorId: corrected.distributor_id,
          period: month,
          expected: null,
          title: `${corrected.name} ${month}`,
          // Its payouts move money like any statement's: the label records the funds for them.
          cashless: false,
          exchange: null,
          files: [],
          corrects: statementId,
        },
      },
    ],
    metadata,
  );
  await enqueueJob(tx, 'statement.parse', { statementId: correctionId }, metadata.at);
  return correctionId;
}

export interface LinkedStatement {
  id: string;
  title: string;
  period: string;
}

/** The statement a statement corrects, and the correction statements of it, oldest first. */
export async function readCorrections(
  db: Queryable,
  statementId: string,
): Promise<{ corrects: LinkedStatement | null; correctedBy: LinkedStatement[]; closed: boolean }> {
  const corrects = await db.query<LinkedStatement>(
    `select o.id, o.title, o.period from statements s join statements o on o.id = s.corrects
      where s.id = $1`,
    [statementId],
  );
  const correctedBy = await db.query<LinkedStatement>(
    `select id, title, period from statements
      where corrects = $1 and state <> 'deleted' order by received_at, id`,
    [statementId],
  );
  return {
    corrects: corrects[0] ?? null,
    correctedBy,
    closed: await statementIsClosed(db, statementId),
  };
}
