import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvParser, detectDelimiter, readCsv, type CsvRow } from '../../../server/import/csv';
import { UnreadableFileError } from '../../../server/import/types';

function parse(
  text: string,
  delimiter: ',' | ';' | '\t' = ',',
  chunkSizes: number[] = [],
): CsvRow[] {
  const parser = new CsvParser(delimiter);
  const rows: CsvRow[] = [];
  let at = 0;
  for (const size of chunkSizes) {
    parser.push(text.slice(at, at + size), rows);
    at += size;
  }
  parser.push(text.slice(at), rows);
  parser.end(rows);
  return rows;
}

const cells = (rows: CsvRow[]) => rows.map((row) => row.cells);

describe('CsvParser', () => {
  it('reads quotes, doubled quotes, newlines in quotes and CRLF', () => {
    const text = 'a,"b, c","say ""hi"""\r\n"multi\nline",,x\r\nlast,row,"end"';
    expect(cells(parse(text))).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['multi\nline', '', 'x'],
      ['last', 'row', 'end'],
    ]);
  });

  it('numbers rows as records, blank lines included', () => {
    const rows = parse('h1,h2\n\n"a\nb",c\nd,e\n');
    expect(rows.map((row) => row.row)).toEqual([1, 2, 3, 4]);
    expect(rows[1]?.cells).toEqual(['']);
  });

  it('reads tab and semicolon separated text', () => {
    expect(cells(parse('a\tb,c\t"d\te"\n', '\t'))).toEqual([['a', 'b,c', 'd\te']]);
    expect(cells(parse('a;1,5;"x;y"\n', ';'))).toEqual([['a', '1,5', 'x;y']]);
  });

  it('handles CR-only line ends and a CRLF split across chunks', () => {
    expect(cells(parse('a,b\rc,d\r'))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(cells(parse('a,b\r\nc,d', ',', [4]))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('is lenient the way spreadsheet programs are', () => {
    expect(cells(parse('ab"c,"x"y,""\n'))).toEqual([['ab"c', 'xy', '']]);
  });

  it('gives the same rows however the text is cut into chunks', () => {
    const cell = fc.oneof(
      fc.constantFrom('', 'a', '1,5', 'x"y', 'line\nbreak', 'crlf\r\nin', ' sp ', ';', '\t', '"'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 20 }),
        (table, cuts) => {
          const text = table
            .map((row) => row.map((c) => `"${c.replace(/"/g, '""')}"`).join(','))
            .join('\r\n');
          const whole = parse(text);
          expect(cells(whole)).toEqual(table);
          expect(parse(text, ',', cuts)).toEqual(whole);
        },
      ),
    );
  });

  it('refuses a cell over the cap and a row with too many cells, cleanly', () => {
    const limits = { maxCellChars: 10, maxRowChars: 100, maxCellsPerRow: 3 };
    const big = new CsvParser(',', limits);
    expect(() => big.push('a,"01234567890', [])).toThrow(UnreadableFileError);
    expect(() => new CsvParser(',', limits).push('a,b,c,d\n', [])).toThrow(/more than 3 cells/);
    expect(() =>
      new CsvParser(',', { ...limits, maxCellChars: 90 }).push(
        `${'x,'.repeat(2)}${'y'.repeat(95)}`,
        [],
      ),
    ).toThrow(/longer than/);
  });

  it('refuses an unterminated quote at the end', () => {
    expect(() => parse('a,"never closed\nmore')).toThrow(/never closed/);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Reporting Date\tSale Month\tStore', '\t'],
    ['a,b,c', ','],
    ['Period;DMS;Territory', ';'],
    ['"a;b",c,d', ','],
    ['single', ','],
  ])('finds the delimiter of %j', (line, expected) => {
    expect(detectDelimiter(line)).toBe(expected);
  });
});

describe('readCsv', () => {
  it('detects the delimiter and streams rows', async () => {
    async function* text() {
      await Promise.resolve();
      yield 'a;b';
      yield ';c\n1;2;3\n';
    }
    const rows: CsvRow[] = [];
    for await (const row of readCsv(text())) rows.push(row);
    expect(cells(rows)).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });
});
