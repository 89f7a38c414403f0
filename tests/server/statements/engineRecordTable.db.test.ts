// The preview's records written by the database as a record table are the engine records the
// calculation reads, field for field: file and row order across files, a record without a date,
// codes COPY must escape, a code filter, the cut at a limit with the count that tells it was cut,
// values written into the COPY's query as literals, never as SQL, and a table kept for a preview
// opened again only while the records it was read from are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordTable, recordsOfTable } from '../../../engine/recordTable';
import type { EngineRecord } from '../../../engine/types';
import { readEngineRecords, readEngineRecordTable } from '../../../server/statements/engineInput';
import { ByteCache } from '../../../server/byteCache';
import { makeRecordPartition } from '../../../server/db/recordPartitions';
import { totalStatementCodes } from '../../../server/statements/titleKeys';
import { startPortal, type TestPortal } from '../harness';

/** What a record table carries of an engine record: all the engine reads. */
const engineFields = (records: EngineRecord[]) =>
  records.map(({ service: _service, territory: _territory, format, ...record }) => ({
    ...record,
    ...(format === 'stream' ? { format } : {}),
  }));

async function tableRecords(
  portal: TestPortal,
  statementId: string,
  codes: string[] | null,
  limit: number | null,
) {
  const { table, found } = await readEngineRecordTable(portal.db, statementId, codes, limit);
  const columns = readRecordTable(table);
  expect(columns).not.toBeNull();
  // Records not cut at a limit come in no particular order: the engine orders them itself.
  const records = recordsOfTable(columns!).sort((a, b) => (a.id < b.id ? -1 : 1));
  return { records, found };
}

const AWKWARD_CODE = 'CO\'DE\\3\t"ü 音楽\u0001';

