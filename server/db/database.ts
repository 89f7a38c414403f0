import { PGlite } from '@electric-sql/pglite';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { setImmediate } from 'node:timers/promises';

/** Anything SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /**
   * Bulk-loads rows with COPY from chunks of PostgreSQL's text format (strings, or the same text
   * as UTF-8 bytes): columns escaped with `copyValue` and separated by tabs, `\N` for null, every
   * row ending in a line break, no row split across chunks.
   */
  copyFrom(
    table: string,
    columns: readonly string[],
    text: string | AsyncIterable<string | Uint8Array<ArrayBuffer>>,
  ): Promise<void>;
  /**
   * The rows of the query `select` as COPY writes them in its text format, UTF-8 bytes: columns
   * separated by tabs, `\N` for null, every row ending in a line break. The database writes the
   * text, no row becomes a JS object. COPY takes no bound parameters, so `params` ($1, $2, ...)
   * are written into the query as literals (see `sqlLiteral`).
   */
  copyOut(select: string, params?: readonly CopyParam[]): Promise<Uint8Array<ArrayBuffer>>;
}

/** A value `copyOut` writes into its query: text, a whole number, a list of texts, or null. */
export type CopyParam = string | number | readonly string[] | null;

/**
 * `value` as an SQL literal: text as an escape string (`E'...'`, quotes and backslashes doubled,
 * whatever standard_conforming_strings says), a list as an array of those, a number only when it
 * is a safe integer. Text holding a NUL byte, which PostgreSQL's text cannot hold, is refused.
 */
export function sqlLiteral(value: CopyParam): string {
  if (value === null) return 'null';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
    return String(value);
  }
  if (typeof value !== 'string') return `array[${value.map(sqlLiteral).join(', ')}]::text[]`;
  if (value.includes('\0')) throw new Error('text with a NUL byte');
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** `select` with its `$n` replaced by the literals of `params`. */
function withLiterals(select: string, params: readonly CopyParam[] = []): string {
  return select.replace(/\$(\d+)/g, (placeholder, number: string) => {
    const index = Number(number) - 1;
    if (index >= params.length) throw new Error(`no value for ${placeholder}`);
    return sqlLiteral(params[index] ?? null);
  });
}

const copyOutSql = (select: string, params: readonly CopyParam[] | undefined, target: string) =>
  `copy (${withLiterals(select, params)}) to ${target} with (format text)`;

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPED = /[\\\t\n\r]/g;

/** One value in COPY's text format: backslash, tab and line breaks escaped, null as \N. */
export function copyValue(value: string | number | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  // Almost no value has anything to escape: testing first skips the replace and its callback.
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPED, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

const copySql = (table: string, columns: readonly string[], source: string) =>
  `copy ${table} (${columns.join(', ')}) from ${source} with (format text)`;

/** The one database of the portal: PGlite on disk by default, PostgreSQL with DATABASE_URL. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with each payload sent on `channel` by `pg_notify`, once the sending
   * transaction commits, from this or (on PostgreSQL) any other process. On PostgreSQL a dropped
   * listening connection is reopened and `onNotify(null)` tells the listener that notifications
   * may have been missed meanwhile. Answers the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data folder; memory when absent. */
  dataDir?: string | undefined;
  /**
   * Told when the server drops an idle connection (a restart, an administrator's terminate):
   * the pool discards it and the next query opens another, so the process carries on.
   */
  onConnectionLost?: ((error: Error) => void) | undefined;
  /**
   * Open without reaching the server first (a standby may be down when the process starts: its
   * monitor says so). By default a PostgreSQL server that cannot be reached stops the opening.
   */
  lazy?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    return openPostgres(options.url, options.onConnectionLost ?? (() => {}), options.lazy ?? false);
  }
  return openPglite(options.dataDir);
}

// NUMERIC and BIGINT come back as text on both drivers, so money never meets a JS number.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

