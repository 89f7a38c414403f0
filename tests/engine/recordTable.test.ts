// Records sent as a record table (COPY's text format, as the server writes a preview's records)
// give the engine exactly the output the same records give as objects, and a text that is not a
// record table is refused instead of read wrong.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculate, calculateRecords } from '../../engine/index';
import { loadEngine, runWasmColumns, type EngineExports } from '../../engine/loader';
import { stringifyOutput } from '../../engine/outputJson';
import { openPreview } from '../../engine/preview';
import { readRecordTable, recordsOfTable } from '../../engine/recordTable';
import { calculateReference } from '../../engine/reference/index';
import type { EngineInput, EngineRecord } from '../../engine/types';
import { copyValue } from '../../server/db/database';
import { engineInput, escalatingInput } from './arbitraries';

const withRecords = engineInput.filter((sample) => sample.records.length > 1);

let engine: EngineExports;
beforeAll(async () => {
  engine = await loadEngine();
});

/** The records as the database writes them with COPY (server/statements/engineInput.ts). */
function tableOf(records: readonly EngineRecord[]): string {
  return records
    .map(
      (record) =>
        [
          record.id,
          record.code,
          record.kind,
          record.date ?? null,
          record.units,
          record.revenue,
          record.format ?? null,
        ]
          .map(copyValue)
          .join('\t') + '\n',
    )
    .join('');
}

/** Ids and codes holding what COPY escapes (tabs, line breaks, backslashes) and non-ASCII text. */
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
    records: input.records.map((record) => ({
      ...record,
      id: `\\${record.id}\t`,
      code: rename(record.code),
    })),
  };
}

function expectSameAsObjects(input: EngineInput): void {
  const table = readRecordTable(tableOf(input.records));
  expect(table).not.toBeNull();
  const expected = stringifyOutput(calculateReference(input));
  const { records: _records, ...rest } = input;
  const output = runWasmColumns(engine, rest, table!);
  expect(output).not.toBeNull();
  expect(stringifyOutput(output!)).toBe(expected);
}

describe('a record table', () => {
  it('gives the output its records give as objects, on 1,000 random statements', () => {
    fc.assert(fc.property(engineInput, expectSameAsObjects), { numRuns: 1_000 });
    fc.assert(fc.property(escalatingInput, expectSameAsObjects), { numRuns: 300 });
  });

  it('keeps escaped and non-ASCII ids and codes as they were', () => {
    fc.assert(
      fc.property(engineInput, (input) => expectSameAsObjects(awkward(input))),
      { numRuns: 300 },
    );
    const input = awkward(fc.sample(withRecords, { numRuns: 1, seed: 7 })[0]!);
    expect(input.records.length).toBeGreaterThan(1);
    const table = readRecordTable(tableOf(input.records))!;
    expect(recordsOfTable(table).map((record) => [record.id, record.code])).toEqual(
      input.records.map((record) => [record.id, record.code]),
    );
    expect(table.recordId(input.records.length - 1)).toBe(input.records.at(-1)?.id);
  });

  it('is calculated by the reference as by the module, and opened for previews', async () => {
    const [input] = fc.sample(withRecords, { numRuns: 1, seed: 11 });
    const { records, ...rest } = input!;
    const table = readRecordTable(tableOf(records))!;
    const wasm = await calculateRecords(rest, table);
    const reference = await calculateRecords(rest, table, { backend: 'decimal' });
    expect(wasm.backend).toBe('wasm');
    expect(reference.backend).toBe('decimal');
    expect(stringifyOutput(wasm.output)).toBe(stringifyOutput(reference.output));
    expect(stringifyOutput(wasm.output)).toBe(stringifyOutput((await calculate(input)).output));

    const preview = await openPreview(rest, {}, table);
    const { lines: _lines, ...summary } = calculateReference(input!);
    expect(JSON.stringify((await preview.calculate(JSON.stringify(rest.splitSets))).output)).toBe(
      JSON.stringify(summary),
    );
    preview.close();
  });

  it('reads dates and formats that are absent, and octal and hex escapes', () => {
    const table = readRecordTable(
      'r\\0611\tC\\x31\tmechanical\t\\N\t-3\t1.5\t\\N\nr2\tC2\tsale\t2026-01-02\t0\t-2\tstream\n',
    )!;
    expect(recordsOfTable(table)).toEqual([
      { id: 'r11', code: 'C1', kind: 'mechanical', units: -3, revenue: '1.5' },
      {
        id: 'r2',
        code: 'C2',
        kind: 'sale',
        date: '2026-01-02',
        units: 0,
        revenue: '-2',
        format: 'stream',
      },
    ]);
    expect(readRecordTable('')?.count).toBe(0);
    // The largest whole number a JavaScript number holds exactly is read exactly.
    const largest = readRecordTable('r\tC\tsale\t\\N\t-9007199254740991\t1\t\\N\n');
    expect(largest?.units[0]).toBe(-Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['a column missing', 'r1\tC1\tsale\t\\N\t1\t1\n'],
    ['a column too many', 'r1\tC1\tsale\t\\N\t1\t1\t\\N\textra\n'],
    ['a kind the engine does not know', 'r1\tC1\trefund\t\\N\t1\t1\t\\N\n'],
    ['units with a fraction', 'r1\tC1\tsale\t\\N\t1.5\t1\t\\N\n'],
    ['units past 2^53', 'r1\tC1\tsale\t\\N\t9007199254740993\t1\t\\N\n'],
    ['units past 2^53 by their last digit', 'r1\tC1\tsale\t\\N\t9007199254740992\t1\t\\N\n'],
    ['no units', 'r1\tC1\tsale\t\\N\t\t1\t\\N\n'],
    ['a record without an id', '\\N\tC1\tsale\t\\N\t1\t1\t\\N\n'],
    ['a record without revenue', 'r1\tC1\tsale\t\\N\t1\t\\N\t\\N\n'],
    ['a last line without its line break', 'r1\tC1\tsale\t\\N\t1\t1\t\\N'],
  ])('is refused with %s', (_, text) => {
    expect(readRecordTable(text)).toBeNull();
  });

  it('with an amount the engine refuses is named by the record, as objects are', async () => {
    const [input] = fc.sample(withRecords, { numRuns: 1, seed: 3 });
    const { records, ...rest } = input!;
    const broken = records.map((record, index) =>
      index === 0 ? { ...record, revenue: '1e5' } : record,
    );
    const table = readRecordTable(tableOf(broken))!;
    await expect(calculateRecords(rest, table)).rejects.toThrow(/^records\[0\]\.revenue: /);
  });
});
