// Hand-worked cases for ENGINE.md's steps and the README's choices, on both backends.
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../../engine/errors';
import { calculateWasm } from '../../engine/loader';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput, EngineOutput, SplitSet } from '../../engine/types';
import { baseSet, recoupment, sale, statementInput } from './fixtures';

const backends: [string, (input: EngineInput) => Promise<EngineOutput>][] = [
  ['decimal', (input) => Promise.resolve(calculateReference(input))],
  ['wasm', (input) => calculateWasm(input)],
];

const payouts = (output: EngineOutput) =>
  Object.fromEntries(output.payees.map((payee) => [payee.payeeId, payee.payout]));

const lineSummary = (output: EngineOutput) =>
  output.lines.map((line) => `${line.splitSetId}/${line.payeeId} ${line.amount} x${line.units}`);

function conditional(id: string, payeeId: string, trigger: SplitSet['trigger'], priority = 1) {
  return baseSet(id, [{ payeeId, pct: '100' }], { kind: 'conditional', priority, trigger });
}

const labelBase = baseSet('base', [{ payeeId: 'label', pct: '100' }]);

describe.each(backends)('semantics on %s', (_name, run) => {
  it('cuts a record at a units threshold, money by the same fraction', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '1000', { units: 200 })],
        splitSets: [
          labelBase,
          conditional('cond', 'ann', { type: 'units', threshold: 100, preCounted: 60 }),
        ],
      }),
    );
    expect(lineSummary(output)).toEqual(['base/label 200 x40', 'cond/ann 800 x160']);
    expect(output.triggers[0]).toMatchObject({ counterAfter: '260', activatedAtRecordId: 'r1' });
  });

  it('cuts one record at several thresholds, in order of the cut point', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '1000', { units: 10 })],
        splitSets: [
          labelBase,
          conditional('high', 'bob', { type: 'income', threshold: '600', preCounted: '0' }, 2),
          conditional('low', 'ann', { type: 'income', threshold: '300', preCounted: '0' }, 1),
        ],
      }),
    );
    expect(lineSummary(output)).toEqual(['base/label 300 x3', 'high/bob 400 x4', 'low/ann 300 x3']);
  });

  it('gives a part its units once per line, even for a payee holding two shares', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '10', { units: 7 })],
        splitSets: [
          baseSet('base', [
            { payeeId: 'label', pct: '50' },
            {
              groupId: 'band',
              pct: '50',
              members: [
                { payeeId: 'label', pct: '50' },
                { payeeId: 'ann', balance: true },
              ],
            },
          ]),
        ],
      }),
    );
    expect(lineSummary(output)).toEqual(['base/ann 2.5 x7', 'base/label 7.5 x7']);
  });

  it('allocates a negative adjustment with the sign applied after the remainders', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '100'), sale('r2', '-30.000000000001', { kind: 'adjustment' })],
        splitSets: [
          baseSet('base', [
            { payeeId: 'ann', pct: '50' },
            { payeeId: 'bob', pct: '50' },
          ]),
        ],
      }),
    );
    expect(payouts(output)).toEqual({ ann: '34.999999999999', bob: '35' });
  });

  it('cuts off the top, holds it deferred and credits it all when the recoupment closes', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '100')],
        splitSets: [baseSet('base', [{ payeeId: 'ann', pct: '100' }])],
        recoupments: [
          recoupment('rc1', { netRevenuePct: '50', recoupablePct: '0', reimbursement: 'deferred' }),
        ],
        state: { counters: {}, recoupments: { rc1: { remaining: '30', deferred: '5' } } },
      }),
    );
    expect(output.totals).toMatchObject({ offTheTop: '30', allocated: '70' });
    expect(payouts(output)).toEqual({ ann: '70', label: '35' });
    expect(output.recoupments[0]).toMatchObject({
      taken: '30',
      after: '0',
      closed: true,
      deferred: '0',
    });
  });

  it('caps a take at the statement maximum and drops one below the payment minimum', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '1000')],
        splitSets: [baseSet('base', [{ payeeId: 'ann', pct: '100' }])],
        recoupments: [
          recoupment('capped', { priority: 'highest', amount: '5000', statementMaximum: '300' }),
          recoupment('small', { amount: '1000', recoupablePct: '50', paymentMinimum: '500' }),
        ],
      }),
    );
    expect(output.recoupments.map((item) => [item.id, item.taken])).toEqual([
      ['capped', '300'],
      ['small', '0'],
    ]);
    expect(payouts(output)).toEqual({ ann: '700', label: '300' });
  });

  it('recoups mechanical earnings only when mechanicalRepays is set', async () => {
    const input = (mechanicalRepays: boolean) =>
      statementInput({
        records: [sale('r1', '100'), sale('r2', '100', { kind: 'mechanical' })],
        splitSets: [
          baseSet('base', [{ payeeId: 'ann', pct: '100' }]),
          baseSet('mech', [{ payeeId: 'ann', pct: '100' }], { kind: 'mechanical' }),
        ],
        recoupments: [recoupment('rc1', { mechanicalRepays })],
      });
    expect((await run(input(false))).recoupments[0]?.taken).toBe('100');
    expect((await run(input(true))).recoupments[0]?.taken).toBe('200');
  });

  it('lists a code whose scope has no set started yet as missing, without trying a wider scope', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '10')],
        splitSets: [
          labelBase,
          baseSet('later', [{ payeeId: 'ann', pct: '100' }], {
            scope: { code: 'C1' },
            startDate: '2026-10-01',
          }),
        ],
      }),
    );
    expect(output.missingCodes).toEqual(['C1']);
    expect(output.totals.unallocated).toBe('10');
  });

  it('lists a code absent from the catalog as missing', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '10', { code: 'X9' }), sale('r2', '5')],
        splitSets: [labelBase],
      }),
    );
    expect(output.missingCodes).toEqual(['X9']);
    expect(output.totals).toMatchObject({ allocated: '5', unallocated: '10' });
  });
  it('passes over a scope with only mechanical sets for a sale (README further choice 1)', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '10')],
        splitSets: [
          labelBase,
          baseSet('mech-c1', [{ payeeId: 'pub', pct: '100' }], {
            scope: { code: 'C1' },
            kind: 'mechanical',
          }),
        ],
      }),
    );
    expect(output.missingCodes).toEqual([]);
    expect(payouts(output)).toEqual({ label: '10' });
  });

  it('counts a remaining below zero as closed (README further choice 6)', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '10')],
        splitSets: [
          labelBase,
          conditional('cond', 'ann', { type: 'recoupment', recoupmentId: 'rc1' }),
        ],
        recoupments: [recoupment('rc1', { amount: '100', prepaid: '150' })],
      }),
    );
    expect(output.recoupments[0]).toMatchObject({ before: '-50', closed: true });
    expect(payouts(output)).toEqual({ ann: '10' });
  });

  it("nets a debtor's negative buckets into the base: +100 on p1, -80 on p2 is a base of 20", async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '100'), sale('r2', '-80', { code: 'C2', kind: 'adjustment' })],
        catalog: { C1: { productId: 'p1' }, C2: { productId: 'p2' } },
        splitSets: [
          baseSet('base', [{ payeeId: 'ann', pct: '100' }], { scope: { default: true } }),
        ],
        recoupments: [recoupment('first'), recoupment('second', { priority: 'low' })],
      }),
    );
    // "first" draws its 20 from p1, the only positive bucket; "second" sees p1 80 and p2 -80.
    expect(output.recoupments.map(({ id, taken }) => [id, taken])).toEqual([
      ['first', '20'],
      ['second', '0'],
    ]);
    expect(payouts(output)).toEqual({ ann: '0', label: '20' });
  });

  it('takes nothing from a debtor whose eligible buckets net below zero', async () => {
    const output = await run(
      statementInput({
        records: [sale('r1', '-50', { kind: 'adjustment' }), sale('r2', '30', { code: 'C2' })],
        catalog: { C1: { productId: 'p1' }, C2: { productId: 'p2' } },
        splitSets: [
          baseSet('base', [{ payeeId: 'ann', pct: '100' }], { scope: { default: true } }),
        ],
        recoupments: [recoupment('rc1', { revenueMinimum: '-20' })],
      }),
    );
    expect(output.recoupments[0]).toMatchObject({ taken: '0', remittances: [] });
    expect(payouts(output)).toEqual({ ann: '-20' });
  });

  it('carries state values of 26 integer digits from one statement to the next', async () => {
    const big = '99999999999999999999999999.999999999999';
    const splitSets = [
      baseSet('base', [
        { payeeId: 'label', pct: '50' },
        { payeeId: 'ann', pct: '50' },
      ]),
      conditional('inc', 'ann', { type: 'income', threshold: '150', preCounted: '0' }),
      conditional('units', 'ann', { type: 'units', threshold: 1000, preCounted: 0 }, 0),
    ];
    const recoupments = [recoupment('rc1', { amount: '10', reimbursement: 'deferred' })];
    const first = await run(
      statementInput({
        records: [sale('r1', '100', { units: 7 })],
        splitSets,
        recoupments,
        state: {
          counters: { inc: { value: `-${big}` }, units: { value: '-99999999999999999999999999' } },
          recoupments: {
            rc1: { remaining: big, deferred: '-12345678901234567890123456.000000000001' },
          },
        },
      }),
    );
    expect(first.state).toEqual({
      counters: {
        inc: { value: '-99999999999999999999999899.999999999999' },
        units: { value: '-99999999999999999999999992' },
      },
      recoupments: {
        rc1: {
          remaining: '99999999999999999999999949.999999999999',
          deferred: '-12345678901234567890123406.000000000001',
        },
      },
    });
    const second = await run(
      statementInput({
        statement: { id: 's2', period: '2026-10', distributorTakePct: '0' },
        records: [sale('r2', '100', { date: '2026-10-01', units: 7 })],
        splitSets,
        recoupments,
        state: first.state,
      }),
    );
    expect(second.state.recoupments.rc1?.remaining).toBe('99999999999999999999999899.999999999999');
  });

  it('credits two released deferred balances of 26 digits past what an i128 holds', async () => {
    const big = '99999999999999999999999999.999999999999';
    const deferred = { amount: '10', reimbursement: 'deferred' } as const;
    const output = await run(
      statementInput({
        records: [sale('r1', '100')],
        splitSets: [baseSet('base', [{ payeeId: 'ann', pct: '100' }])],
        recoupments: [recoupment('rc1', deferred), recoupment('rc2', deferred)],
        state: {
          counters: {},
          recoupments: {
            rc1: { remaining: '10', deferred: big },
            rc2: { remaining: '10', deferred: big },
          },
        },
      }),
    );
    expect(payouts(output)).toEqual({
      ann: '80',
      label: '200000000000000000000000019.999999999998',
    });
  });

  it('reads a units counter of 26 digits and refuses one of 27', async () => {
    const withCounter = (value: string) =>
      statementInput({
        splitSets: [
          labelBase,
          conditional('units', 'ann', { type: 'units', threshold: 10, preCounted: 0 }),
        ],
        state: { counters: { units: { value } }, recoupments: {} },
      });
    const output = await run(withCounter(`-000${'9'.repeat(26)}`));
    expect(output.triggers[0]?.counterAfter).toBe(`-${'9'.repeat(26)}`);
    // The reference throws before any promise: an async wrapper makes both a rejection.
    await expect((async () => run(withCounter('1'.repeat(27))))()).rejects.toThrow(
      new EngineInputError('state.counters.units.value: not an integer'),
    );
  });

  it('accepts back an income counter that went past 15 digits', async () => {
    const splitSets = [
      labelBase,
      conditional('inc', 'ann', {
        type: 'income',
        threshold: '999999999999999',
        preCounted: '999999999999950',
      }),
    ];
    const first = await run(statementInput({ records: [sale('r1', '100')], splitSets }));
    expect(first.state.counters.inc?.value).toBe('1000000000000050');
    const second = await run(
      statementInput({ records: [sale('r2', '100')], splitSets, state: first.state }),
    );
    expect(second.triggers[0]?.counterAfter).toBe('1000000000000150');
    expect(payouts(second)).toEqual({ ann: '100' });
  });

  it('accepts money with 15 digits before the point (README Rust choice 1)', async () => {
    const output = await run(
      statementInput({
        records: [
          sale('r1', '999999999999999.9999999999994'),
          sale('r2', '-000999999999999999', { kind: 'adjustment' }),
        ],
        splitSets: [labelBase],
      }),
    );
    expect(output.totals.gross).toBe('0.999999999999');
    expect(payouts(output)).toEqual({ label: '0.999999999999' });
  });
});
