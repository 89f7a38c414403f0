// The preview's records written as JSON by the database are the engine records the calculation
// reads, key for key: file and row order across files, a record without a date or a territory,
// a code filter, and the cut at a limit with the count that tells it was cut.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEngineRecords, readEngineRecordsJson } from '../../../server/statements/engineInput';
import { startPortal, type TestPortal } from '../harness';

describe('engine records as JSON text', () => {
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
        '9007199254740993',
        '123456789012345678.123456789012',
      ],
    ];
    for (const [file, row, code, date, territory, units, revenue, service] of records)
      await db.query(
        `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                        service, format, territory, units, revenue, date, kind,
                                        currency, format_raw)
         values ('json-statement', $1, $2, $3, 'isrc', 'Song', 'Artist', $8, 'stream', $4,
                 $5, $6, $7, 'sale', 'USD', 'Song')`,
        [file, row, code, territory, units, revenue, date, service ?? 'Spotify'],
      );
  });
  afterAll(() => portal.close());

  it('are the records the calculation reads', async () => {
    const objects = await readEngineRecords(portal.db, 'json-statement', null, null);
    const text = await readEngineRecordsJson(portal.db, 'json-statement', null, 100);
    expect(text.found).toBe(5);
    // Units past 2^53 stay exact in the text; as a JavaScript number both read the same.
    expect(text.json).toContain('"units":9007199254740993');
    expect(JSON.parse(text.json)).toEqual(objects);
    expect(objects.map((record) => record.id)).toEqual([
      '0001:0000000002',
      '0001:0000000007',
      '0001:0000000010',
      '0002:0000000001',
      '0002:0000000002',
    ]);
    // A service's quotes, backslashes, control and non-Latin characters come back as they were.
    expect(objects[4]?.service).toBe('Spotify "Premium" \\ tab\t ü 音楽 \u0001');
    expect(objects[1]).not.toHaveProperty('date');
    expect(objects[2]).not.toHaveProperty('territory');
    expect(objects[2]?.revenue).toBe('123456789012345678.123456789012');
  });

  it('keep to the codes asked for, and are cut at the limit with one more counted', async () => {
    const code1 = await readEngineRecordsJson(portal.db, 'json-statement', ['CODE1'], 2);
    expect(code1.found).toBe(3);
    expect(JSON.parse(code1.json)).toHaveLength(2);
    expect(JSON.parse(code1.json)).toEqual(
      await readEngineRecords(portal.db, 'json-statement', ['CODE1'], 2),
    );
    const none = await readEngineRecordsJson(portal.db, 'json-statement', ['NONE'], 2);
    expect(none).toEqual({ json: '[]', found: 0 });
  });
});
