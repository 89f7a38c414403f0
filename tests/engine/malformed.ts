// Malformed inputs of each kind, with the one-line error each must be rejected with.
import type { EngineInput } from '../../engine/types';
import { baseSet, recoupment, sale, statementInput } from './fixtures';

type Json = Record<string, unknown>;

function valid(): EngineInput {
  return statementInput({
    records: [sale('r1', '100'), sale('r2', '50')],
    splitSets: [
      baseSet('base-p1', [
        { payeeId: 'label', pct: '50' },
        {
          groupId: 'band',
          pct: '50',
          members: [
            { payeeId: 'ann', pct: '50' },
            { payeeId: 'bob', balance: true },
          ],
        },
      ]),
      baseSet('cond-p1', [{ payeeId: 'ann', pct: '100' }], {
        kind: 'conditional',
        priority: 1,
        trigger: { type: 'income', threshold: '120', preCounted: '0' },
      }),
    ],
    recoupments: [recoupment('rc1')],
  });
}

/** A valid input changed by `edit` (on a plain JSON copy). */
// Edits reach anywhere into plain JSON, on purpose outside the input's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function broken(edit: (input: any) => void): unknown {
  const input = JSON.parse(JSON.stringify(valid())) as Json;
  edit(input);
  return input;
}

export const validInput = valid;

export const malformedInputs: { name: string; input: unknown; error: string }[] = [
  {
    name: 'shares not totalling 100',
    input: broken((i) => (i.splitSets[0].shares[0].pct = '49.5')),
    error: 'splitSets[0].shares: Splits total 99.5%',
  },
  {
    name: 'members not totalling 100',
    input: broken((i) => (i.splitSets[0].shares[1].members = [{ payeeId: 'ann', pct: '90' }])),
    error: 'splitSets[0].shares[1].members: Splits total 90%',
  },
  {
    name: 'others above 100 beside a balance share',
    input: broken(
      (i) =>
        (i.splitSets[0].shares = [
          { payeeId: 'label', pct: '60' },
          { payeeId: 'ann', pct: '44' },
          { payeeId: 'bob', balance: true },
        ]),
    ),
    error: 'splitSets[0].shares: Splits total 104%',
  },
  {
    name: 'two balance shares',
    input: broken(
      (i) =>
        (i.splitSets[0].shares = [
          { payeeId: 'label', balance: true },
          { payeeId: 'ann', balance: true },
        ]),
    ),
    error: 'splitSets[0].shares: only one balance share allowed',
  },
  {
    name: 'unknown share shape',
    input: broken((i) => (i.splitSets[0].shares[0] = { payeeId: 'label' })),
    error: 'splitSets[0].shares[0]: unknown share shape',
  },
  {
    name: 'empty shares',
    input: broken((i) => (i.splitSets[1].shares = [])),
    error: 'splitSets[1].shares: Splits total 0%',
  },
  {
    name: 'bad money',
    input: broken((i) => (i.records[1].revenue = '1e5')),
    error: 'records[1].revenue: not a decimal amount',
  },
  {
    name: 'money as a JSON number',
    input: broken((i) => (i.records[0].revenue = 12.5)),
    error: 'records[0].revenue: not a decimal amount',
  },
  {
    name: 'money with 16 digits before the point',
    input: broken((i) => (i.records[1].revenue = '1234567890123456')),
    error: 'records[1].revenue: not a decimal amount',
  },
  {
    name: 'negative money with 16 digits before the point (leading zeros not counted)',
    input: broken((i) => (i.recoupments[0].amount = '-0001000000000000000.5')),
    error: 'recoupments[0].amount: not a decimal amount',
  },
  {
    name: 'bad percent',
    input: broken((i) => (i.splitSets[0].shares[0].pct = '33.33333')),
    error: 'splitSets[0].shares[0].pct: not a percentage',
  },
  {
    name: 'percent above 100',
    input: broken((i) => (i.statement.distributorTakePct = '100.5')),
    error: 'statement.distributorTakePct: not a percentage',
  },
  {
    name: 'bad integer',
    input: broken((i) => (i.records[0].units = 1.5)),
    error: 'records[0].units: not an integer',
  },
  {
    name: 'bad date',
    input: broken((i) => (i.records[0].date = '2026-13-01')),
    error: 'records[0].date: not a date (YYYY-MM-DD)',
  },
  {
    name: 'unknown record kind',
    input: broken((i) => (i.records[0].kind = 'refund')),
    error: 'records[0].kind: unknown value "refund"',
  },
  {
    name: 'unknown trigger type',
    input: broken((i) => (i.splitSets[1].trigger = { type: 'streams', threshold: 5 })),
    error: 'splitSets[1].trigger.type: unknown trigger type "streams"',
  },
  {
    name: 'missing field',
    input: broken((i) => delete i.records[1].revenue),
    error: 'records[1].revenue: required',
  },
  {
    name: 'duplicate split set id',
    input: broken((i) => (i.splitSets[1].id = 'base-p1')),
    error: 'splitSets[1].id: duplicate id "base-p1"',
  },
  {
    name: 'duplicate recoupment id',
    input: broken((i) => i.recoupments.push(i.recoupments[0])),
    error: 'recoupments[1].id: duplicate id "rc1"',
  },
  {
    name: 'trigger naming an unknown recoupment',
    input: broken((i) => (i.splitSets[1].trigger = { type: 'recoupment', recoupmentId: 'rc9' })),
    error: 'splitSets[1].trigger.recoupmentId: unknown recoupment "rc9"',
  },
  {
    name: 'unknown recoupment priority',
    input: broken((i) => (i.recoupments[0].priority = 'urgent')),
    error: 'recoupments[0].priority: unknown value "urgent"',
  },
  {
    name: 'bad recoupment amount',
    input: broken((i) => (i.recoupments[0].amount = '10,000')),
    error: 'recoupments[0].amount: not a decimal amount',
  },
  {
    name: 'catalog entry without product',
    input: broken((i) => (i.catalog.C1 = {})),
    error: 'catalog.C1.productId: required',
  },
  {
    name: 'bad state balance',
    input: broken((i) => (i.state.recoupments = { rc1: { remaining: 'lots', deferred: '0' } })),
    error: 'state.recoupments.rc1.remaining: not a decimal amount',
  },
  {
    name: 'state balance with 27 digits before the point',
    input: broken(
      (i) =>
        (i.state.recoupments = {
          rc1: { remaining: '100', deferred: '-000123456789012345678901234567' },
        }),
    ),
    error: 'state.recoupments.rc1.deferred: not a decimal amount',
  },
  {
    name: 'state counter with 27 digits before the point',
    input: broken((i) => (i.state.counters = { 'cond-p1': { value: '1'.repeat(27) + '.5' } })),
    error: 'state.counters.cond-p1.value: not a decimal amount',
  },
  {
    name: 'first error in input order wins',
    input: broken((i) => {
      i.splitSets[0].shares = [];
      i.records[1].units = 'many';
    }),
    error: 'records[1].units: not an integer',
  },
];
