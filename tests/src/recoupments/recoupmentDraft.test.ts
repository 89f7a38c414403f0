import { describe, expect, it } from 'vitest';
import {
  draftOf,
  draftProblems,
  emptyDraft,
  recoupmentFieldsOf,
  recoupmentPatchOf,
  serverProblems,
  type RecoupmentDraft,
} from '../../../src/recoupments/recoupmentDraft';
import type { Recoupment } from '../../../api/recoupments';

const lena = { id: 'user-lena', fullname: 'Lena Label' };
const paco = { id: 'user-paco', fullname: 'Paco Payee' };

/** A draft the server would take: an advance to Lena repaid from Paco's earnings. */
const validDraft = (change: Partial<RecoupmentDraft> = {}): RecoupmentDraft => ({
  ...emptyDraft(),
  title: 'Album advance',
  amount: '1500.00',
  creditor: lena,
  debtors: [paco],
  ...change,
});

describe('draftProblems', () => {
  it('finds nothing wrong with a complete draft', () => {
    expect(draftProblems(validDraft())).toEqual({});
  });

  it('refuses an amount that is not a decimal or not positive', () => {
    expect(draftProblems(validDraft({ amount: '12,50' })).amount).toBe(
      'recoupment-form.errors.not-a-value',
    );
    expect(draftProblems(validDraft({ amount: '0.00' })).amount).toBe(
      'recoupment-form.errors.amount-positive',
    );
    expect(draftProblems(validDraft({ amount: '' })).amount).toBe(
      'recoupment-form.errors.not-a-value',
    );
    // The largest amount the calculation takes, and one digit more.
    expect(draftProblems(validDraft({ amount: '999999999999999.999999999999' }))).toEqual({});
    expect(draftProblems(validDraft({ amount: '1234567890123456' })).amount).toBe(
      'recoupment-form.errors.not-a-value',
    );
    expect(draftProblems(validDraft({ prepaid: '1234567890123456' })).prepaid).toBe(
      'recoupment-form.errors.not-a-value',
    );
  });

  it('refuses a percentage with 5 decimals or above 100', () => {
    expect(draftProblems(validDraft({ recoupablePct: '50.12345' })).recoupablePct).toBe(
      'recoupment-form.errors.percent-range',
    );
    expect(draftProblems(validDraft({ netRevenuePct: '100.5' })).netRevenuePct).toBe(
      'recoupment-form.errors.percent-range',
    );
    expect(draftProblems(validDraft({ recoupablePct: '50.1234' }))).toEqual({});
  });

  it('needs a debtor when the recoupable percentage is above zero', () => {
    expect(draftProblems(validDraft({ debtors: [] })).debtors).toBe(
      'recoupment-form.errors.debtors-required',
    );
    expect(
      draftProblems(validDraft({ debtors: [], recoupablePct: '0', netRevenuePct: '10' })),
    ).toEqual({});
  });

  it('needs something to recoup from', () => {
    expect(
      draftProblems(validDraft({ recoupablePct: '0', netRevenuePct: '0.0' })).recoupablePct,
    ).toBe('recoupment-form.errors.nothing-to-recoup');
  });

  it('needs products when the scope is products, unless they are linked automatically', () => {
    expect(draftProblems(validDraft({ scope: 'products' })).products).toBe(
      'recoupment-form.errors.products-required',
    );
    expect(draftProblems(validDraft({ scope: 'products', autoLink: true }))).toEqual({});
  });

  it('checks the optional amounts, the currency, the title and the creditor', () => {
    const problems = draftProblems(
      validDraft({
        title: ' ',
        currency: 'US',
        prepaid: '-5',
        statementMaximum: '0',
        expectedValue: 'ten',
        creditor: null,
      }),
    );
    expect(problems).toEqual({
      title: 'recoupment-form.errors.title-required',
      currency: 'recoupment-form.errors.not-a-currency',
      prepaid: 'recoupment-form.errors.value-not-negative',
      statementMaximum: 'recoupment-form.errors.value-positive',
      expectedValue: 'recoupment-form.errors.not-a-value',
      creditor: 'recoupment-form.errors.creditor-required',
    });
  });
});

