import { describe, expect, it } from 'vitest';
import { checkSet, checkSets, shareTotals } from '../../../src/catalog/splitChecks';
import {
  groupShare,
  newSet,
  payeeShare,
  type GroupShareDraft,
  type SetDraft,
  type ShareDraft,
} from '../../../src/catalog/splitDraft';

const payee = (id: string, pct: string) => payeeShare({ payeeId: id, fullname: id }, pct);
const balance = (id: string) => ({ ...payeeShare({ payeeId: id, fullname: id }), balance: true });
const setOf = (...shares: ShareDraft[]): SetDraft => ({ ...newSet('product', 'base'), shares });
const group = (
  id: string,
  pct: string,
  ...members: ReturnType<typeof payee>[]
): GroupShareDraft => ({
  ...groupShare(id, pct),
  members,
});
const keysOf = (set: SetDraft) => checkSet(set).problems.map((problem) => problem.key);

describe('split totals are exact decimal sums', () => {
  it('adds 33.3333 + 33.3333 + 33.3334 to exactly 100', () => {
    expect(shareTotals([{ pct: '33.3333' }, { pct: '33.3333' }, { pct: '33.3334' }]).total).toBe(
      '100',
    );
    const check = checkSet(
      setOf(payee('x', '33.3333'), payee('y', '33.3333'), payee('z', '33.3334')),
    );
    expect(check.totals).toEqual({ total: '100', balance: null, complete: true });
    expect(check.problems).toEqual([]);
  });

  it('where floats drift, the total stays exact', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats.
    expect(shareTotals([{ pct: '0.1' }, { pct: '0.2' }, { pct: '99.7' }]).complete).toBe(true);
  });

  it("says 'Splits total 99.5%' with the exact total", () => {
    const check = checkSet(setOf(payee('a', '49.5'), payee('b', '50')));
    expect(check.totals.total).toBe('99.5');
    expect(check.problems).toEqual([
      { key: 'catalog.splits.total', values: { amount: '99.5' }, shareKey: null },
    ]);
  });

  it('shows 4-decimal totals without trailing zeros', () => {
    expect(shareTotals([{ pct: '33.3330' }, { pct: '66.6660' }]).total).toBe('99.999');
    expect(shareTotals([{ pct: '60.0000' }, { pct: '40.0000' }]).total).toBe('100');
  });

  it('an empty set totals 0%', () => {
    expect(keysOf(setOf())).toEqual(['catalog.splits.total']);
    expect(checkSet(setOf()).totals.total).toBe('0');
  });
});

describe('a balance share', () => {
  it('takes 100% minus the others', () => {
    const check = checkSet(setOf(payee('ann', '37.5'), balance('label')));
    expect(check.totals).toEqual({ total: '37.5', balance: '62.5', complete: true });
    expect(check.problems).toEqual([]);
  });

  it('may take nothing, but the others may not pass 100%', () => {
    expect(checkSet(setOf(payee('ann', '100'), balance('label'))).totals.balance).toBe('0');
    const over = checkSet(setOf(payee('ann', '60'), payee('bob', '40.5'), balance('label')));
    expect(over.totals.complete).toBe(false);
    expect(over.problems.map((problem) => problem.values)).toContainEqual({ amount: '100.5' });
  });

  it('is one share at most', () => {
    expect(keysOf(setOf(payee('ann', '50'), balance('label'), balance('bob')))).toContain(
      'catalog.splits.one-balance',
    );
  });
});

describe('groups', () => {
  it('total 100% inside, and count as one share outside', () => {
    const band = group('band', '50', payee('ann', '60'), payee('paco', '40'));
    const check = checkSet(setOf(payee('label', '50'), band));
    expect(check.problems).toEqual([]);
    expect(check.groups[band.key]).toEqual({ total: '100', balance: null, complete: true });
  });

  it('report their own members total', () => {
    const band = group('band', '50', payee('ann', '60'), payee('paco', '30'));
    const check = checkSet(setOf(payee('label', '50'), band));
    expect(check.problems).toEqual([
      { key: 'catalog.splits.total', values: { amount: '90' }, shareKey: band.key },
    ]);
  });

  it('may hold a balance member', () => {
    const band = group('band', '50', payee('ann', '33.3333'), balance('paco'));
    expect(checkSet(setOf(payee('label', '50'), band)).groups[band.key]?.balance).toBe('66.6667');
  });
});

