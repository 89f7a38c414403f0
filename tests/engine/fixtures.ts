// Builders for hand-written engine inputs: one product p1, take 0, no state.
import type { EngineInput, EngineRecord, Recoupment, SplitSet } from '../../engine/types';
import { copyValue } from '../../server/db/database';

export function sale(id: string, revenue: string, extra: Partial<EngineRecord> = {}): EngineRecord {
  return { id, code: 'C1', kind: 'sale', date: '2026-09-01', units: 10, revenue, ...extra };
}

export function baseSet(
  id: string,
  shares: SplitSet['shares'],
  extra: Partial<SplitSet> = {},
): SplitSet {
  return {
    id,
    scope: { productId: 'p1' },
    kind: 'base',
    startDate: null,
    priority: 0,
    shares,
    ...extra,
  };
}

export function recoupment(id: string, extra: Partial<Recoupment> = {}): Recoupment {
  return {
    id,
    title: 'Advance',
    type: 'advance',
    status: 'open',
    creditorId: 'label',
    debtorIds: ['ann'],
    amount: '1000',
    prepaid: '0',
    priority: 'high',
    createdAt: 1758000000,
    startDate: null,
    scope: 'all',
    productIds: [],
    recoupablePct: '100',
    netRevenuePct: '0',
    statementMaximum: null,
    paymentMinimum: '0',
    revenueMinimum: '0',
    reimbursement: 'immediate',
    mechanicalRepays: false,
    ...extra,
  };
}

export function statementInput(parts: Partial<EngineInput>): EngineInput {
  return {
    currency: 'USD',
    statement: { id: 's1', period: '2026-09', distributorTakePct: '0' },
    records: [],
    catalog: { C1: { productId: 'p1' } },
    splitSets: [],
    recoupments: [],
    state: { counters: {}, recoupments: {} },
    ...parts,
  };
}

/** ENGINE.md's worked examples, each with the payouts it states. */
export const workedExamples = {
  groups: statementInput({
    records: [sale('r1', '10')],
    splitSets: [
      baseSet('base-p1', [
        { payeeId: 'label', pct: '50' },
        {
          groupId: 'band',
          pct: '50',
          members: [
            { payeeId: 'ann', pct: '50' },
            { payeeId: 'bob', pct: '50' },
          ],
        },
      ]),
    ],
  }),
  largestRemainder: statementInput({
    records: [sale('r1', '0.000000000001')],
    splitSets: [
      baseSet('base-p1', [
        { payeeId: 'x', pct: '33.3333' },
        { payeeId: 'y', pct: '33.3333' },
        { payeeId: 'z', pct: '33.3334' },
      ]),
    ],
  }),
  escalation: statementInput({
    records: [sale('r1', '1000')],
    splitSets: [
      baseSet('base-p1', [{ payeeId: 'label', pct: '100' }]),
      baseSet(
        'cond-p1',
        [
          { payeeId: 'label', pct: '70' },
          { payeeId: 'ann', pct: '30' },
        ],
        {
          kind: 'conditional',
          priority: 1,
          trigger: { type: 'income', threshold: '7500', preCounted: '7000' },
        },
      ),
    ],
  }),
  debtorRecoupment: statementInput({
    records: [sale('r1', '1000')],
    splitSets: [
      baseSet('base-p1', [
        { payeeId: 'ann', pct: '40' },
        { payeeId: 'label', pct: '60' },
      ]),
    ],
    recoupments: [recoupment('rc1', { recoupablePct: '50' })],
  }),
};

const fileAndRow = (id: string) => id.split(':').map(Number);

/** The records as the database writes them with COPY (server/statements/engineInput.ts). */
export function tableOf(records: readonly EngineRecord[]): string {
  return records
    .map(
      (record) =>
        [
          ...fileAndRow(record.id),
          record.code,
          record.kind,
          record.date ?? null,
          record.units,
          record.revenue,
          record.format ?? null,
        ]
          .map(copyValue)
          .join('\t') + '\n',
    )
    .join('');
}
