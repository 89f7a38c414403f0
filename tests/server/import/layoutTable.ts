import { readdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { fromScaled, toScaled } from '../../../server/import/normalise/amount';
import { parseStatementToEnd } from '../../../server/import/parse';
import { SHIPPED_TEMPLATES } from '../../../server/import/templates';
import { StatementFileError } from '../../../server/import/types';

/**
 * What a shipped layout must read from one fixture, worked out by hand from the file (never by
 * running the parser): tests/server/import/fixtures/expected/<fixture file name>.json.
 */
export interface LayoutExpectation {
  template: string;
  layout: string;
  /** Data rows in the file: every non-blank row after the header. */
  rows: number;
  /** Records read. */
  read: number;
  /** Rows refused with a row error. */
  refused: number;
  /** Rows that are no sales (payouts, withdrawals) or totals, left out without an error. */
  'left out': number;
  /** Per currency ('none' when the file names none): exact revenue and units of the records. */
  totals: Record<string, { revenue: string; units: string }>;
  /** The first and last sale date of the records, or [] when none has one. */
  dates: [string, string] | [];
  /** The records' territories, distinct and sorted. */
  territories: string[];
  /** A file the layout refuses whole: a part of the message it is refused with. */
  'file refused'?: string;
}

/** What a parse of the fixture gave, in the same terms. */
export type LayoutReading = Omit<LayoutExpectation, 'file refused'> & {
  'file refused'?: string;
};

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const EXPECTED = `${FIXTURES}expected/`;

/** Every fixture with an expectation, by file name, in name order. */
export function expectedFixtures(): { file: string; expected: LayoutExpectation }[] {
  return readdirSync(EXPECTED)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({
      file: name.slice(0, -'.json'.length),
      expected: JSON.parse(readFileSync(`${EXPECTED}${name}`, 'utf8')) as LayoutExpectation,
    }));
}

/** Reads `file` with the shipped template named `templateName`. */
export async function readFixture(file: string, templateName: string): Promise<LayoutReading> {
  const template = SHIPPED_TEMPLATES.find((each) => each.name === templateName);
  if (!template) throw new Error(`No shipped template is named ${templateName}`);
  const bytes = readFileSync(`${FIXTURES}${file}`);
  const totals = new Map<string, { scaled: bigint; units: bigint }>();
  const dates: string[] = [];
  const territories = new Set<string>();
  const empty = { rows: 0, read: 0, refused: 0, 'left out': 0, totals: {}, dates: [] as [] };
  try {
    const summary = await parseStatementToEnd(
      {
        fileName: file,
        bytes: Readable.from([bytes]),
      },
      template,
      (item) => {
        if (!('record' in item)) return;
        const { record } = item;
        const key = record.currency ?? 'none';
        const total = totals.get(key) ?? { scaled: 0n, units: 0n };
        total.scaled += toScaled(record.revenue);
        total.units += BigInt(record.units);
        totals.set(key, total);
        if (record.date) dates.push(record.date);
        if (record.territory) territories.add(record.territory);
      },
    );
    dates.sort();
    const first = dates[0];
    const last = dates[dates.length - 1];
    return {
      template: summary.template,
      layout: summary.version,
      rows: summary.rowsRead - summary.blankRows,
      read: summary.records,
      refused: summary.rowsWithErrors,
      'left out': summary.totalRows.length + summary.nonSalesRows.length,
      totals: Object.fromEntries(
        [...totals]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, total]) => [
            currency,
            { revenue: fromScaled(total.scaled), units: String(total.units) },
          ]),
      ),
      dates: first && last ? [first, last] : [],
      territories: [...territories].sort(),
    };
  } catch (error) {
    if (!(error instanceof StatementFileError)) throw error;
    return {
      template: template.name,
      layout: '',
      ...empty,
      territories: [],
      'file refused': error.message,
    };
  }
}

/** One line of the proof table: what was read against what the fixture's expectation says. */
export interface LayoutTableRow {
  layout: string;
  file: string;
  rows: number;
  read: number;
  refused: number;
  totalExact: boolean;
  datesRight: boolean;
  territoriesRight: boolean;
  /** Rows, read, refused and left out as expected (or the whole file refused as expected). */
  countsRight: boolean;
}

export function compareReading(
  file: string,
  expected: LayoutExpectation,
  actual: LayoutReading,
): LayoutTableRow {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const refusedAsExpected =
    expected['file refused'] !== undefined &&
    (actual['file refused'] ?? '').includes(expected['file refused']);
  const countsRight = refusedAsExpected
    ? true
    : expected['file refused'] === undefined &&
      actual['file refused'] === undefined &&
      expected.layout === actual.layout &&
      expected.rows === actual.rows &&
      expected.read === actual.read &&
      expected.refused === actual.refused &&
      expected['left out'] === actual['left out'];
  return {
    layout:
      expected['file refused'] === undefined
        ? `${expected.template}: ${expected.layout}`
        : `${expected.template}: the whole file refused`,
    file,
    rows: actual.rows,
    read: actual.read,
    refused: actual.refused,
    totalExact: same(expected.totals, actual.totals),
    datesRight: same(expected.dates, actual.dates),
    territoriesRight: same(expected.territories, actual.territories),
    countsRight,
  };
}
