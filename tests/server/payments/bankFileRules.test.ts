// The bank-file rail's pure rules: settlement in business days, micro-deposits nobody can guess
// or see twice, the names files download as, which format pays which account, and how a return
// file is told apart from anything else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  fileNameOf,
  formatOf,
  microDepositPair,
} from '../../../server/payments/bankfile/bankFilePartner';
import { readBankReturns } from '../../../server/payments/bankfile/returnFile';
import { BankFileUnreadable } from '../../../server/payments/bankfile/types';

describe('bank-file rules', () => {
  it('settles after business days: a Friday submission two days on is Tuesday', () => {
    // 2026-11-27 is a Friday, 2026-11-29 a Sunday.
    expect(addBusinessDays(new Date('2026-11-27T15:00:00Z'), 2).toISOString()).toBe(
      '2026-12-01T15:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-29T09:00:00Z'), 2).toISOString()).toBe(
      '2026-12-01T09:00:00.000Z',
    );
    expect(addBusinessDays(new Date('2026-11-24T09:00:00Z'), 0).toISOString()).toBe(
      '2026-11-24T09:00:00.000Z',
    );
  });

  it('never lands a settlement on a weekend, and counts each weekday once', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 30 }),
        (from, days) => {
          const due = addBusinessDays(from, days);
          expect([0, 6]).not.toContain(due.getUTCDay());
          let weekdays = 0;
          for (let at = new Date(from); at < due;) {
            at.setUTCDate(at.getUTCDate() + 1);
            if (at.getUTCDay() !== 0 && at.getUTCDay() !== 6) weekdays += 1;
          }
          expect(weekdays).toBe(days);
        },
      ),
      { seed: 20261129, numRuns: 300 },
    );
  });

  it('draws two different micro-deposits of 1 to 99 cents, never the pair the person had before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 2, maxLength: 40 }),
        fc.tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 99 })),
        (draws, previous) => {
          // A random source that gives the drawn values in turn, then counts on from them.
          let next = 0;
          const random = (low: number, high: number) => {
            const value = draws[next] ?? low + (next % (high - low));
            next += 1;
            return value;
          };
          const pair = microDepositPair(previous, random);
          expect(pair[0]).not.toBe(pair[1]);
          for (const cents of pair) {
            expect(cents).toBeGreaterThanOrEqual(1);
            expect(cents).toBeLessThanOrEqual(99);
          }
          expect([...pair].sort((a, b) => a - b)).not.toEqual([...previous].sort((a, b) => a - b));
        },
      ),
      { seed: 20261129, numRuns: 500 },
    );
    // With the crypto source, 200 accounts in a row: never a pair twice running.
    let previous: [number, number] | null = null;
    for (let account = 0; account < 200; account += 1) {
      const pair = microDepositPair(previous);
      if (previous) expect(new Set([...pair, ...previous]).size).toBeGreaterThan(2);
      previous = pair;
    }
  });

  it('names a day’s files A to Z then 0 to 9, and on', () => {
    const day = new Date('2026-11-29T10:00:00Z');
    expect(fileNameOf('nacha', day, 0)).toEqual({
      fileName: 'royalties-2026-11-29-A.ach',
      modifier: 'A',
    });
    expect(fileNameOf('sepa', day, 1).fileName).toBe('royalties-2026-11-29-B.xml');
    expect(fileNameOf('nacha', day, 26)).toEqual({
      fileName: 'royalties-2026-11-29-0.ach',
      modifier: '0',
    });
    expect(fileNameOf('nacha', day, 36).fileName).toBe('royalties-2026-11-29-A2.ach');
  });

  it('pays USD to US accounts by NACHA and EUR to SEPA IBANs by SEPA, nothing else', () => {
    const us = {
      scheme: 'aba',
      routingNumber: '011000015',
      accountNumber: '1234567890',
      accountType: 'checking',
    } as const;
    const german = { scheme: 'iban', iban: 'DE89370400440532013000', bic: null } as const;
    const brazilian = { scheme: 'iban', iban: 'BR1800360305000010009795493C1', bic: null } as const;
    const uk = { scheme: 'sortcode', sortCode: '200000', accountNumber: '55779911' } as const;
    expect(formatOf('USD', us)).toBe('nacha');
    expect(formatOf('EUR', german)).toBe('sepa');
    expect(formatOf('EUR', us)).toBeNull();
    expect(formatOf('USD', german)).toBeNull();
    expect(formatOf('EUR', brazilian)).toBeNull();
    expect(formatOf('GBP', uk)).toBeNull();
  });

  it('refuses a file that is neither NACHA nor XML, as unknown', () => {
    for (const text of ['', 'name,amount\nPaco,6.00\n', '%PDF-1.7']) {
      expect(() => readBankReturns(Buffer.from(text))).toThrow(BankFileUnreadable);
      try {
        readBankReturns(Buffer.from(text));
      } catch (error) {
        expect((error as BankFileUnreadable).problem).toBe('unknown-format');
      }
    }
  });
});