describe('attribution and e-mails', () => {
  it('every share needs a collaborator', () => {
    const nobody = { ...payee('x', '100'), payeeId: null };
    expect(keysOf(setOf(nobody))).toEqual(['catalog.splits.unattributed']);
  });

  it('a new collaborator needs a valid e-mail', () => {
    expect(keysOf(setOf(payeeShare({ email: 'new@example.com' }, '100')))).toEqual([]);
    expect(keysOf(setOf(payeeShare({ email: 'not-an-email' }, '100')))).toEqual([
      'catalog.splits.invalid-email',
    ]);
  });

  it("the same person twice is a 'Duplicate user', in a group too", () => {
    expect(keysOf(setOf(payee('ann', '50'), payee('ann', '50')))).toEqual([
      'catalog.splits.duplicate-user',
    ]);
    const band = group('band', '50', payee('ann', '100'));
    expect(keysOf(setOf(payee('ann', '50'), band))).toEqual(['catalog.splits.duplicate-user']);
    expect(
      keysOf(setOf(payeeShare({ email: 'A@x.io' }, '50'), payeeShare({ email: 'a@x.io' }, '50'))),
    ).toEqual(['catalog.splits.duplicate-user']);
  });

  it('percentages have at most 4 decimals and stay within 100', () => {
    expect(keysOf(setOf(payee('a', '33.33333'), payee('b', '66.66667')))).toContain(
      'catalog.splits.invalid-percent',
    );
    expect(keysOf(setOf(payee('a', '101')))).toContain('catalog.splits.invalid-percent');
    expect(keysOf(setOf(payee('a', '-5'), payee('b', '105')))).toContain(
      'catalog.splits.invalid-percent',
    );
  });
});

describe('conditional triggers', () => {
  const conditional = (trigger: Partial<SetDraft['trigger']>): SetDraft => ({
    ...newSet('product', 'conditional'),
    trigger: { ...newSet('product', 'conditional').trigger, ...trigger },
    shares: [payee('label', '100')],
  });

  it('a threshold needs an amount above zero', () => {
    expect(keysOf(conditional({ type: 'income', threshold: '0' }))).toEqual([
      'catalog.triggers.threshold-positive',
    ]);
    expect(
      keysOf(conditional({ type: 'income', threshold: '7500.50', preCounted: '7000' })),
    ).toEqual([]);
    expect(keysOf(conditional({ type: 'units', threshold: '1.5' }))).toEqual([
      'catalog.triggers.threshold-positive',
    ]);
    expect(keysOf(conditional({ type: 'plays', threshold: '100000', preCounted: '-1' }))).toEqual([
      'catalog.triggers.not-negative',
    ]);
  });

  it('an income threshold, and the income already counted, stay within the limit on amounts', () => {
    const largest = '999999999999999.999999999999';
    expect(
      keysOf(conditional({ type: 'income', threshold: largest, preCounted: largest })),
    ).toEqual([]);
    for (const past of ['12345678901234567', '1.0000000000001']) {
      expect(keysOf(conditional({ type: 'income', threshold: past }))).toEqual([
        'catalog.triggers.not-an-amount',
      ]);
      expect(keysOf(conditional({ type: 'income', threshold: '100', preCounted: past }))).toEqual([
        'catalog.triggers.not-an-amount',
      ]);
    }
  });

  it('date and recoupment triggers need their value; manual needs none', () => {
    expect(keysOf(conditional({ type: 'date', date: '' }))).toEqual([
      'catalog.triggers.date-required',
    ]);
    expect(keysOf(conditional({ type: 'date', date: '2027-01-01' }))).toEqual([]);
    expect(keysOf(conditional({ type: 'recoupment' }))).toEqual([
      'catalog.triggers.recoupment-required',
    ]);
    expect(keysOf(conditional({ type: 'manual', active: false }))).toEqual([]);
  });
});

describe('across tabs', () => {
  it("more than one failing set asks to 'Check split totals on all tabs'", () => {
    const good = setOf(payee('a', '100'));
    const bad = setOf(payee('a', '99'));
    const mechanical = { ...setOf(payee('a', '98')), kind: 'mechanical' as const };
    expect(checkSets([good, bad])).toMatchObject({ valid: false, checkAllTabs: false });
    expect(checkSets([good, bad, mechanical])).toMatchObject({ valid: false, checkAllTabs: true });
    expect(checkSets([good])).toMatchObject({ valid: true, checkAllTabs: false });
  });
});