describe('recoupmentFieldsOf', () => {
  it('builds the request with decimal strings, nulls for empty fields and ids for people', () => {
    const body = recoupmentFieldsOf(
      validDraft({
        subtitle: '',
        amount: ' 1500.10 ',
        currency: 'eur',
        prepaid: '',
        statementMaximum: '250.5',
        dueDate: '2027-06-30',
        kind: 'advance',
        tag: '  ',
        warranter: lena,
        recoupablePct: '37.5',
        netRevenuePct: '2.25',
        priority: 'high',
        reimbursement: 'deferred',
        mechanicalRepays: true,
      }),
    );
    expect(body).toStrictEqual({
      title: 'Album advance',
      subtitle: null,
      active: true,
      amount: '1500.10',
      prepaid: '0',
      currency: 'EUR',
      expectedValue: null,
      statementMaximum: '250.5',
      paymentMinimum: '0',
      revenueMinimum: '0',
      dueDate: '2027-06-30',
      startDate: null,
      type: 'advance',
      kind: 'advance',
      tag: null,
      creditorId: 'user-lena',
      debtorIds: ['user-paco'],
      warranterId: 'user-lena',
      scope: 'all',
      autoLink: false,
      productIds: [],
      netRevenuePct: '2.25',
      recoupablePct: '37.5',
      priority: 'high',
      reimbursement: 'deferred',
      mechanicalRepays: true,
    });
  });

  it('sends the linked products only when the scope is products', () => {
    const products = [{ id: 'product-1', title: 'Midnight Signals' }];
    expect(recoupmentFieldsOf(validDraft({ scope: 'products', products })).productIds).toEqual([
      'product-1',
    ]);
    expect(recoupmentFieldsOf(validDraft({ scope: 'users', products })).productIds).toEqual([]);
  });

  it('sends the version read with a change', () => {
    expect(recoupmentPatchOf(validDraft(), 7)).toMatchObject({ version: 7, amount: '1500.00' });
  });
});

describe('draftOf', () => {
  it('reads a recoupment back into the same request', () => {
    const recoupment: Recoupment = {
      id: 'r-1',
      accountId: 'account-1',
      title: 'Album advance',
      subtitle: null,
      active: true,
      status: 'open',
      amount: '1500.1',
      remaining: '1500.1',
      recouped: '0',
      deferred: '0',
      currency: 'USD',
      expectedValue: null,
      prepaid: '0',
      statementMaximum: null,
      paymentMinimum: '0',
      revenueMinimum: '0',
      dueDate: null,
      startDate: '2026-01-01',
      type: 'expense',
      kind: null,
      tag: 'tour',
      creditor: lena,
      debtors: [paco],
      warranter: null,
      scope: 'all',
      autoLink: false,
      products: [],
      netRevenuePct: '0',
      recoupablePct: '100',
      priority: 'medium',
      reimbursement: 'immediate',
      mechanicalRepays: false,
      createdAt: 1_700_000_000,
      version: 3,
    };
    const body = recoupmentFieldsOf(draftOf(recoupment));
    expect(body).toMatchObject({
      amount: '1500.1',
      type: 'expense',
      kind: null,
      tag: 'tour',
      startDate: '2026-01-01',
      creditorId: 'user-lena',
      debtorIds: ['user-paco'],
    });
  });
});

describe('serverProblems', () => {
  it('puts each server error beside its form field', () => {
    expect(
      serverProblems([
        { path: 'amount', message: 'An amount must be positive.' },
        { path: 'debtorIds/1', message: 'This person is not one of the label’s people or payees.' },
        { path: '/productIds/0', message: 'This product is not one of the label’s products.' },
        { path: 'unknown', message: 'ignored' },
      ]),
    ).toEqual({
      amount: 'An amount must be positive.',
      debtors: 'This person is not one of the label’s people or payees.',
      products: 'This product is not one of the label’s products.',
    });
  });
});
