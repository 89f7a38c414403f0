import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrations';
import { dumpReadModels, replayAll } from '../../../server/events/replay';
import { copyPostgresDatabase, databaseUrl, dropPostgresDatabase } from '../databaseTemplates';
import { get, login, startPortal, write, type LoggedIn, type TestPortal } from '../harness';
import { distroKidHeader, distroKidLine } from '../import/helpers';
import { uploadStatement } from '../multipart';

/** Statement ids as a label's files and imports may name them: quotes, percent, spaces, scripts. */
const STATEMENTS = [
  'st-plain',
  "st-o'brien; drop table x --",
  'st 50% "quoted"',
  'st-éè-カタ',
  'st-empty',
];
const RECORDS_OF: Record<string, number> = {
  'st-plain': 1200,
  "st-o'brien; drop table x --": 7,
  'st 50% "quoted"': 301,
  'st-éè-カタ': 45,
  'st-empty': 0,
};

/** Count and a checksum of every column of every record of the statement, in key order. */
async function fingerprint(db: Database, statementId: string) {
  const [row] = await db.query<{ n: string; sum: string | null; digest: string | null }>(
    `select count(*)::text as n, trim_scale(sum(r.revenue))::text as sum,
            md5(string_agg(r::text, '|' order by r.file_id, r.row)) as digest
       from statement_records r where r.statement_id = $1`,
    [statementId],
  );
  return row;
}

/** The partitions a plan for the statement's records reads. */
async function partitionsRead(db: Database, sql: string, params: unknown[]): Promise<string[]> {
  const plan = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const text = JSON.stringify(plan[0]?.['QUERY PLAN']);
  const relations = [...text.matchAll(/"Relation Name":"(statement_records_\d+)"/g)];
  return [...new Set(relations.map((match) => match[1] ?? ''))].sort();
}

