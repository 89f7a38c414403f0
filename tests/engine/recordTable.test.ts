// Records sent as a record table (COPY's text format, as the server writes a preview's records)
// give the engine exactly the output the same records give as objects, and a text that is not a
// record table is refused instead of read wrong.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculate, calculateRecords } from '../../engine/index';
import { loadEngine, runWasmColumns, type EngineExports } from '../../engine/loader';
import { stringifyOutput } from '../../engine/outputJson';
import { openPreview } from '../../engine/preview';
import type { RecordColumns } from '../../engine/columns';
import {
  previewTableParts,
  previewTableReader,
  readRecordTable,
  recordIdOf,
  recordsOfTable,
  recordTableReader,
} from '../../engine/recordTable';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput } from '../../engine/types';
import { engineInput, escalatingInput } from './arbitraries';
import { tableOf } from './fixtures';

const withRecords = engineInput.filter((sample) => sample.records.length > 1);

let engine: EngineExports;
beforeAll(async () => {
  engine = await loadEngine();
});

/**
 * A statement's records: the generated ones with the ids of a statement's records, from three
 * files (numbered past the padding, for one) in a jumbled order.
 */
const FILES = [1, 2, 12_345];
const asStatement = (input: EngineInput): EngineInput => ({
  ...input,
  records: input.records.map((record, index) => ({
    ...record,
    id: recordIdOf(FILES[index % 3]!, (index * 7919) % 100_003),
  })),
});
/** Codes holding what COPY escapes (tabs, line breaks, backslashes) and non-ASCII text. */
function awkward(input: EngineInput): EngineInput {
  const rename = (code: string) => `${code}\t\\\n\r-é-\ud83d\ude00`;
  const catalog = Object.fromEntries(
    Object.entries(input.catalog).map(([code, entry]) => [rename(code), entry]),
  );
  const text = JSON.stringify({ ...input, catalog, records: [] });
  const renamed = JSON.parse(
    text.replace(
      /"code":"([^"]*)"/g,
      (_, code: string) => `"code":${JSON.stringify(rename(code))}`,
    ),
  ) as EngineInput;
  return {
    ...renamed,
    records: input.records.map((record) => ({ ...record, code: rename(record.code) })),
  };
}

function expectSameAsObjects(generated: EngineInput): void {
  const input = asStatement(generated);
  const table = readRecordTable(tableOf(input.records));
  expect(table).not.toBeNull();
  const expected = stringifyOutput(calculateReference(input));
  const { records: _records, ...rest } = input;
  const output = runWasmColumns(engine, rest, table!);
  expect(output).not.toBeNull();
  expect(stringifyOutput(output!)).toBe(expected);
}

/** Texts that are not record tables, and what is wrong with each. */
const REFUSED: [string, string][] = [
  ['a column missing', '1\t1\tC1\tsale\t\\N\t1\t1\n'],
  ['a column too many', '1\t1\tC1\tsale\t\\N\t1\t1\t\\N\textra\n'],
  ['a kind the engine does not know', '1\t1\tC1\trefund\t\\N\t1\t1\t\\N\n'],
  ['units with a fraction', '1\t1\tC1\tsale\t\\N\t1.5\t1\t\\N\n'],
  ['units past 2^53', '1\t1\tC1\tsale\t\\N\t9007199254740993\t1\t\\N\n'],
  ['units past 2^53 by their last digit', '1\t1\tC1\tsale\t\\N\t9007199254740992\t1\t\\N\n'],
  ['no units', '1\t1\tC1\tsale\t\\N\t\t1\t\\N\n'],
  ['a record without a file', '\\N\t1\tC1\tsale\t\\N\t1\t1\t\\N\n'],
  ['a record without a row', '1\t\tC1\tsale\t\\N\t1\t1\t\\N\n'],
  ['a row that is not a whole number', '1\t-2\tC1\tsale\t\\N\t1\t1\t\\N\n'],
  ['a file that is not a number', 'a\t1\tC1\tsale\t\\N\t1\t1\t\\N\n'],
  ['a row past 2^53', '1\t9007199254740993\tC1\tsale\t\\N\t1\t1\t\\N\n'],
  ['a record without a code', '1\t1\t\\N\tsale\t\\N\t1\t1\t\\N\n'],
  ['a record without revenue', '1\t1\tC1\tsale\t\\N\t1\t\\N\t\\N\n'],
  ['a last line without its line break', '1\t1\tC1\tsale\t\\N\t1\t1\t\\N'],
];

