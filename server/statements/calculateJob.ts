import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { calculate, calculateRecords, EngineInputError, stringifyOutput } from '../../engine';
import { appendRecords } from '../../engine/columns';
import type { EngineInput, EngineOutput } from '../../engine/types';
import type { BlobStore } from '../blobs';
import type { Database, Queryable } from '../db/database';
import type { EventMetadata } from '../events/types';
import { storedRecordColumns, type TableInputFile } from './calculationInput';
import { statementEngineInput, statementEngineTerms } from './engineInput';
import { ensureRecordTables } from './recordTables';
import { transition } from './pipeline';

const BATCH = 5000;

export interface CalculateJobDeps {
  db: Database;
  blobs: BlobStore;
  now: () => Date;
}

const system = (at: Date): EventMetadata => ({ actor: null, emulatingActor: null, at });

async function storeResult(
  tx: Queryable,
  calculationId: string,
  output: EngineOutput,
  recoupmentVersions: Record<string, number>,
) {
  for (let start = 0; start < output.lines.length; start += BATCH) {
    const lines = output.lines.slice(start, start + BATCH);
    await tx.query(
      `insert into statement_lines (calculation_id, code, product_id, split_set_id, payee_id, units, amount)
       select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::numeric[])`,
      [
        calculationId,
        lines.map((line) => line.code),
        lines.map((line) => line.productId),
        lines.map((line) => line.splitSetId),
        lines.map((line) => line.payeeId),
        lines.map((line) => String(line.units)),
        lines.map((line) => line.amount),
      ],
    );
  }
  const recoupments = output.recoupments;
  await tx.query(
    `insert into calculation_recoupments (calculation_id, recoupment_id, position, before, taken,
                                          after, closed, deferred, remittances, recoupment_version)
     select $1, id, position, before, taken, after, closed, deferred, remittances::jsonb, version
       from unnest($2::text[], $3::int[], $4::numeric[], $5::numeric[], $6::numeric[],
                   $7::boolean[], $8::numeric[], $9::text[], $10::int[])
            as r(id, position, before, taken, after, closed, deferred, remittances, version)`,
    [
      calculationId,
      recoupments.map((item) => item.id),
      recoupments.map((_item, index) => index),
      recoupments.map((item) => item.before),
      recoupments.map((item) => item.taken),
      recoupments.map((item) => item.after),
      recoupments.map((item) => item.closed),
      recoupments.map((item) => item.deferred),
      recoupments.map((item) => JSON.stringify(item.remittances)),
      recoupments.map((item) => recoupmentVersions[item.id] ?? 0),
    ],
  );
  const payees = output.payees;
  await tx.query(
    `insert into statement_payees (calculation_id, payee_id, earned, recouped, credited, payout)
     select $1, * from unnest($2::text[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])`,
    [
      calculationId,
      payees.map((payee) => payee.payeeId),
      payees.map((payee) => payee.earned),
      payees.map((payee) => payee.recouped),
      payees.map((payee) => payee.credited),
      payees.map((payee) => payee.payout),
    ],
  );
}

/**
 * Runs the engine on the statement: the exact input and output are kept as files, the lines and
 * payee totals as rows, the new engine state with the calculation. All or nothing. The records are
 * read from the files' record tables in the blob store (recordTables.ts), not from the rows.
 */
export async function runCalculationJob(
  deps: CalculateJobDeps,
  statementId: string,
): Promise<void> {
  const states = await deps.db.query<{ state: string }>(
    'select state from statements where id = $1',
    [statementId],
  );
  const state = states[0]?.state;
  if (state !== 'waiting' && state !== 'calculating') return;
  await deps.db.transaction((tx) =>
    transition(tx, statementId, { type: 'calculation.start' }, system(deps.now())),
  );
  // Files read before their tables were kept, or whose codes title matching rewrote since, have
  // them written now; the records then come from the tables, the rows only when a copy is lost.
  await ensureRecordTables(deps.db, deps.blobs, statementId);
  const terms = await statementEngineTerms(deps.db, statementId);
  const { basedOn, recoupmentVersions } = terms;
  const stored = await storedRecordColumns(deps.db, deps.blobs, statementId);
  const columns = stored && appendRecords(stored.columns, terms.input.records);
  const input = columns ? terms.input : (await statementEngineInput(deps.db, statementId)).input;
  // The input as kept: the tables' names stand for their records, never copied.
  const inputFile: TableInputFile | EngineInput =
    stored && columns ? { recordTables: stored.tables, input } : input;
  let result;
  try {
    result = columns ? await calculateRecords(input, columns) : await calculate(input);
  } catch (error) {
    const message = error instanceof EngineInputError ? error.message : String(error);
    await deps.db.transaction((tx) =>
      transition(tx, statementId, { type: 'calculation.fail' }, system(deps.now()), [
        { type: 'CalculationFailed', data: { message } },
      ]),
    );
    return;
  }
  const inputBlob = await deps.blobs.put(
    Readable.from([JSON.stringify(inputFile)]),
    Number.MAX_SAFE_INTEGER,
  );
  const outputBlob = await deps.blobs.put(
    Readable.from([stringifyOutput(result.output)]),
    Number.MAX_SAFE_INTEGER,
  );
  const calculationId = randomUUID();
  await deps.db.transaction(async (tx) => {
    await storeResult(tx, calculationId, result.output, recoupmentVersions);
    await transition(tx, statementId, { type: 'calculation.done' }, system(deps.now()), [
      {
        type: 'StatementCalculated',
        data: {
          calculationId,
          inputSha256: inputBlob.sha256,
          outputSha256: outputBlob.sha256,
          backend: result.backend,
          totals: result.output.totals,
          state: result.output.state,
          basedOn,
        },
      },
    ]);
  });
}

/**
 * The calculation ran out of attempts (it failed, or the process died while calculating): the
 * statement shows it failed with the reason, and the label can calculate again.
 */
export async function giveUpCalculationJob(
  tx: Queryable,
  statementId: string,
  reason: string,
  now: Date,
): Promise<void> {
  {
    const states = await tx.query<{ state: string }>(
      'select state from statements where id = $1 for update',
      [statementId],
    );
    const state = states[0]?.state;
    if (state !== 'waiting' && state !== 'calculating') return;
    if (state === 'waiting') {
      await transition(tx, statementId, { type: 'calculation.start' }, system(now));
    }
    await transition(tx, statementId, { type: 'calculation.fail' }, system(now), [
      { type: 'CalculationFailed', data: { message: reason } },
    ]);
  }
}
