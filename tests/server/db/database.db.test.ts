import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyValue, openDatabase, type Database } from '../../../server/db/database';
import { freshDatabase } from '../harness';

describe('bulk loading with COPY', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
    await db.query('create table copy_probe (id integer, label text, amount numeric(30, 12))');
  });
  afterAll(() => drop());

  it('keeps every character of a value, nulls and exact amounts, in and out of a transaction', async () => {
    const awkward = [
      'AC\\DC',
      'tab\there',
      'line\nbreak',
      'carriage\rreturn',
      '\\N',
      'Ünïcödé ✓',
      '',
    ];
    const text = awkward
      .map((label, index) =>
        [index, label, index === 0 ? null : `0.00000000000${index}`].map(copyValue).join('\t'),
      )
      .join('\n');
    await db.copyFrom('copy_probe', ['id', 'label', 'amount'], `${text}\n`);
    await db.transaction((tx) =>
      tx.copyFrom('copy_probe', ['id', 'label', 'amount'], `99\t${copyValue('in tx')}\t\\N\n`),
    );
    const rows = await db.query<{ id: number; label: string; amount: string | null }>(
      'select id, label, trim_scale(amount)::text as amount from copy_probe order by id',
    );
    expect(rows.map((row) => row.label)).toEqual([...awkward, 'in tx']);
    expect(rows.map((row) => row.amount)).toEqual([
      null,
      '0.000000000001',
      '0.000000000002',
      '0.000000000003',
      '0.000000000004',
      '0.000000000005',
      '0.000000000006',
      null,
    ]);
  });

  it('writes nothing when the transaction around it fails', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.copyFrom('copy_probe', ['id', 'label', 'amount'], '500\tlost\t1\n');
        throw new Error('crash after the copy');
      }),
    ).rejects.toThrow('crash after the copy');
    expect(await db.query('select 1 from copy_probe where id = 500')).toEqual([]);
  });
});

// PostgreSQL only: PGlite runs in the process and has no connections to lose.
describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection the server drops', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  it('is reported and replaced, and the process and the next query carry on', async () => {
    const [{ database } = { database: '' }] = await db.query<{ database: string }>(
      'select current_database() as database',
    );
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    const lost: Error[] = [];
    const own = await openDatabase({
      url: url.toString(),
      onConnectionLost: (error) => lost.push(error),
    });
    try {
      const [{ pid } = { pid: '' }] = await own.query<{ pid: string }>(
        'select pg_backend_pid()::text as pid',
      );
      // An administrator ends the idle connection the pool keeps.
      await db.query('select pg_terminate_backend($1::int)', [pid]);
      await expect.poll(() => lost.length).toBe(1);
      expect(lost[0]?.message).toMatch(/terminat/i);
      const again = await own.query<{ one: number }>('select 1 as one');
      expect(again).toEqual([{ one: 1 }]);
    } finally {
      await own.close();
    }
  });
});