describe('a record table', () => {
  it('gives the output its records give as objects, on 1,000 random statements', () => {
    fc.assert(fc.property(engineInput, expectSameAsObjects), { numRuns: 1_000 });
    fc.assert(fc.property(escalatingInput, expectSameAsObjects), { numRuns: 300 });
  });

  it('keeps escaped and non-ASCII codes as they were, and makes ids as the calculation does', () => {
    fc.assert(
      fc.property(engineInput, (input) => expectSameAsObjects(awkward(input))),
      { numRuns: 300 },
    );
    const input = asStatement(awkward(fc.sample(withRecords, { numRuns: 1, seed: 7 })[0]!));
    expect(input.records.length).toBeGreaterThan(1);
    const table = readRecordTable(tableOf(input.records))!;
    expect(recordsOfTable(table).map((record) => [record.id, record.code])).toEqual(
      input.records.map((record) => [record.id, record.code]),
    );
    expect(table.recordId(input.records.length - 1)).toBe(input.records.at(-1)?.id);
  });

  it('is calculated by the reference as by the module, and opened for previews', async () => {
    const input = asStatement(fc.sample(withRecords, { numRuns: 1, seed: 11 })[0]!);
    const { records, ...rest } = input;
    const table = readRecordTable(tableOf(records))!;
    const wasm = await calculateRecords(rest, table);
    const reference = await calculateRecords(rest, table, { backend: 'decimal' });
    expect(wasm.backend).toBe('wasm');
    expect(reference.backend).toBe('decimal');
    expect(stringifyOutput(wasm.output)).toBe(stringifyOutput(reference.output));
    expect(stringifyOutput(wasm.output)).toBe(stringifyOutput((await calculate(input)).output));

    const preview = await openPreview(rest, {}, table);
    const { lines: _lines, ...summary } = calculateReference(input);
    expect(JSON.stringify((await preview.calculate(JSON.stringify(rest.splitSets))).output)).toBe(
      JSON.stringify(summary),
    );
    preview.close();
  });

  it('reads dates and formats that are absent, and octal and hex escapes', () => {
    const table = readRecordTable(
      '1\t11\tC\\0611\tmechanical\t\\N\t-3\t1.5\t\\N\n2\t9\tC\\x32\tsale\t2026-01-02\t0\t-2\tstream\n',
    )!;
    expect(recordsOfTable(table)).toEqual([
      { id: '0001:0000000011', code: 'C11', kind: 'mechanical', units: -3, revenue: '1.5' },
      {
        id: '0002:0000000009',
        code: 'C2',
        kind: 'sale',
        date: '2026-01-02',
        units: 0,
        revenue: '-2',
        format: 'stream',
      },
    ]);
    expect(readRecordTable('')?.count).toBe(0);
    // \N is the null field only as a whole field; in a code it is the letter N, and a backslash
    // ending a field stands for nothing.
    const escapes = readRecordTable(
      '1\t1\tA\\N\tsale\t\\N\t1\t1\t\\N\n1\t2\tB\\\tsale\t\\N\t1\t1\t\\N\n',
    )!;
    expect(recordsOfTable(escapes).map((record) => record.code)).toEqual(['AN', 'B']);
    // The largest whole number a JavaScript number holds exactly is read exactly.
    const largest = readRecordTable('1\t1\tC\tsale\t\\N\t-9007199254740991\t1\t\\N\n');
    expect(largest?.units[0]).toBe(-Number.MAX_SAFE_INTEGER);
  });

  it.each(REFUSED)('is refused with %s', (_, text) => {
    expect(readRecordTable(text)).toBeNull();
  });

  it('with an amount the engine refuses is named by the record, as objects are', async () => {
    const input = asStatement(fc.sample(withRecords, { numRuns: 1, seed: 3 })[0]!);
    const { records, ...rest } = input;
    const broken = records.map((record, index) =>
      index === 0 ? { ...record, revenue: '1e5' } : record,
    );
    const table = readRecordTable(tableOf(broken))!;
    await expect(calculateRecords(rest, table)).rejects.toThrow(/^records\[0\]\.revenue: /);
  });
});

/** A table's columns as plain values, to compare two readings of it. */
function columnsView(table: RecordColumns | null) {
  if (table === null) return null;
  const { count, units, lengths, flags, text } = table;
  const ids = Array.from({ length: count }, (_, index) => table.recordId(index));
  return {
    count,
    units: [...units],
    lengths: [...lengths],
    flags: [...flags],
    text: [...text],
    ids,
  };
}

