import { describe, expect, it } from 'vitest';
import { calculate } from '../../../engine/index';
import {
  draftsFromView,
  newSet,
  payeeShare,
  presetShares,
  sharesFromPreset,
  toEngineSets,
  toRequest,
} from '../../../src/catalog/splitDraft';
import { editSplits } from '../../../src/catalog/splitEditing';
import type { SplitSetView } from '../../../api/splits';

const line = (payeeId: string, pct: string | null, balance = false) => ({
  payeeId,
  fullname: payeeId.toUpperCase(),
  pct,
  balance,
  grouped: false,
});

const saved: SplitSetView[] = [
  {
    id: 'base-1',
    scope: 'product',
    kind: 'base',
    startDate: null,
    priority: 0,
    trigger: null,
    shares: [
      { ...line('label', '50'), groupId: null, members: [] },
      {
        payeeId: null,
        fullname: '',
        pct: '50',
        balance: false,
        grouped: false,
        groupId: 'band',
        members: [line('ann', '50'), line('bob', null, true)],
      },
    ],
  },
  {
    id: 'cond-1',
    scope: { code: 'QZDM12600001' },
    kind: 'conditional',
    startDate: '2026-01-01',
    priority: 2,
    trigger: { type: 'income', threshold: '7500', preCounted: '7000' },
    shares: [{ ...line('label', '70'), groupId: null, members: [] }],
  },
];

describe('drafts and the API', () => {
  it('read the saved sets and send them back unchanged', () => {
    expect(toRequest(draftsFromView(saved))).toEqual([
      {
        id: 'base-1',
        scope: 'product',
        kind: 'base',
        startDate: null,
        priority: 0,
        shares: [
          { payeeId: 'label', pct: '50' },
          {
            groupId: 'band',
            pct: '50',
            members: [
              { payeeId: 'ann', pct: '50' },
              { payeeId: 'bob', balance: true },
            ],
          },
        ],
      },
      {
        id: 'cond-1',
        scope: { code: 'QZDM12600001' },
        kind: 'conditional',
        startDate: '2026-01-01',
        priority: 2,
        trigger: { type: 'income', threshold: '7500', preCounted: '7000' },
        shares: [{ payeeId: 'label', pct: '70' }],
      },
    ]);
  });

  it('send a new collaborator by e-mail, lower-cased', () => {
    const set = {
      ...newSet('product', 'base'),
      shares: [payeeShare({ email: 'New@Example.com' }, '100')],
    };
    expect(toRequest([set])[0]?.shares).toEqual([{ email: 'new@example.com', pct: '100' }]);
  });

  it('units triggers are integers', () => {
    const set = newSet('product', 'conditional');
    const units = {
      ...set,
      trigger: { ...set.trigger, type: 'plays' as const, threshold: '100000' },
    };
    expect(toRequest([units])[0]?.trigger).toEqual({
      type: 'plays',
      threshold: 100000,
      preCounted: 0,
    });
  });
});

describe('drafts and the engine', () => {
  it('scope the product by id and stand in for new collaborators', () => {
    const drafts = draftsFromView(saved);
    const extra = {
      ...newSet('product', 'mechanical'),
      shares: [payeeShare({ email: 'x@y.io' }, '100')],
    };
    const sets = toEngineSets([...drafts, extra], 'p1');
    expect(sets[0]?.scope).toEqual({ productId: 'p1' });
    expect(sets[1]?.scope).toEqual({ code: 'QZDM12600001' });
    expect(sets[2]?.shares).toEqual([{ payeeId: 'invite:x@y.io', pct: '100' }]);
    expect(sets[2]?.id).toMatch(/^draft-/);
  });

  it('preview a recoupment trigger as not reached', () => {
    const set = newSet('product', 'conditional');
    const trigger = { ...set.trigger, type: 'recoupment' as const, recoupmentId: 'rc1' };
    expect(toEngineSets([{ ...set, trigger }], 'p1')[0]?.trigger).toEqual({
      type: 'manual',
      active: false,
    });
  });

  it('run through the engine: groups and balance members (ENGINE.md example 1)', async () => {
    const input = {
      currency: 'USD',
      statement: { id: 's1', period: '2026-09', distributorTakePct: '0' },
      records: [{ id: 'r1', code: 'C1', kind: 'sale', units: 10, revenue: '10' }],
      catalog: { C1: { productId: 'p1' } },
      splitSets: toEngineSets(draftsFromView(saved).slice(0, 1), 'p1'),
      recoupments: [],
      state: { counters: {}, recoupments: {} },
    };
    const { output } = await calculate(input, { backend: 'decimal' });
    expect(output.payees.map(({ payeeId, payout }) => [payeeId, payout])).toEqual([
      ['ann', '2.5'],
      ['bob', '2.5'],
      ['label', '5'],
    ]);
  });
});

describe('presets', () => {
  it('hold known payees only, and come back as drafts', () => {
    const [base] = draftsFromView(saved);
    if (!base) throw new Error('no set');
    const shares = presetShares(base);
    expect(shares).toEqual([
      { payeeId: 'label', pct: '50' },
      {
        groupId: 'band',
        pct: '50',
        members: [
          { payeeId: 'ann', pct: '50' },
          { payeeId: 'bob', balance: true },
        ],
      },
    ]);
    const back = sharesFromPreset(
      { id: 'p', name: 'Band', shares: shares ?? [] },
      (id) => `Name ${id}`,
    );
    expect(toRequest([{ ...base, shares: back }])[0]?.shares).toEqual(toRequest([base])[0]?.shares);
    expect(presetShares({ ...base, shares: [payeeShare({ email: 'a@b.io' }, '100')] })).toBeNull();
  });
});

describe('editing', () => {
  it('adds, changes and removes shares and members by key', () => {
    let sets = editSplits([], { type: 'set.add', scope: 'product', kind: 'base' });
    const setKey = sets[0]?.key ?? '';
    const ann = payeeShare({ payeeId: 'ann', fullname: 'Ann' });
    sets = editSplits(sets, { type: 'share.add', setKey, share: ann });
    sets = editSplits(sets, {
      type: 'share.change',
      setKey,
      shareKey: ann.key,
      change: { pct: '40' },
    });
    expect(sets[0]?.shares).toMatchObject([{ payeeId: 'ann', pct: '40' }]);

    const band = { kind: 'group' as const, key: 'g1', groupId: 'band', pct: '60', members: [] };
    sets = editSplits(sets, { type: 'share.add', setKey, share: band });
    const bob = payeeShare({ payeeId: 'bob', fullname: 'Bob' }, '100');
    sets = editSplits(sets, { type: 'share.add', setKey, groupKey: 'g1', share: bob });
    sets = editSplits(sets, {
      type: 'share.change',
      setKey,
      shareKey: bob.key,
      change: { balance: true },
    });
    expect(sets[0]?.shares[1]).toMatchObject({
      groupId: 'band',
      members: [{ payeeId: 'bob', balance: true }],
    });
    sets = editSplits(sets, { type: 'share.remove', setKey, shareKey: bob.key });
    expect(sets[0]?.shares[1]).toMatchObject({ members: [] });
    sets = editSplits(sets, { type: 'set.remove', setKey });
    expect(sets).toEqual([]);
  });
});
