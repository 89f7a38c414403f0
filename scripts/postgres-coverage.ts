/**
 * Which of the statements the server tests send run in the PostgreSQL pass. Reads the folder a
 * PGlite run wrote with PORTAL_SQL_LOG (tests/server/sqlLog.ts), and prints how many distinct
 * statements the tests send, how many the *.db.test.ts files (the PostgreSQL pass) send, and each
 * statement only other files send, with the fewest further files that would cover them.
 *
 *   PORTAL_SQL_LOG=$dir npx vitest run --project server --reporter=json --outputFile=$dir.json
 *   npx tsx scripts/postgres-coverage.ts $dir [$dir.json]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2] ?? process.env.PORTAL_SQL_LOG;
// A Vitest JSON report (--reporter=json) of the same files: the cover then prefers the files that
// add the most statements per second of their run.
const report = process.argv[3];
const seconds = new Map<string, number>();
if (report) {
  const parsed = JSON.parse(readFileSync(report, 'utf8')) as {
    testResults: { name: string; startTime: number; endTime: number }[];
  };
  for (const file of parsed.testResults) {
    seconds.set(relative(process.cwd(), file.name), (file.endTime - file.startTime) / 1000);
  }
}
if (!dir) {
  console.error('usage: tsx scripts/postgres-coverage.ts <folder written with PORTAL_SQL_LOG>');
  process.exit(2);
}
const ON_POSTGRES = /\.db\.test\.ts$/;

const filesOf = new Map<string, Set<string>>();
for (const name of readdirSync(dir)) {
  for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
    if (!line) continue;
    const { file, sql } = JSON.parse(line) as { file: string; sql: string };
    const files = filesOf.get(sql) ?? new Set<string>();
    files.add(relative(process.cwd(), file));
    filesOf.set(sql, files);
  }
}
const missing = [...filesOf].filter(([, files]) => ![...files].some((f) => ON_POSTGRES.test(f)));
const allFiles = new Set([...filesOf.values()].flatMap((files) => [...files]));
const tagged = [...allFiles].filter((file) => ON_POSTGRES.test(file));
console.log(
  `${filesOf.size} distinct statements from ${allFiles.size} server test files; ` +
    `${filesOf.size - missing.length} of them sent by the ${tagged.length} files of the PostgreSQL pass`,
);
if (missing.length === 0) process.exit(0);
// Greedy cover: the file that sends most of the statements still missing, until none are.
const left = new Set(missing.map(([sql]) => sql));
const suggest: string[] = [];
while (left.size > 0) {
  const counts = new Map<string, number>();
  for (const sql of left)
    for (const f of filesOf.get(sql) ?? []) counts.set(f, (counts.get(f) ?? 0) + 1);
  const worth = ([file, count]: [string, number]) => count / (seconds.get(file) ?? 1);
  const [best] = [...counts].sort((a, b) => worth(b) - worth(a))[0] ?? [];
  if (!best) break;
  const took = seconds.has(best) ? `, ${seconds.get(best)?.toFixed(1)} s` : '';
  suggest.push(`${best} (${counts.get(best)}${took})`);
  for (const sql of [...left]) if (filesOf.get(sql)?.has(best)) left.delete(sql);
}
console.log(`${missing.length} statements are sent only by files of the PGlite pass:`);
for (const [sql, files] of missing)
  console.log(`  ${sql.slice(0, 160)}\n    from ${[...files].join(', ')}`);
console.log(`files that would cover them:\n  ${suggest.join('\n  ')}`);
