// The engine module reads a record table (COPY's text format, as the server sends a preview's
// records) into exactly the columns the JS reader makes, and refuses exactly what it refuses: the
// browser's worker reads with whichever is ready, chunk by chunk.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordColumns } from '../../engine/columns';
import { loadEngine, readLinesWasm, type EngineExports } from '../../engine/loader';
import {
  readLines,
  readRecordTable,
  recordTableReader,
  type RecordLineReader,
} from '../../engine/recordTable';

let engine: EngineExports;
beforeAll(async () => {
  engine = await loadEngine();
});

const inModule: RecordLineReader = (bytes, into) => readLinesWasm(engine, bytes, into);

const pick = <T>(...choices: T[]) => fc.constantFrom(...choices);

/** Field text as COPY writes it, and what else a broken table may hold. */
const digits = fc.oneof(
  fc.nat().map(String),
  pick('0', '007', '9007199254740991', '9007199254740992', '99999999999999999999', '', 'x1', '-1'),
);
const escape = pick(
  '\\b',
  '\\f',
  '\\n',
  '\\r',
  '\\t',
  '\\v',
  '\\\\',
  '\\101',
  '\\0',
  '\\777',
  '\\1x',
  '\\x4a',
  '\\x4',
  '\\xg',
  '\\q',
  '\\N',
  '\\',
);
const codeText = fc
  .array(fc.oneof(fc.string({ maxLength: 4 }), escape, pick('é', '\ud83d\ude00')), {
    maxLength: 4,
  })
  .map((parts) => parts.join('').replace(/[\t\n]/g, ''));
const kind = pick('sale', 'mechanical', 'adjustment', 'gift', '', 'SALE');
const date = pick('2026-10-28', '\\N', '', '2026-1\\0-01', '\\Nx');
const units = fc.oneof(
  fc.integer().map(String),
  pick('-0', '0', '-9007199254740991', '9007199254740992', '1.5', '', '-', '+1'),
);
const revenue = pick('0.5', '-1.25', '123456789.123456789012', '\\N', '', '1e3');
const format = pick('stream', '\\N', 'download', '', 'streams');

/** One line: eight fields, or a field fewer or more, now and then. */
const line = fc
  .tuple(digits, digits, codeText, kind, date, units, revenue, format, pick(0, 0, 0, 0, -1, 1))
  .map(([file, row, code, k, d, u, r, f, shape]) => {
    const fields = [file, row, code, k, d, u, r, f];
    if (shape < 0) fields.pop();
    if (shape > 0) fields.push('extra');
    return `${fields.join('\t')}\n`;
  });

/** A table mostly of good lines: the generator's first fields lean to what COPY writes. */
const goodLine = fc
  .tuple(
    fc.nat(20_000),
    fc.nat(),
    codeText,
    pick('sale', 'mechanical', 'adjustment'),
    pick('2026-10-28', '\\N'),
    fc.integer(),
    pick('0.5', '-1.25', '0'),
    pick('stream', '\\N', 'download'),
  )
  .map((fields) => `${fields.join('\t')}\n`);

const table = fc
  .array(fc.oneof({ weight: 5, arbitrary: goodLine }, { weight: 1, arbitrary: line }), {
    maxLength: 30,
  })
  .map((lines) => lines.join(''));

/** The columns as plain values, -0 kept apart from 0. */
function plain(columns: RecordColumns | null) {
  if (columns === null) return null;
  return {
    count: columns.count,
    units: Array.from(columns.units, (value) => (Object.is(value, -0) ? '-0' : value)),
    lengths: Array.from(columns.lengths),
    flags: Array.from(columns.flags),
    text: Array.from(columns.text),
    ids: Array.from({ length: columns.count }, (_, index) => columns.recordId(index)),
  };
}

describe('a record table read in the engine module', () => {
  it('gives the columns the JS reader gives, or is refused by both', () => {
    let read = 0;
    let refused = 0;
    fc.assert(
      fc.property(table, (text) => {
        const inJs = plain(readRecordTable(text, readLines));
        if (inJs === null) refused += 1;
        else if (inJs.count > 0) read += 1;
        expect(plain(readRecordTable(text, inModule))).toEqual(inJs);
      }),
      { numRuns: 2_000 },
    );
    // Both sides of the contract are exercised, not only one.
    expect(read).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(200);
  });

  it('reads the same table arriving in chunks of any size, in the module or in JS by turns', () => {
    fc.assert(
      fc.property(table, fc.array(fc.nat(64), { minLength: 1, maxLength: 8 }), (text, cuts) => {
        const bytes = new TextEncoder().encode(text);
        let turn = 0;
        const byTurns: RecordLineReader = (...read) =>
          (turn++ % 2 === 0 ? inModule : readLines)(...read);
        const reader = recordTableReader(byTurns);
        let at = 0;
        for (const cut of cuts) {
          reader.push(bytes.subarray(at, at + cut));
          at += cut;
        }
        reader.push(bytes.subarray(at));
        expect(plain(reader.finish())).toEqual(plain(readRecordTable(bytes, readLines)));
      }),
      { numRuns: 500 },
    );
  });

  it('reads a preview of 100,000 records as the JS reader does', () => {
    const lines: string[] = [];
    for (let row = 0; row < 100_000; row += 1) {
      const micros = ((row * 7919) % 9_000_000) + 1;
      lines.push(
        `${(row % 3) + 1}\t${row}\tQZDM12600002\tsale\t2026-10-28\t${(row % 90) + 1}\t${micros / 1_000_000}\tstream\n`,
      );
    }
    const bytes = new TextEncoder().encode(lines.join(''));
    const inJs = readRecordTable(bytes, readLines);
    expect(inJs?.count).toBe(100_000);
    expect(plain(readRecordTable(bytes, inModule))).toEqual(plain(inJs));
  });
});