describe('engine records as a record table', () => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startPortal();
    const db = portal.db;
    await db.query(`insert into accounts (id, name, type, status, created_at, version)
                    values ('json', 'JSON Records', 'label', 'active', now(), 1)`);
    await db.query(`insert into distributors (id, name, uploadable, created_at, version)
                    values ('json-distributor', 'JSON Distributor', true, now(), 1)`);
    await db.query(`insert into statements (id, account_id, distributor_id, period, title, received_at,
                                            parse_status, version, state)
                    values ('json-statement', 'json', 'json-distributor', '2026-09', 'JSON', now(),
                            'parsed', 1, 'ready')`);
    // The second upload's file comes after the first whatever their ids.
    for (const [id, addedIn] of [
      ['file-b', 1],
      ['file-a', 2],
    ] as const)
      await db.query(
        `insert into statement_files (id, statement_id, account_id, name, sha256, size, status,
                                      added_in, position_in_upload)
         values ($1, 'json-statement', 'json', $1, $1, 1, 'read', $2, 0)`,
        [id, addedIn],
      );
    const records: [
      string,
      number,
      string,
      string | null,
      string | null,
      string,
      string,
      string?,
    ][] = [
      ['file-a', 1, 'CODE1', '2026-09-03', 'US', '12', '0.000000000001'],
      [
        'file-a',
        2,
        'CODE1',
        '2026-09-03',
        'FR',
        '1',
        '2',
        'Spotify "Premium" \\ tab\t ü 音楽 \u0001',
      ],
      ['file-b', 7, 'CODE1', null, 'GB', '3', '-1.5'],
      ['file-b', 2, 'CODE2', '2026-09-01', null, '0', '7'],
      [
        'file-b',
        10,
        'CODE1',
        '2026-09-02',
        '',
        '9007199254740991',
        '123456789012345678.123456789012',
      ],
      ['file-b', 11, AWKWARD_CODE, '2026-09-04', 'DE', '4', '0.5'],
    ];
    await makeRecordPartition(db, 'json-statement');
    for (const [file, row, code, date, territory, units, revenue, service] of records)
      await db.query(
        `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                        service, format, territory, units, revenue, date, kind,
                                        currency, format_raw)
         values ('json-statement', $1, $2, $3, 'isrc', 'Song', 'Artist', $8, 'stream', $4,
                 $5, $6, $7, 'sale', 'USD', 'Song')`,
        [file, row, code, territory, units, revenue, date, service ?? 'Spotify'],
      );
    // The parse totals its codes once its records are in.
    await totalStatementCodes(db, 'json-statement');
  });
  afterAll(() => portal.close());

  it('are the records the calculation reads', async () => {
    const objects = await readEngineRecords(portal.db, 'json-statement', null, null);
    const table = await tableRecords(portal, 'json-statement', null, null);
    expect(table.found).toBe(6);
    expect(table.records).toEqual(engineFields(objects));
    expect(objects.map((record) => record.id)).toEqual([
      '0001:0000000002',
      '0001:0000000007',
      '0001:0000000010',
      '0001:0000000011',
      '0002:0000000001',
      '0002:0000000002',
    ]);
    // A code's quotes, backslashes, tabs, control and non-Latin characters come back as they were.
    expect(table.records[3]?.code).toBe(AWKWARD_CODE);
    expect(table.records[1]).not.toHaveProperty('date');
    expect(table.records[2]?.units).toBe(9007199254740991);
    expect(table.records[2]?.revenue).toBe('123456789012345678.123456789012');
  });

  it('give dates as the calculation reads them whatever date style the database writes', async () => {
    const objects = await readEngineRecords(portal.db, 'json-statement', null, null);
    const table = await portal.db.transaction(async (tx) => {
      await tx.query(`set local datestyle = 'SQL, DMY'`);
      return readEngineRecordTable(tx, 'json-statement', null, null);
    });
    const records = recordsOfTable(readRecordTable(table.table)!);
    expect(records.map((record) => record.date ?? null).sort()).toEqual(
      objects.map((record) => record.date ?? null).sort(),
    );
    expect(records.find((record) => record.id === '0001:0000000010')?.date).toBe('2026-09-02');
  });

  it('keep to the codes asked for, and are cut at the limit with all there are counted', async () => {
    const code1 = await tableRecords(portal, 'json-statement', ['CODE1'], 2);
    // The first two in file and row order are kept.
    expect(code1.found).toBe(4);
    expect(code1.records.map((record) => record.id)).toEqual([
      '0001:0000000007',
      '0001:0000000010',
    ]);
    expect(code1.records).toEqual(
      engineFields(await readEngineRecords(portal.db, 'json-statement', ['CODE1'], 2)),
    );
    expect((await tableRecords(portal, 'json-statement', [AWKWARD_CODE], 2)).found).toBe(1);
    expect(await tableRecords(portal, 'json-statement', ['NONE'], 2)).toEqual({
      records: [],
      found: 0,
    });
  });

  it('take a statement id and codes as values, whatever they hold', async () => {
    const hostile = "json-statement' or 'x'='x";
    expect(await tableRecords(portal, hostile, null, null)).toEqual({ records: [], found: 0 });
    expect(await tableRecords(portal, 'json-statement', ["x') or (true", '\\'], 10)).toEqual({
      records: [],
      found: 0,
    });
    expect(await portal.db.query('select count(*)::int as n from statement_records')).toEqual([
      { n: 6 },
    ]);
  });

  it('are read once while the records are unchanged, and again once their totals are written anew', async () => {
    const cache = new ByteCache(1024 * 1024);
    const read = () => readEngineRecordTable(portal.db, 'json-statement', ['CODE1'], 2, cache);
    const first = await read();
    const again = await read();
    expect(again.table).toBe(first.table);
    expect(again.found).toBe(4);
    // Any change to the records writes the statement's totals again (the parse, title matching).
    await portal.db.transaction((tx) => totalStatementCodes(tx, 'json-statement'));
    const after = await read();
    expect(after.table).not.toBe(first.table);
    expect(after.table).toEqual(first.table);
    // Another limit, or all codes rather than some, is another table.
    expect(
      (await readEngineRecordTable(portal.db, 'json-statement', ['CODE1'], 3, cache)).table,
    ).not.toBe(after.table);
  });
});

describe('the record tables a server keeps', () => {
  const table = (bytes: number) => new Uint8Array(bytes);

  it('drop the one used longest ago past their budget, and never keep one above it', () => {
    const cache = new ByteCache(10);
    const a = table(4);
    const b = table(4);
    cache.set('a', a);
    cache.set('b', b);
    expect(cache.get('a')).toBe(a);
    cache.set('c', table(4));
    // b was used longest ago: a was read after it.
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(a);
    expect(cache.size).toBe(8);
    cache.set('huge', table(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(8);
    cache.set('a', table(2));
    expect(cache.size).toBe(6);
  });
});
