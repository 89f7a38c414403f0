// A statement's records read from its files' record tables in the blob store are the records read
// from its rows, whatever happened to its files since they were read: files added in several
// uploads, files removed (numbers of the later files change), a file read again, codes given by
// title matching, tables written again or not. Records for a calculation (all), for a preview
// (a product's codes, cut at a limit in file and row order), and the count found.
import fc from 'fast-check';
import { makeRecordPartition } from '../../../server/db/recordPartitions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecordTable, recordsOfTable } from '../../../engine/recordTable';
import { readEngineRecordTable } from '../../../server/statements/engineInput';
import {
  ensureRecordTables,
  fileTableFromRows,
  forgetFileTables,
  keepFileTable,
  mergeRuns,
  readStoredRecordTable,
  storeFileTable,
} from '../../../server/statements/recordTables';
import { matchTitleKeys, totalStatementCodes } from '../../../server/statements/titleKeys';
import { createDemoProduct, get, login, startPortal, write, type TestPortal } from '../harness';
import { uploadStatement } from '../multipart';
import { DISTROKID_HEADER, distroKidLine } from '../import/helpers';
import { calculate } from '../../../engine';
import { statementEngineInput } from '../../../server/statements/engineInput';
import { readBlob } from '../../../server/blobs';
import { replayAll } from '../../../server/events/replay';

const TITLE = 'Harbour Lights';
const CODES = ['CODE1', 'CODE2', 'CO\'DE\\3\t"ü 音楽\u0001', TITLE];
/** Codes seldom drawn: a product of these holds a small share of the statement. */
const RARE = ['RARE\\1', 'RARE2', 'Ärger\n'];
const ALL_CODES = [...CODES, ...RARE];

interface GeneratedRecord {
  code: string;
  date: string | null;
  units: number;
  revenue: string;
  stream: boolean;
}

