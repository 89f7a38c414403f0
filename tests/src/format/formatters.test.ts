import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  formatCurrency,
  formatMoney,
  formatDate,
  formatDateTime,
  formatPercent,
  formatTime,
  setDisplayPreferences,
} from '../../../src/format/formatters';

describe('formatDate', () => {
  const withLanguage = (language: string, read: () => void) => {
    try {
      setDisplayPreferences({ timezone: 'auto', clock: '12hour', language });
      read();
    } finally {
      setDisplayPreferences({ timezone: 'auto', clock: '12hour' });
    }
  };
  // 11-28-2026 at noon UTC.
  const NOV_28 = Date.UTC(2026, 10, 28, 12) / 1000;

  it('writes the day in figures as the reader’s language does, from epoch seconds', () => {
    expect(formatDate(0, 'UTC')).toBe('01/01/1970');
    expect(formatDate(1_767_225_600, 'UTC')).toBe('01/01/2026');
    expect(formatDate(1_767_225_600, 'America/New_York')).toBe('12/31/2025');
    expect(formatDate(Number.NaN)).toBe('');
    withLanguage('fr', () => expect(formatDate(NOV_28, 'UTC')).toBe('28/11/2026'));
    withLanguage('es', () => expect(formatDate(NOV_28, 'UTC')).toBe('28/11/2026'));
    withLanguage('pt', () => expect(formatDate(NOV_28, 'UTC')).toBe('28/11/2026'));
    withLanguage('ja', () => expect(formatDate(NOV_28, 'UTC')).toBe('2026/11/28'));
    withLanguage('zh', () => expect(formatDate(NOV_28, 'UTC')).toBe('2026/11/28'));
  });

  it('is ten characters in every language, day, month and year, so a date column stays narrow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800 }),
        fc.constantFrom('en', 'fr', 'es', 'pt', 'ja', 'zh'),
        (seconds, language) =>
          withLanguage(language, () => {
            const written = formatDate(seconds, 'UTC');
            const day = new Date(seconds * 1000);
            expect(written).toHaveLength(10);
            expect(written).toContain(String(day.getUTCFullYear()));
            expect(written).toContain(String(day.getUTCDate()).padStart(2, '0'));
          }),
      ),
      { seed: 20261128 },
    );
  });
});

describe('formatTime', () => {
  it('uses the 12-hour clock', () => {
    expect(formatTime(0, 'UTC')).toBe('12:00 AM');
    expect(formatTime(15 * 3600 + 7 * 60, 'UTC')).toBe('03:07 PM');
    expect(formatDateTime(15 * 3600 + 7 * 60, 'UTC')).toBe('01/01/1970 03:07 PM');
  });

  it('follows the clock and time zone the person chose on the Account page', () => {
    try {
      setDisplayPreferences({ timezone: 'Asia/Tokyo', clock: '24hour' });
      expect(formatTime(15 * 3600 + 7 * 60)).toBe('00:07');
      expect(formatDateTime(15 * 3600 + 7 * 60)).toBe('01/02/1970 00:07');
      // A zone the caller names (a calendar day kept in UTC) still wins.
      expect(formatTime(15 * 3600 + 7 * 60, 'UTC')).toBe('15:07');
    } finally {
      setDisplayPreferences({ timezone: 'auto', clock: '12hour' });
    }
  });
});

describe('formatCurrency', () => {
  it('shows 2 to 5 decimals', () => {
    expect(formatCurrency('1234.5')).toBe('$1,234.50');
    expect(formatCurrency('0')).toBe('$0.00');
    expect(formatCurrency('0.123456')).toBe('$0.12346');
    expect(formatCurrency('10.12300')).toBe('$10.123');
  });

  it('puts negative amounts in parentheses', () => {
    expect(formatCurrency('-1234.5')).toBe('($1,234.50)');
    expect(formatCurrency(-0.5)).toBe('($0.50)');
    expect(formatCurrency('-0.00')).toBe('$0.00');
  });

  it('keeps decimal strings exact beyond float precision', () => {
    expect(formatCurrency('12345678901234567.01')).toBe('$12,345,678,901,234,567.01');
  });

  it('uses the given currency', () => {
    expect(formatCurrency('5', { currency: 'EUR' })).toBe('€5.00');
  });

  it('returns nothing for what is not a number', () => {
    expect(formatCurrency('abc')).toBe('');
  });

  it('wraps exactly the negatives in parentheses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const text = formatCurrency(`${whole}.${String(cents).padStart(2, '0')}`);
          expect(text.startsWith('(')).toBe(whole < 0);
        },
      ),
    );
  });
});

describe('formatPercent', () => {
  it('has 2 decimals and parentheses for negatives', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent('-3.14159')).toBe('(3.14%)');
    expect(formatPercent(100)).toBe('100.00%');
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [12.345, '12.35'],
    [1000, '1K'],
    [1234, '1.2K'],
    [2_500_000, '2.5M'],
    [999_960, '1M'],
    [3_000_000_000, '3B'],
    [4.2e12, '4.2T'],
    [5e15, '5P'],
    [6e18, '6E'],
    [7e21, '7000E'],
    [-1500, '-1.5K'],
  ])('%d → %s', (value, expected) => {
    expect(abbreviateNumber(value)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('shows the currency’s minor units in the reader’s locale', () => {
    expect(formatMoney('27.601', 'USD')).toBe('$27.60');
    expect(formatMoney('4.6149', 'USD', 'fr')).toBe('4,61\u00a0$US');
    expect(formatMoney('1001.6', 'JPY', 'en')).toBe('¥1,002');
    expect(formatMoney('-0.125', 'EUR', 'en')).toBe('(€0.13)');
  });
});
