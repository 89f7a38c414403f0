// Step 8 and the output: payouts, sorted lists and the state for the next statement.
import { compareText, formatMoney } from '../numbers';
import type { EngineOutput, RecoupmentResult, TriggerResult } from '../types';
import type { CounterRun } from './counters';
import type { RecoupmentRun } from './recoupments';
import type { StatementRun } from './statement';

function counterText(counter: CounterRun, value: bigint): string {
  return counter.measure === 'income' ? formatMoney(value) : value.toString();
}

function recoupmentResult(run: RecoupmentRun): RecoupmentResult {
  const { recoupment } = run;
  return {
    id: recoupment.id,
    before: formatMoney(recoupment.remainingBefore),
    taken: formatMoney(run.taken),
    after: formatMoney(run.remaining),
    // An over-prepaid recoupment (remaining below 0) has nothing left to recoup: closed too.
    closed: run.remaining <= 0n,
    deferred: formatMoney(run.deferred),
    remittances: recoupment.debtorIds.flatMap((debtorId) => {
      const amount = run.remittances.get(debtorId) ?? 0n;
      return amount === 0n ? [] : [{ debtorId, amount: formatMoney(amount) }];
    }),
  };
}

function triggerResult(counter: CounterRun): TriggerResult {
  return {
    splitSetId: counter.set.id,
    counterBefore: counterText(counter, counter.before),
    counterAfter: counterText(counter, counter.value),
    activatedAtRecordId: counter.activatedAtRecordId,
  };
}

const byId = <T>(entries: [string, T][]) => entries.sort(([a], [b]) => compareText(a, b));

export function assembleOutput(run: StatementRun): EngineOutput {
  const { ledger, counters, waterfall } = run;
  const counterRuns = [...counters.runs].sort((a, b) => compareText(a.set.id, b.set.id));
  return {
    totals: {
      gross: formatMoney(run.gross),
      take: formatMoney(run.take),
      net: formatMoney(run.net),
      offTheTop: formatMoney(run.offTheTop),
      allocated: formatMoney(ledger.allocated),
      unallocated: formatMoney(run.unallocated),
    },
    payees: byId([...ledger.payees]).map(([payeeId, total]) => ({
      payeeId,
      earned: formatMoney(total.earned),
      recouped: formatMoney(total.recouped),
      credited: formatMoney(total.credited),
      payout: formatMoney(total.earned - total.recouped + total.credited),
    })),
    lines: [...ledger.lines.values()]
      .sort(
        (a, b) =>
          compareText(a.code, b.code) ||
          compareText(a.splitSetId, b.splitSetId) ||
          compareText(a.payeeId, b.payeeId),
      )
      .map((line) => ({
        code: line.code,
        productId: line.productId,
        splitSetId: line.splitSetId,
        payeeId: line.payeeId,
        units: Number(line.units),
        amount: formatMoney(line.amount),
      })),
    recoupments: waterfall.runs.map(recoupmentResult),
    triggers: counterRuns.map(triggerResult),
    missingCodes: [...run.missingCodes].sort(compareText),
    state: {
      counters: Object.fromEntries(
        counterRuns.map((counter) => [
          counter.set.id,
          { value: counterText(counter, counter.value) },
        ]),
      ),
      recoupments: Object.fromEntries(
        byId(
          waterfall.runs.map((item) => [item.recoupment.id, item] as [string, RecoupmentRun]),
        ).map(([id, item]) => [
          id,
          { remaining: formatMoney(item.remaining), deferred: formatMoney(item.deferred) },
        ]),
      ),
    },
  };
}
