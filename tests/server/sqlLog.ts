import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Database, Queryable } from '../../server/db/database';

/**
 * With PORTAL_SQL_LOG naming a folder, each test database writes there, when dropped, every
 * distinct statement it was sent and the test file that sent it: scripts/postgres-coverage.ts
 * reads them to show which statements the PostgreSQL pass (the *.db.test.ts files) runs.
 */
const LOG_DIR = process.env.PORTAL_SQL_LOG;

/** A statement's shape: its values, parameter numbers and the lengths of its lists left out. */
export function statementShape(sql: string): string {
  return sql
    .replace(/E?'(?:[^']|'')*'/g, '?')
    .replace(/\$\d+/g, '?')
    .replace(/\b\d+(\.\d+)?\b/g, '?')
    .replace(/\s+/g, ' ')
    .replace(/\?(?:\s*(?:::\s*\w+(?:\[\])?)?\s*,\s*\?)+/g, '?…')
    .replace(/(\([^()]*\))(?:\s*,\s*\([^()]*\))+/g, '$1…')
    .trim();
}

/** Whether the first caller outside this file is the server's code. */
function sentByServer(stack: string): boolean {
  const caller = stack
    .split('\n')
    .slice(1)
    .find((frame) => !frame.includes('sqlLog.ts'));
  return caller !== undefined && /[\\/]server[\\/]/.test(caller) && !/[\\/]tests[\\/]/.test(caller);
}

/** `db` as it is, or, when PORTAL_SQL_LOG is set, recording what it is sent. */
export function recordedDatabase(db: Database): { db: Database; flush: () => void } {
  if (!LOG_DIR) return { db, flush: () => {} };
  const seen = new Set<string>();
  const file = expect.getState().testPath ?? 'unknown';
  // Only what the server sends: a test's own look into the database is not the product's SQL.
  const note = (sql: string) => {
    if (sentByServer(new Error().stack ?? '')) seen.add(statementShape(sql));
  };
  const recorded = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      note(sql);
      return target.query(sql, params);
    },
    copyFrom: (table, columns, text) => {
      note(`copy ${table} (${columns.join(', ')}) from stdin`);
      return target.copyFrom(table, columns, text);
    },
    copyOut: (select, params) => {
      note(`copy (${select}) to stdout`);
      return target.copyOut(select, params);
    },
  });
  const wrapped: Database = {
    ...recorded(db),
    kind: db.kind,
    transaction: (work) => db.transaction((tx) => work(recorded(tx))),
    listen: (channel, onNotify) => {
      note(`listen ${channel}`);
      return db.listen(channel, onNotify);
    },
    close: () => db.close(),
  };
  const flush = () => {
    const lines = [...seen].map((sql) => JSON.stringify({ file, sql })).join('\n');
    if (lines) appendFileSync(join(LOG_DIR, `${process.pid}.jsonl`), `${lines}\n`);
    seen.clear();
  };
  return { db: wrapped, flush };
}