describe('statement records partitioned by statement (migration 53)', () => {
  let db: Database;
  let dropDatabase = async () => {};
  const before = new Map<string, Awaited<ReturnType<typeof fingerprint>>>();

  beforeAll(async () => {
    // An empty database, migrated here step by step: on the PostgreSQL server when tests run on one.
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const name = await copyPostgresDatabase(server, 'template1');
      db = await openDatabase({ url: databaseUrl(server, name) });
      dropDatabase = () => dropPostgresDatabase(server, name);
    } else {
      db = await openDatabase({});
    }
    await migrate(db, 52);
    for (const [index, statementId] of STATEMENTS.entries()) {
      await db.query(
        `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                        service, format, format_raw, territory, units, revenue, date,
                                        kind, currency, original_revenue, original_currency)
         select $1, 'file-' || $2::int || '-' || (i % 3), i, 'QZ' || lpad((i % 17)::text, 10, '0'),
                'isrc', 'Title ' || i, 'Artist ''' || i, 'Spotify', 'stream', 'Stream',
                case when i % 5 = 0 then null else 'US' end, i % 40,
                round((i * 0.0123456789)::numeric, 12), date '2026-01-01' + (i % 28),
                'sale', 'USD', case when i % 7 = 0 then i * 0.01 end,
                case when i % 7 = 0 then 'EUR' end
           from generate_series(1, $3::int) i`,
        [statementId, index, RECORDS_OF[statementId]],
      );
      before.set(statementId, await fingerprint(db, statementId));
    }
    // A statement cancelled before migration 53: its records are not moved, its currency is kept.
    await db.query(`insert into accounts (id, name, type, status, created_at, version)
                    values ('label', 'Label', 'label', 'active', now(), 1)`);
    await db.query(`insert into distributors (id, name, uploadable, created_at, version)
                    values ('distributor', 'Distributor', true, now(), 1)`);
    await db.query(
      `insert into statements (id, account_id, distributor_id, period, title, received_at,
                               parse_status, version, state, currency)
       values ('st-cancelled', 'label', 'distributor', '2026-01', 'Cancelled', now(), 'parsed', 2,
               'cancelled', 'EUR')`,
    );
    await db.query(
      `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                      service, format, format_raw, units, revenue, kind, currency)
       select 'st-cancelled', 'file-c', i, 'c', 'isrc', 't', 'a', 's', 'stream', 'Stream', 1, 2.5,
              'sale', 'EUR'
         from generate_series(1, 20) i`,
    );
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    await dropDatabase();
  });

  it('keeps every record of every statement, column for column', async () => {
    for (const statementId of STATEMENTS) {
      const after = await fingerprint(db, statementId);
      expect(after, statementId).toEqual(before.get(statementId));
      expect(after?.n).toBe(String(RECORDS_OF[statementId]));
    }
    const [total] = await db.query<{ n: string }>(
      'select count(*)::text as n from statement_records',
    );
    expect(total?.n).toBe('1553');
  });

  it('drops the records of a statement cancelled before, keeping the currency they named', async () => {
    expect((await fingerprint(db, 'st-cancelled'))?.n).toBe('0');
    const kept = await db.query(
      `select currency, name ~ '^statement_records_[0-9]+$' as named, dropped_at is not null as dropped
         from statement_record_partitions where statement_id = 'st-cancelled'`,
    );
    expect(kept).toEqual([{ currency: 'EUR', named: true, dropped: true }]);
  });

  it("reads a statement's records from its own partition only", async () => {
    const partitions = await db.query<{ statement_id: string; name: string }>(
      'select statement_id, name from statement_record_partitions where dropped_at is null order by name',
    );
    // A statement without records has no partition; the others one each, named by number.
    expect(partitions.map((p) => p.statement_id).sort()).toEqual(
      STATEMENTS.filter((id) => RECORDS_OF[id]).sort(),
    );
    for (const { statement_id: statementId, name } of partitions) {
      expect(name).toMatch(/^statement_records_\d+$/);
      for (const sql of [
        'select * from statement_records where statement_id = $1',
        'select code, sum(revenue) from statement_records where statement_id = $1 group by code',
        'delete from statement_records where statement_id = $1 and file_id = $2',
      ]) {
        const params = sql.includes('$2') ? [statementId, 'file-0-1'] : [statementId];
        expect(await partitionsRead(db, sql, params), `${statementId}: ${sql}`).toEqual([name]);
      }
    }
    // A query that names no statement reads them all: hence every query names its statement.
    expect(
      await partitionsRead(db, 'delete from statement_records where file_id = $1', ['file-0-1']),
    ).toEqual(partitions.map((p) => p.name).sort());
    const [two, three] = partitions;
    expect(
      await partitionsRead(db, 'select * from statement_records where statement_id = any($1)', [
        [two?.statement_id, three?.statement_id],
      ]),
    ).toEqual([two?.name, three?.name].sort());
  });

  it('makes a partition once per statement, whatever its id, and refuses records of a dropped one', async () => {
    const id = "new'); drop table statements; --";
    const [made] = await db.query<{ name: string }>(
      'select statement_records_partition($1) as name',
      [id],
    );
    const [again] = await db.query<{ name: string }>(
      'select statement_records_partition($1) as name',
      [id],
    );
    expect(again?.name).toBe(made?.name);
    await db.query(
      `insert into statement_records (statement_id, file_id, row, code, code_kind, title, artist,
                                      service, format, format_raw, units, revenue, kind)
       values ($1, 'f', 1, 'c', 'isrc', 't', 'a', 's', 'stream', 'Stream', 1, 1.5, 'sale')`,
      [id],
    );
    expect((await fingerprint(db, id))?.n).toBe('1');
    await db.query('select drop_statement_records_partition($1, $2)', [id, 'USD']);
    expect((await fingerprint(db, id))?.n).toBe('0');
    const tables = await db.query('select 1 from pg_class where relname = $1', [made?.name]);
    expect(tables).toEqual([]);
    await expect(db.query('select statement_records_partition($1)', [id])).rejects.toThrow(
      /were dropped/,
    );
    // The id was a value, never SQL: the table it names is still there.
    expect(await db.query('select id from statements')).toEqual([{ id: 'st-cancelled' }]);
  });
});

