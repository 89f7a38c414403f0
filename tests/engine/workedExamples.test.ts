// ENGINE.md's worked examples, exactly, on the reference and on the WASM engine.
import { describe, expect, it } from 'vitest';
import { calculateWasm } from '../../engine/loader';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput, EngineOutput } from '../../engine/types';
import { workedExamples } from './fixtures';

const backends: [string, (input: EngineInput) => Promise<EngineOutput>][] = [
  ['decimal', (input) => Promise.resolve(calculateReference(input))],
  // No skip: a missing engine.wasm fails these tests.
  ['wasm', (input) => calculateWasm(input)],
];

function payouts(output: EngineOutput): Record<string, string> {
  return Object.fromEntries(output.payees.map((payee) => [payee.payeeId, payee.payout]));
}

describe.each(backends)('worked examples on %s', (_name, run) => {
  it('1. groups: the band share is split among its members', async () => {
    const output = await run(workedExamples.groups);
    expect(payouts(output)).toEqual({ label: '5', ann: '2.5', bob: '2.5' });
  });

  it('2. largest remainder: the one unit goes to the largest remainder', async () => {
    const output = await run(workedExamples.largestRemainder);
    expect(payouts(output)).toEqual({ x: '0', y: '0', z: '0.000000000001' });
    expect(output.totals.allocated).toBe('0.000000000001');
  });

  it('3. escalation inside a record: cut at the income threshold', async () => {
    const output = await run(workedExamples.escalation);
    expect(payouts(output)).toEqual({ label: '850', ann: '150' });
    expect(output.triggers).toEqual([
      {
        splitSetId: 'cond-p1',
        counterBefore: '7000',
        counterAfter: '8000',
        activatedAtRecordId: 'r1',
      },
    ]);
    const amounts = output.lines.map((line) => [line.splitSetId, line.payeeId, line.amount]);
    expect(amounts).toEqual([
      ['base-p1', 'label', '500'],
      ['cond-p1', 'ann', '150'],
      ['cond-p1', 'label', '350'],
    ]);
    expect(output.state.counters).toEqual({ 'cond-p1': { value: '8000' } });
  });

  it('4. debtor recoupment: half of what ann earned goes to the label', async () => {
    const output = await run(workedExamples.debtorRecoupment);
    expect(payouts(output)).toEqual({ ann: '200', label: '800' });
    expect(output.recoupments).toEqual([
      {
        id: 'rc1',
        before: '1000',
        taken: '200',
        after: '800',
        closed: false,
        deferred: '0',
        remittances: [{ debtorId: 'ann', amount: '200' }],
      },
    ]);
    expect(output.state.recoupments).toEqual({ rc1: { remaining: '800', deferred: '0' } });
  });
});
