/**
 * Prints the proof table of the shipped layouts: per fixture with an expectation
 * (tests/server/import/fixtures/expected/*.json), what its layout read against what was worked
 * out by hand. Exits with 1 when any line is not right. `npm run report:layouts`
 */
import {
  compareReading,
  expectedFixtures,
  readFixture,
  type LayoutTableRow,
} from '../tests/server/import/layoutTable';

const yesNo = (right: boolean) => (right ? 'yes' : 'NO');

const rows: LayoutTableRow[] = [];
for (const { file, expected } of expectedFixtures()) {
  rows.push(compareReading(file, expected, await readFixture(file, expected.template)));
}

const header = [
  'layout',
  'file',
  'rows',
  'read',
  'refused',
  'counts right',
  'total exact',
  'dates right',
  'territories right',
];
const lines = rows.map((row) => [
  row.layout,
  row.file,
  String(row.rows),
  String(row.read),
  String(row.refused),
  yesNo(row.countsRight),
  yesNo(row.totalExact),
  yesNo(row.datesRight),
  yesNo(row.territoriesRight),
]);
const widths = header.map((title, i) => Math.max(title.length, ...lines.map((l) => l[i]!.length)));
const format = (cells: string[]) =>
  `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(format(header));
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
for (const line of lines) console.log(format(line));

const wrong = rows.filter(
  (row) => !(row.countsRight && row.totalExact && row.datesRight && row.territoriesRight),
);
const distributors = new Set(rows.map((row) => row.layout.split(':')[0]));
console.log(
  `\n${rows.length} files, ${distributors.size} distributors; ${rows.length - wrong.length} read exactly as expected.`,
);
if (wrong.length > 0) process.exitCode = 1;