/** The bytes cut where `cuts` say (any numbers: taken modulo the length), as chunks arrive. */
function chunked(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const at = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...at].map((from, index) => bytes.subarray(from, at[index] ?? bytes.length));
}

const encoded = (text: string) => new TextEncoder().encode(text);
const cuts = fc.array(fc.nat(), { maxLength: 12 });

describe('a record table read as it arrives', () => {
  it('gives the columns the whole text gives, wherever its chunks end', () => {
    fc.assert(
      fc.property(engineInput, cuts, (generated, at) => {
        const bytes = encoded(tableOf(asStatement(awkward(generated)).records));
        const reader = recordTableReader();
        for (const chunk of chunked(bytes, at)) reader.push(chunk);
        expect(columnsView(reader.finish())).toEqual(columnsView(readRecordTable(bytes)));
      }),
      { numRuns: 300 },
    );
  });

  it('grows as 2,000 records arrive 7 bytes at a time', () => {
    const records = Array.from({ length: 2_000 }, (_, row) =>
      [1, row, `C${row % 13}`, 'sale', '2026-10-28', row, `${row}.25`, 'stream'].join('\t'),
    );
    const bytes = encoded(`${records.join('\n')}\n`);
    const reader = recordTableReader();
    for (let at = 0; at < bytes.length; at += 7) reader.push(bytes.subarray(at, at + 7));
    const read = reader.finish();
    expect(read?.count).toBe(2_000);
    expect(read?.recordId(1_999)).toBe(recordIdOf(1, 1_999));
    expect(columnsView(read)).toEqual(columnsView(readRecordTable(bytes)));
  });

  it.each(REFUSED)('is refused with %s, wherever its chunks end', (_, text) => {
    const bytes = encoded(text);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const reader = recordTableReader();
      reader.push(bytes.subarray(0, cut));
      reader.push(bytes.subarray(cut));
      expect(reader.finish()).toBeNull();
    }
  });
});

describe("a preview input's table form", () => {
  const statement = { id: 'statement-1', month: '2026-10' };
  const input = { currency: 'USD', splitSets: [] };
  const table =
    '1\t11\tC\\0611\tmechanical\t\\N\t-3\t1.5\t\\N\n2\t9\tC2\tsale\t2026-01-02\t0\t-2\tstream\n';
  const answer = encoded(`${JSON.stringify({ statement, input })}\n${table}`);

  /** The answer read as it arrives, in the chunks `at` cuts. */
  function readAsItArrives(bytes: Uint8Array, at: readonly number[]) {
    const reader = previewTableReader();
    for (const chunk of chunked(bytes, at)) reader.push(chunk);
    return reader.finish();
  }

  it('is its first line as JSON, then the record table', () => {
    const parts = previewTableParts(answer);
    expect(parts?.head).toEqual({ statement, input });
    expect(new TextDecoder().decode(parts?.records ?? undefined)).toBe(table);
  });

  it('read as it arrives gives the same first line and records, wherever its chunks end', () => {
    fc.assert(
      fc.property(cuts, (at) => {
        const read = readAsItArrives(answer, at);
        expect(read?.head).toEqual({ statement, input });
        expect(columnsView(read?.records ?? null)).toEqual(columnsView(readRecordTable(table)));
      }),
    );
  });

  it('has no records without a statement', () => {
    const none = encoded('{"statement":null,"input":null}\n');
    expect(previewTableParts(none)).toEqual({
      head: { statement: null, input: null },
      records: null,
    });
    expect(readAsItArrives(none, [5])).toEqual({
      head: { statement: null, input: null },
      records: null,
    });
  });

  it.each([
    ['no first line', '{"statement":null,"input":null}'],
    ['a first line that is not JSON', '<html>\n'],
    ['a first line cut short', '{"statement":null\n'],
    ['a first line of other JSON', '[1,2]\n'],
    ['a first line of null', 'null\n'],
    [
      'records that are not a record table',
      `${JSON.stringify({ statement, input })}\nnot\ta table\n`,
    ],
  ])('is refused with %s', (_, text) => {
    expect(readAsItArrives(encoded(text), [3])).toBeNull();
    if (!text.includes('not\ta table')) expect(previewTableParts(encoded(text))).toBeNull();
  });
});
