import { describe, expect, it } from 'vitest';
import { calculateReference } from '../../../engine/reference';
import type { EngineInput } from '../../../engine/types';
import type { Recoupment } from '../../../api/recoupments';
import { emptyDraft, recoupmentFieldsOf } from '../../../src/recoupments/recoupmentDraft';
import {
  compareOutputs,
  editedInput,
  NEW_RECOUPMENT_ID,
} from '../../../src/recoupments/waterfallPreview';

// One song, 1,000 of revenue, Aria 100%; an advance of 500 at 50% of what she earns, of which
// 300 is left after earlier statements.
const ADVANCE = {
  id: 'rc-1',
  title: 'Album advance',
  type: 'advance',
  status: 'open' as const,
  creditorId: 'lena',
  debtorIds: ['aria'],
  amount: '500',
  prepaid: '0',
  priority: 'medium' as const,
  createdAt: 1_700_000_000,
  startDate: null,
  scope: 'all' as const,
  productIds: [],
  recoupablePct: '50',
  netRevenuePct: '0',
  statementMaximum: null,
  paymentMinimum: '0',
  revenueMinimum: '0',
  reimbursement: 'immediate' as const,
  mechanicalRepays: false,
};
const INPUT: EngineInput = {
  currency: 'USD',
  statement: { id: 's-1', period: '2026-09', distributorTakePct: '0' },
  records: [
    { id: '0001:0000000001', code: 'QZDM12600001', kind: 'sale', units: 10, revenue: '1000' },
  ],
  catalog: { QZDM12600001: { productId: 'p-1' } },
  splitSets: [
    {
      id: 'set-1',
      scope: { productId: 'p-1' },
      kind: 'base',
      startDate: null,
      priority: 0,
      shares: [{ payeeId: 'aria', pct: '100' }],
    },
  ],
  recoupments: [ADVANCE],
  state: { counters: {}, recoupments: { 'rc-1': { remaining: '300', deferred: '0' } } },
};
const SAVED = {
  id: 'rc-1',
  status: 'open',
  createdAt: ADVANCE.createdAt,
  accountId: 'acct',
} as unknown as Recoupment;
const fieldsWith = (change: Record<string, string>) => ({
  ...recoupmentFieldsOf({
    ...emptyDraft(),
    title: 'Album advance',
    amount: '500',
    recoupablePct: '50',
    creditor: { id: 'lena', fullname: 'Lena Label' },
    debtors: [{ id: 'aria', fullname: 'Aria Artist' }],
  }),
  ...change,
});

describe('the waterfall preview of a recoupment being edited', () => {
  it('takes what the statement took when nothing changes', () => {
    const before = calculateReference(INPUT);
    const after = calculateReference(editedInput(INPUT, fieldsWith({}), SAVED, 0)!);
    const compared = compareOutputs(before, after);
    // 50% of 1,000 is 500, but only 300 is left: the advance takes 300, Aria is paid 700.
    expect(compared.recoupments).toEqual([
      { id: 'rc-1', before: '300', after: '300', change: '0' },
    ]);
  });

  it('moves the balance left by what the amount moved: 500 lowered to 400 takes 200, not 300', () => {
    const before = calculateReference(INPUT);
    const edited = editedInput(INPUT, fieldsWith({ amount: '400' }), SAVED, 0)!;
    expect(edited.state.recoupments['rc-1']).toEqual({ remaining: '200', deferred: '0' });
    const compared = compareOutputs(before, calculateReference(edited));
    expect(compared.recoupments).toEqual([
      { id: 'rc-1', before: '300', after: '200', change: '-100' },
    ]);
    expect(compared.payees.find((line) => line.id === 'aria')).toEqual({
      id: 'aria',
      before: '700',
      after: '800',
      change: '100',
    });
  });

  it('adds a new recoupment beside the others, whole, and leaves one in another currency out', () => {
    const created = editedInput(
      INPUT,
      fieldsWith({ title: 'Tour support', amount: '100', recoupablePct: '10' }),
      null,
      1_800_000_000,
    )!;
    expect(created.recoupments.map((recoupment) => recoupment.id)).toEqual([
      'rc-1',
      NEW_RECOUPMENT_ID,
    ]);
    expect(created.state.recoupments[NEW_RECOUPMENT_ID]).toEqual({
      remaining: '100',
      deferred: '0',
    });
    expect(editedInput(INPUT, fieldsWith({ currency: 'EUR' }), null, 0)).toBeNull();
    expect(editedInput(INPUT, fieldsWith({ amount: 'lots' }), SAVED, 0)).toBeNull();
  });
});