describe("a cancelled or deleted statement's records, dropped with their partition", () => {
  let portal: TestPortal;
  let lena: LoggedIn;
  let distroKid: string;

  beforeAll(async () => {
    portal = await startPortal();
    lena = await login(portal.app, 'label@demo.label');
    const list = (await get(portal.app, lena, '/api/distributors?limit=100')).json();
    distroKid = list.items.find((d: { name: string }) => d.name === 'DistroKid').id;
  });
  afterAll(() => portal.close());

  /** A month's statement of 3 records, read. */
  async function readStatement(month: string): Promise<string> {
    const content =
      distroKidHeader('USD') +
      [1, 2, 3]
        .map((n) => distroKidLine({ earnings: `${n}.${month.slice(5)}`, units: n }))
        .join('');
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: month, expected: null },
      [{ filename: `${month}.tsv`, content }],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    await portal.app.jobs.drain();
    return answer.json()[0].id;
  }
  const recordsOf = async (id: string) =>
    (
      await portal.db.query<{ n: string }>(
        'select count(*)::text as n from statement_records where statement_id = $1',
        [id],
      )
    )[0]?.n;
  const partitionOf = async (id: string) =>
    (
      await portal.db.query<{ name: string; table: string | null }>(
        `select p.name, c.relname as table from statement_record_partitions p
           left join pg_class c on c.relname = p.name where p.statement_id = $1`,
        [id],
      )
    )[0];

  it('drops the records of a cancelled statement with its table and says so where they were shown', async () => {
    const kept = await readStatement('2023-01');
    const cancelled = await readStatement('2023-02');
    const records = await recordsOf(cancelled);
    expect(records).toBe('3');
    expect((await partitionOf(cancelled))?.table).toMatch(/^statement_records_\d+$/);
    const tablesOf = async (statementId: string) =>
      (
        await portal.db.query(
          'select file_id from statement_record_tables where statement_id = $1',
          [statementId],
        )
      ).length;
    expect(await tablesOf(cancelled)).toBe(1);
    const before = (await get(portal.app, lena, `/api/statements/${cancelled}`)).json();
    expect(before.currency).toBe('USD');

    const answer = await write(portal.app, lena, 'POST', `/api/statements/${cancelled}/cancel`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await recordsOf(cancelled)).toBe('0');
    expect((await partitionOf(cancelled))?.table).toBeNull();
    expect(await recordsOf(kept)).toBe(records);
    // Nor are its files' record tables read any more: no calculation or preview sees records it
    // no longer has; the other statement's stay.
    expect(await tablesOf(cancelled)).toBe(0);
    expect(await tablesOf(kept)).toBe(1);
    // The pages that listed them: no records, no error; the statement keeps its currency.
    const list = await get(portal.app, lena, `/api/statements/${cancelled}/records`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ items: [], total: 0 });
    const reading = await get(portal.app, lena, `/api/statements/${cancelled}/reading`);
    expect(reading.statusCode).toBe(200);
    expect(reading.json().currencies).toEqual([]);
    const after = (await get(portal.app, lena, `/api/statements/${cancelled}`)).json();
    expect(after).toMatchObject({ status: 'cancelled', currency: 'USD' });
    const keptList = (await get(portal.app, lena, `/api/statements/${kept}/records`)).json();
    expect(keptList.total).toBe(Number(records));
  });

  it('reads nothing of a statement cancelled before its files were read', async () => {
    const content = distroKidHeader('USD') + distroKidLine({ earnings: '9.09', units: 9 });
    const answer = await uploadStatement(
      portal.app,
      lena,
      { distributor: distroKid, report_month: '2023-04', expected: null },
      [{ filename: 'early.tsv', content }],
    );
    const id: string = answer.json()[0].id;
    const cancelled = await write(portal.app, lena, 'POST', `/api/statements/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await portal.app.jobs.drain();
    const jobs = await portal.db.query<{ status: string; error: string | null }>(
      `select status, error from jobs where payload->>'statementId' = $1`,
      [id],
    );
    expect(jobs).toEqual([{ status: 'done', error: null }]);
    expect(await recordsOf(id)).toBe('0');
    expect((await get(portal.app, lena, `/api/statements/${id}`)).json().status).toBe('cancelled');
  });

  it('drops them for a deleted statement too, and a replay rebuilds the same statements', async () => {
    const deleted = await readStatement('2023-03');
    const admin = await login(portal.app, 'admin@demo.label');
    const answer = await write(portal.app, admin, 'POST', `/api/statements/${deleted}/delete`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await recordsOf(deleted)).toBe('0');
    expect((await partitionOf(deleted))?.table).toBeNull();
    // The log again: files read (their currency from records no longer there), then the drop.
    const live = await dumpReadModels(portal.db);
    await replayAll(portal.db);
    expect(await dumpReadModels(portal.db)).toEqual(live);
    const [statement] = await portal.db.query<{ currency: string | null; state: string }>(
      'select currency, state from statements where id = $1',
      [deleted],
    );
    expect(statement).toEqual({ currency: 'USD', state: 'deleted' });
  });
});