const record = fc.record({
  code: fc.oneof(
    { arbitrary: fc.constantFrom(...CODES), weight: 8 },
    { arbitrary: fc.constantFrom(...RARE), weight: 1 },
  ),
  date: fc.option(fc.constantFrom('2026-09-01', '2026-09-30'), { nil: null }),
  units: fc.integer({ min: -5, max: 1_000_000 }),
  revenue: fc
    .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 0, max: 999_999 }))
    .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(6, '0')}`),
  stream: fc.boolean(),
});

/** What happens to the statement after its first files are read. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), records: fc.array(record, { maxLength: 6 }) }),
  fc.record({ kind: fc.constant('remove' as const), file: fc.nat() }),
  fc.record({
    kind: fc.constant('reread' as const),
    file: fc.nat(),
    records: fc.array(record, { maxLength: 6 }),
  }),
  fc.record({ kind: fc.constant('matchTitles' as const) }),
  fc.record({ kind: fc.constant('writeMissing' as const) }),
  // A table written before code indexes: in row order, without one.
  fc.record({ kind: fc.constant('unindexed' as const), file: fc.nat() }),
);

/** Products: their codes, and the limit their preview is cut at (none: all their records). */
const products = fc.array(
  fc.record({
    codes: fc.subarray(ALL_CODES, { minLength: 1 }),
    limit: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
  }),
  { minLength: 1, maxLength: 3 },
);

describe("records read from the files' stored tables", () => {
  let portal: TestPortal;
  let accountId: string;
  let statements = 0;

  beforeAll(async () => {
    portal = await startPortal();
    const created = await createDemoProduct(portal, {
      title: TITLE,
      type: 'single',
      codes: [{ code: 'GBKPL2600001', kind: 'isrc' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const rows = await portal.db.query<{ account_id: string }>(
      'select account_id from products where id = $1',
      [created.json().id],
    );
    accountId = rows[0]!.account_id;
  });
  afterAll(() => portal.close());

  /** Stores `records` as a read file's rows and keeps its table, as the parse does. */
  async function readFile(statementId: string, fileId: string, records: GeneratedRecord[]) {
    const db = portal.db;
    await makeRecordPartition(db, statementId);
    await db.transaction(async (tx) => {
      await forgetFileTables(tx, [fileId]);
      await tx.query('delete from statement_records where statement_id = $1 and file_id = $2', [
        statementId,
        fileId,
      ]);
    });
    for (const [index, each] of records.entries())
      await db.query(
        `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                        service, format, territory, units, revenue, date, kind,
                                        currency, format_raw)
         values ($1, $2, $3, $4, $5, 'Song', 'Artist', 'Spotify', $6, 'US', $7, $8, $9, 'sale',
                 'USD', 'Song')`,
        [
          statementId,
          fileId,
          // Rows as a file numbers them, with gaps where a row was refused.
          index * 2 + 1,
          each.code,
          each.code === TITLE ? 'title' : 'isrc',
          each.stream ? 'stream' : 'download',
          each.units,
          each.revenue,
          each.date,
        ],
      );
    const table = await db.transaction((tx) => fileTableFromRows(tx, statementId, fileId));
    const stored = await storeFileTable(portal.app.blobs, table);
    await db.transaction((tx) => keepFileTable(tx, statementId, fileId, stored));
  }

  /** Records of a record table, in its order or sorted by id. */
  const recordsOf = (table: Uint8Array, sorted: boolean) => {
    const records = recordsOfTable(readRecordTable(table)!);
    return sorted ? records.sort((a, b) => (a.id < b.id ? -1 : 1)) : records;
  };

  it('are the records read from the rows, after any change to its files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(record, { maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        fc.array(step, { maxLength: 5 }),
        products,
        async (firstFiles, steps, previews) => {
          const db = portal.db;
          statements += 1;
          const statementId = `stored-${statements}`;
          await db.query(
            `insert into statements (id, account_id, distributor_id, period, title, received_at,
                                     parse_status, version, state)
             select $1, $2, id, '2026-09', 'Stored', now(), 'parsed', 1, 'ready'
               from distributors order by id limit 1`,
            [statementId, accountId],
          );
          const files: string[] = [];
          const addFile = async (records: GeneratedRecord[]) => {
            const fileId = `${statementId}-file-${files.length + 1}`;
            files.push(fileId);
            // Ids chosen so that their order is not the order the files were added in.
            await db.query(
              `insert into statement_files (id, statement_id, account_id, name, sha256, size,
                                            status, added_in, position_in_upload)
               values ($1, $2, $3, $1, $1, 1, 'read', $4, 0)`,
              [fileId, statementId, accountId, files.length],
            );
            await readFile(statementId, fileId, records);
          };
          for (const records of firstFiles) await addFile(records);
          const live = () => files.filter((file) => file !== '');
          for (const change of steps) {
            if (change.kind === 'add') await addFile(change.records);
            else if (change.kind === 'remove' || change.kind === 'reread') {
              const file = live()[change.file % Math.max(live().length, 1)];
              if (!file) continue;
              if (change.kind === 'reread') await readFile(statementId, file, change.records);
              else {
                // As a retry removes a faulty file.
                await db.transaction(async (tx) => {
                  await forgetFileTables(tx, [file]);
                  await tx.query('delete from statement_records where file_id = $1', [file]);
                  await tx.query('delete from statement_files where id = $1', [file]);
                });
                files[files.indexOf(file)] = '';
              }
            } else if (change.kind === 'unindexed') {
              const file = live()[change.file % Math.max(live().length, 1)];
              if (!file) continue;
              const table = await db.transaction((tx) =>
                tx.copyOut(
                  `select '0000', row, code, kind, date, units, trim_scale(revenue), format
                     from statement_records where file_id = $1 order by row`,
                  [file],
                ),
              );
              const blob = (await storeFileTable(portal.app.blobs, table)).blob;
              await db.query(
                'update statement_record_tables set blob = $2, code_index = null where file_id = $1',
                [file, blob],
              );
            } else if (change.kind === 'matchTitles')
              await db.transaction((tx) => matchTitleKeys(tx, statementId));
            else await ensureRecordTables(db, portal.app.blobs, statementId);
          }
          await totalStatementCodes(db, statementId);

          const read = (asked: string[] | null, cut: number | null) =>
            db.transaction(async (tx) => ({
              rows: await readEngineRecordTable(tx, statementId, asked, cut),
              stored: await readStoredRecordTable(tx, portal.app.blobs, statementId, asked, cut),
            }));
          const whole = await read(null, null);
          expect(recordsOf(whole.stored.table, true)).toEqual(recordsOf(whole.rows.table, true));
          const previewsEqualRows = async () => {
            for (const { codes, limit } of previews) {
              const preview = await read(codes, limit);
              expect(preview.stored.found).toBe(preview.rows.found);
              // Cut at the limit: the first in file and row order, in that order.
              const cut = limit !== null && preview.rows.found > limit;
              expect(recordsOf(preview.stored.table, !cut)).toEqual(
                recordsOf(preview.rows.table, !cut),
              );
            }
          };
          await previewsEqualRows();

          // Once the tables are written again, the rows are not read at all, whatever share of
          // the statement a product's codes hold.
          await ensureRecordTables(db, portal.app.blobs, statementId);
          const again = await db.transaction((tx) =>
            readStoredRecordTable(tx, portal.app.blobs, statementId, null, null),
          );
          expect(again.stored).toBe(true);
          expect(recordsOf(again.table, true)).toEqual(recordsOf(whole.rows.table, true));
          await previewsEqualRows();
          for (const { codes, limit } of previews) {
            const preview = await db.transaction((tx) =>
              readStoredRecordTable(tx, portal.app.blobs, statementId, codes, limit),
            );
            expect(preview.stored).toBe(true);
          }
        },
      ),
      { numRuns: 15, seed: 20261129 },
    );
  });

  it('are cut at the lowest rows of their codes, few codes or many', () => {
    // A file's lines of a product's codes: each code's rows rising, the codes' rows interleaved.
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.nat({ max: 300 }),
        (codes, take) => {
          const unique = new Set<number>();
          const runs = codes
            .map((rows) => rows.filter((row) => !unique.has(row) && unique.add(row)))
            .filter((rows) => rows.length > 0)
            .map((rows) => rows.sort((a, b) => a - b));
          const rows = Float64Array.from(runs.flat());
          const starts = runs.map((_, run) => runs.slice(0, run).flat().length);
          const count = rows.length;
          const kept = mergeRuns(rows, starts, count, Math.min(take, count));
          expect(kept.map((line) => rows[line])).toEqual(
            [...rows].sort((a, b) => a - b).slice(0, take),
          );
        },
      ),
      { numRuns: 200, seed: 20261129 },
    );
  });

  it('calculate a statement as its rows do, and outlive a replay of the log', async () => {
    const lena = await login(portal.app, 'label@demo.label');
    const distroKid = (await get(portal.app, lena, '/api/distributors?q=DistroKid')).json().items[0]
      .id;
    const uploaded = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2026-07', expected: null, cashless: true },
      [
        {
          filename: 'july-b.tsv',
          // Codes out of their order: the table holds them by code, the input by row.
          content:
            DISTROKID_HEADER +
            distroKidLine({ isrc: 'QZDM12600002', earnings: '0.000012' }) +
            distroKidLine({ isrc: 'QZDM12600001', earnings: '3.25', units: 4 }) +
            distroKidLine({ isrc: 'QZDM12600002', earnings: '0.5', units: 2 }),
        },
        {
          filename: 'july-a.tsv',
          content: DISTROKID_HEADER + distroKidLine({ isrc: 'QZDM12600001', earnings: '7' }),
        },
      ],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await portal.app.jobs.drain();
    const id = uploaded.json()[0].id as string;
    const adjusted = await write(portal.app, lena, 'POST', `/api/statements/${id}/adjustments`, {
      code: 'QZDM12600002',
      units: 0,
      amount: '-1.5',
      description: 'Returned downloads',
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    const calculated = await write(portal.app, lena, 'POST', `/api/statements/${id}/calculate`, {});
    expect(calculated.statusCode, calculated.body).toBe(200);
    await portal.app.jobs.drain();

    // The parse kept each file's table; the calculation's input file names them.
    const tables = async () =>
      portal.db.query<{ file_id: string; blob: string; records: number; code_index: string }>(
        'select file_id, blob, records, code_index from statement_record_tables where statement_id = $1 order by file_id',
        [id],
      );
    const kept = await tables();
    expect(kept.map((table) => table.records).sort()).toEqual([1, 3]);
    const [calculation] = await portal.db.query<{ input_sha256: string }>(
      'select c.input_sha256 from statements s join calculations c on c.id = s.calculation_id where s.id = $1',
      [id],
    );
    const inputFile = JSON.parse(
      (await readBlob(portal.app.blobs, calculation!.input_sha256))!.toString('utf8'),
    );
    expect(inputFile.recordTables).toHaveLength(2);

    // The same payouts as the records read from the rows, and the page's input runs to them.
    const fromRows = await portal.db.transaction((tx) => statementEngineInput(tx, id));
    const expected = (await calculate(fromRows.input)).output;
    const answer = async () =>
      (await get(portal.app, lena, `/api/statements/${id}/calculation`)).json();
    const shown = await answer();
    expect(shown.output.payees).toEqual(expected.payees);
    expect(shown.output.totals).toEqual(expected.totals);
    expect(shown.input.records.map((record: { id: string }) => record.id)).toEqual(
      fromRows.input.records.map((record) => record.id),
    );
    expect((await calculate(shown.input)).output.payees).toEqual(expected.payees);

    // A replay of the log leaves the tables and the files they stand for as they were.
    await replayAll(portal.db);
    expect(await tables()).toEqual(kept);
    expect(await answer()).toEqual(shown);
  });
});
