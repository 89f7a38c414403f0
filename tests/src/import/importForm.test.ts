import { describe, expect, it } from 'vitest';
import {
  STATEMENT_FILE_ACCEPT,
  addCodePath,
  exchangeOf,
  expectedPaymentOf,
  NO_EXCHANGE,
  importFormProblems,
  isStatementFile,
  monthOf,
  type ImportFormValues,
} from '../../../src/import/importForm';
import { rowsWithErrors } from '../../../src/import/StatementReport';
import { fileErrorParts } from '../../../src/statements/fileReason';

const file = (name: string) => new File(['x'], name);
const VALID: ImportFormValues = {
  distributor: 'dist-1',
  month: '2025-01',
  expectedPayment: '1234.56',
  exchange: NO_EXCHANGE,
  accountId: '',
  choosesAccount: false,
  files: [file('orchard.csv')],
};

describe('statement files', () => {
  it.each([
    'a.xls',
    'a.XLSX',
    'a.ods',
    'a.csv',
    'a.csv.zip',
    'a.csv.gz',
    'a.csv.bz2',
    'a.csv.xz',
    'apple.txt.gz',
    'distrokid.tsv',
  ])('accepts %s', (name) => {
    expect(isStatementFile(name)).toBe(true);
  });

  it.each(['a.pdf', 'a.zip', 'a.gz', 'a.xlsx.zip', 'csv', 'a.csv.7z', 'a.numbers'])(
    'refuses %s',
    (name) => {
      expect(isStatementFile(name)).toBe(false);
    },
  );

  it('offers every format in the picker', () => {
    for (const extension of ['.xls', '.xlsx', '.ods', '.csv', '.zip', '.gz', '.bz2', '.xz'])
      expect(STATEMENT_FILE_ACCEPT.split(',')).toContain(extension);
  });
});

describe('expected payment', () => {
  it('stays a decimal string, never a number', () => {
    expect(expectedPaymentOf('1234.56')).toBe('1234.56');
    expect(expectedPaymentOf(' 1,234.50 ')).toBe('1234.50');
    expect(expectedPaymentOf('$0.1')).toBe('0.1');
    // The largest amount the portal takes (rules/money.ts), exact; one digit more is refused.
    expect(expectedPaymentOf('999999999999999.999999999999')).toBe('999999999999999.999999999999');
    expect(expectedPaymentOf('1234567890123456')).toBeUndefined();
    expect(expectedPaymentOf('')).toBeNull();
    expect(expectedPaymentOf('   ')).toBeNull();
  });

  it.each(['-5', '1e3', '12.', 'abc', '1.1234567890123', '0x10', '12,34', '1,2345.00'])(
    'refuses %s',
    (text) => {
      expect(expectedPaymentOf(text)).toBeUndefined();
    },
  );
});

describe('import form', () => {
  it('reads the month input', () => {
    expect(monthOf('2025-01')).toEqual({ year: 2025, month: 1 });
    expect(monthOf('2025-13')).toBeNull();
    expect(monthOf('')).toBeNull();
  });

  it('has no problem when complete', () => {
    expect(importFormProblems(VALID)).toEqual({});
    expect(importFormProblems({ ...VALID, expectedPayment: '' })).toEqual({});
  });

  it('asks an admin or overseer for the label account, and nobody else', () => {
    expect(importFormProblems({ ...VALID, choosesAccount: true })).toEqual({
      account: 'account-required',
    });
    expect(importFormProblems({ ...VALID, choosesAccount: true, accountId: 'acc-1' })).toEqual({});
    expect(importFormProblems({ ...VALID, accountId: '' })).toEqual({});
  });

  it('names every broken rule', () => {
    expect(
      importFormProblems({
        distributor: '',
        month: '',
        expectedPayment: '12,34',
        exchange: NO_EXCHANGE,
        accountId: '',
        choosesAccount: true,
        files: [],
      }),
    ).toEqual({
      distributor: 'distributor-required',
      month: 'month-required',
      expectedPayment: 'expected-invalid',
      account: 'account-required',
      files: 'files-required',
    });
    expect(importFormProblems({ ...VALID, files: [file('a.csv'), file('b.pdf')] })).toEqual({
      files: 'file-unsupported',
    });
  });

  it('links a missing code to a new product with it', () => {
    expect(addCodePath('USRC17607839', 'isrc')).toBe('/products/add?code=USRC17607839&kind=isrc');
    expect(addCodePath('A&B 1', 'custom')).toBe('/products/add?code=A%26B+1&kind=custom');
  });
});

describe('statement report', () => {
  it('counts the rows with errors, not the errors', () => {
    expect(
      rowsWithErrors([
        { fileName: 'a.csv', row: 3, field: 'revenue', message: 'x' },
        { fileName: 'a.csv', row: 3, field: 'units', message: 'y' },
        { fileName: 'a.csv', row: 9, field: 'code', message: 'z' },
        { fileName: 'b.csv', row: 3, field: 'code', message: 'z' },
      ]),
    ).toBe(3);
  });

  it('splits a File Format Error from its detail', () => {
    expect(
      fileErrorParts(
        'File Format Error: expected the TuneCore layout (header with Sales Period), found a header with Foo',
      ),
    ).toEqual({
      formatError: true,
      detail: 'expected the TuneCore layout (header with Sales Period), found a header with Foo',
    });
    expect(fileErrorParts('The file is not CSV text')).toEqual({
      formatError: false,
      detail: 'The file is not CSV text',
    });
  });
});

describe('the exchange rate of a file in another currency', () => {
  it('sends nothing when no currency is chosen, and the rate as typed when it is one', () => {
    expect(exchangeOf(NO_EXCHANGE)).toBeNull();
    expect(exchangeOf({ from: 'EUR', to: 'USD', rate: ' 1.0832 ' })).toEqual({
      from: 'EUR',
      to: 'USD',
      rate: '1.0832',
    });
  });

  it('refuses a rate of zero, a negative or wordy one, too many decimals, or one currency twice', () => {
    for (const rate of ['', '0', '0.00', '-1', 'one', '1,08', '1.0000000000001']) {
      expect(exchangeOf({ from: 'EUR', to: 'USD', rate }), rate).toBeUndefined();
    }
    expect(exchangeOf({ from: 'USD', to: 'USD', rate: '1' })).toBeUndefined();
    expect(
      importFormProblems({ ...VALID, exchange: { from: 'EUR', to: 'USD', rate: '0' } }),
    ).toEqual({ exchange: 'exchange-invalid' });
  });
});
