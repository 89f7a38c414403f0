import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** The one database of the portal: PGlite on disk by default, PostgreSQL with DATABASE_URL. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data folder; memory when absent. */
  dataDir?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir);
}

// NUMERIC and BIGINT come back as text on both drivers, so money never meets a JS number.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('select 1');
  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) =>
    (await client.query(sql, params)).rows as Row[];
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ query: (sql, params) => run(client, sql, params) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const textParsers = {
  // Same decoding as PostgreSQL's own client above: exact text for NUMERIC and BIGINT.
  1700: (value: string) => value,
  20: (value: string) => value,
};

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const db = await PGlite.create(
    dataDir ? { dataDir, parsers: textParsers } : { parsers: textParsers },
  );
  const run = async <Row>(target: { query: PGlite['query'] }, sql: string, params?: unknown[]) =>
    (await target.query<Row>(sql, params)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => run(db, sql, params),
    transaction: (work) =>
      db.transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) })),
    close: () => db.close(),
  };
}