async function openPostgres(
  url: string,
  onConnectionLost: (error: Error) => void,
  lazy: boolean,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Without a listener, an idle connection's error would end the whole process.
  pool.on('error', onConnectionLost);
  if (!lazy) await pool.query('select 1');
  const run = async <Row>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) =>
    (await client.query(sql, params)).rows as Row[];
  // One COPY for the whole input: the rows stream to the server while they are produced.
  const copy = async (
    client: pg.PoolClient,
    table: string,
    columns: readonly string[],
    text: string | AsyncIterable<string | Uint8Array<ArrayBuffer>>,
  ) => {
    const stream = client.query(copyFrom(copySql(table, columns, 'stdin')));
    await pipeline(Readable.from(typeof text === 'string' ? [text] : text), stream);
  };
  const copyOut = async (
    client: pg.PoolClient,
    select: string,
    params: readonly CopyParam[] | undefined,
  ) => {
    const chunks: Buffer[] = [];
    const stream = client.query(copyTo(copyOutSql(select, params, 'stdout')));
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const joined = Buffer.concat(chunks);
    return new Uint8Array(joined.buffer, joined.byteOffset, joined.length);
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    async copyFrom(table, columns, text) {
      const client = await pool.connect();
      try {
        await copy(client, table, columns, text);
      } finally {
        client.release();
      }
    },
    async copyOut(select, params) {
      const client = await pool.connect();
      try {
        return await copyOut(client, select, params);
      } finally {
        client.release();
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      // A connection that cannot even roll back is closed rather than handed to the next caller.
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work({
          query: (sql, params) => run(client, sql, params),
          copyFrom: (table, columns, text) => copy(client, table, columns, text),
          copyOut: (select, params) => copyOut(client, select, params),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: unknown) => {
          broken =
            rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: () => pool.end(),
  };
}

const LISTEN_RETRY_MS = [250, 1000, 5000];

/** A connection of its own that LISTENs, reopened with growing pauses when it drops. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? null);
    });
    next.on('error', () => reopen(next));
    next.on('end', () => reopen(next));
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
    failures = 0;
  };
  const reopen = (broken: pg.Client) => {
    if (stopped || client !== broken) return;
    client = null;
    void broken.end().catch(() => {});
    const attempt = () => {
      retry = undefined;
      if (stopped) return;
      open().then(
        // Whatever was sent while no connection listened is for the listener to catch up on.
        () => onNotify(null),
        () => {
          failures += 1;
          retry = setTimeout(attempt, LISTEN_RETRY_MS[Math.min(failures, 2)]);
        },
      );
    };
    retry = setTimeout(attempt, LISTEN_RETRY_MS[0]);
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
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
  // PGlite reads COPY input from a whole blob, so each chunk is a COPY of its own. Between two,
  // the event loop takes what came in (a request, an answer): with the chunks ready at once, the
  // COPYs would otherwise follow each other in microtasks, and other requests wait for them all.
  const copy = async (
    target: { query: PGlite['query'] },
    table: string,
    columns: readonly string[],
    text: string | AsyncIterable<string | Uint8Array<ArrayBuffer>>,
  ) => {
    for await (const chunk of typeof text === 'string' ? [text] : text) {
      await target.query(copySql(table, columns, "'/dev/blob'"), [], { blob: new Blob([chunk]) });
      await setImmediate();
    }
  };
  const copyOut = async (
    target: { query: PGlite['query'] },
    select: string,
    params: readonly CopyParam[] | undefined,
  ) => {
    const result = await target.query(copyOutSql(select, params, "'/dev/blob'"));
    return new Uint8Array(await (result.blob ?? new Blob()).arrayBuffer());
  };
  return {
    kind: 'pglite',
    query: (sql, params) => run(db, sql, params),
    copyFrom: (table, columns, text) => copy(db, table, columns, text),
    copyOut: (select, params) => copyOut(db, select, params),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: (sql, params) => run(tx, sql, params),
          copyFrom: (table, columns, text) => copy(tx, table, columns, text),
          copyOut: (select, params) => copyOut(tx, select, params),
        }),
      ),
    listen: async (channel, onNotify) => db.listen(channel, (payload) => onNotify(payload)),
    close: () => db.close(),
  };
}
