import { Readable } from 'node:stream';
import type { ColumnMapping, LayoutProposal, ProposedField } from '../../api/layouts';
import type { TextEncoding } from '../../rules/encodings';
import type { Delimiter } from '../../rules/records';
import type { FieldSource, LayoutVersion } from '../../rules/templateSchema';
import { currencyInName, meaningOf, type ColumnMeaning } from './columnSynonyms';
import { CsvParser, DELIMITERS, detectDelimiter, type CsvRow } from './csv';
import { decideEncoding, peekBytes } from './decode';
import { decompressedBytes } from './decompress';
import { fileTypeOfContent, TYPE_SAMPLE_BYTES, type SpreadsheetFormat } from './fileType';
import { withLimits } from './limits';
import { DecimalSeparatorVote } from './normalise/separator';
import { shapeOf } from './columnEvidence';
import { chooseMoneyColumns, fieldChoice } from './moneyColumns';
import { withAmountsFromSample } from './proposeAmounts';
import { HEADER_SEARCH_ROWS } from './rowSource';
import { readSpreadsheet } from './spreadsheet';
import { UnreadableFileError } from './types';

/** Decompressed text read from a sample: its header and enough rows to see how amounts are written. */
const SAMPLE_BYTES = 1024 * 1024;
const SAMPLE_ROWS = 200;

/** Fields whose values are never numbers alone. */
const NOT_NUMBERS = new Set(['title', 'artist', 'territory', 'service', 'date', 'format']);

/** A footer row of totals: no sale, left out of what the sample's values say. */
const TOTAL_ROW = /^\s*(grand\s+)?(sub-?)?totals?\b/i;

export const NO_HEADER_FOUND = 'The sample holds no header row: choose a file with column names.';

interface SampleRows {
  rows: string[][];
  delimiter: Delimiter | null;
  encoding: TextEncoding | null;
  encodingSure: boolean;
}

/**
 * A layout version proposed from a sample statement: its header row, each column mapped to the
 * record field its name says (COLUMN_SYNONYMS), the decimal separator when the sample's amounts
 * tell it, and the encoding and delimiter it was read in. Columns nothing fits stay unmapped;
 * required fields no column fits are named in `missing`, for the label to map by hand.
 */
export async function proposeLayout(file: {
  name: string;
  bytes: Buffer;
}): Promise<LayoutProposal> {
  const type = fileTypeOfContent(file.name, file.bytes.subarray(0, TYPE_SAMPLE_BYTES));
  const sample =
    type.kind === 'spreadsheet'
      ? await spreadsheetRows(file.bytes, type.format)
      : await textRows(file.bytes, type.compression);
  const found = headerOf(sample.rows);
  if (!found) throw new UnreadableFileError('empty', NO_HEADER_FOUND);
  const { header, index } = found;
  const named = mapColumns(header);
  // Revenue and units by the sample's values as well as their names: ids, codes and dates are
  // never taken, and two plausible columns are left for the label to pick.
  const rows = sample.rows
    .slice(index + 1)
    .filter((cells) => cells.some((cell) => cell.trim() !== ''))
    .filter((cells) => !TOTAL_ROW.test(cells.find((cell) => cell.trim() !== '') ?? ''));
  const moneyNamed = named.flatMap((column) =>
    column.field === 'revenue' ? [header.indexOf(column.column)] : [],
  );
  const separatorSeen = decimalSeparatorOf(rows, moneyNamed[0] ?? -1);
  const decimalComma = separatorSeen === 'comma';
  const money = chooseMoneyColumns(header, rows, named, decimalComma);
  const chosenAt = (field: 'revenue' | 'units') => {
    const pick = money[field];
    return 'chosen' in pick ? pick.chosen : -1;
  };
  // A text or date named column whose values are numbers (`Platform ID`, a `Sale Month` of `2`)
  // is no title, artist, territory, store or date; a spreadsheet's day numbers are dates.
  const numbers = (at: number, field: string) => {
    const cells = rows.map((row) => row[at] ?? '');
    if (rows.length === 0) return false;
    if (!['counts', 'ids', 'amounts'].includes(shapeOf(cells, decimalComma))) return false;
    return field !== 'date' || cells.every((cell) => cell.trim().length < 4);
  };
  const columns = named.map((column): ColumnMapping => {
    const at = header.indexOf(column.column);
    if (at === chosenAt('revenue')) return { column: column.column, field: 'revenue' };
    if (at === chosenAt('units')) return { column: column.column, field: 'units' };
    if (column.field === 'revenue' || column.field === 'units')
      return { column: column.column, field: null };
    return column.field !== null && NOT_NUMBERS.has(column.field) && numbers(at, column.field)
      ? { column: column.column, field: null }
      : column;
  });
  // A field's columns best first: `Track Title` before `Release Title`, `Sales Month` before
  // `Reporting Month`; a blank cell falls back to the next.
  const fit = (column: ColumnMapping) => meaningOf(column.column)?.score ?? 0;
  const byField = (field: string) =>
    columns.filter((column) => column.field === field).sort((a, b) => fit(b) - fit(a));

  const currencyColumn = byField('currency')[0]?.column;
  const choices = [money.revenue, money.units].flatMap((pick) => {
    const choice = fieldChoice(
      pick,
      header,
      rows,
      currencyColumn === undefined ? -1 : header.indexOf(currencyColumn),
      decimalComma,
    );
    return choice ? [choice] : [];
  });
  const revenueColumn = byField('revenue')[0]?.column;
  const revenueAt = revenueColumn === undefined ? -1 : header.indexOf(revenueColumn);
  const separator = revenueAt === -1 ? separatorSeen : decimalSeparatorOf(rows, revenueAt);
  // Read from the header, so a file of the same layout in another currency reads too: the
  // revenue's name, or every candidate's, when no column holds the currency.
  const inName = new Map<string, string>();
  if (currencyColumn === undefined) {
    const revenueNames = [
      ...(revenueColumn === undefined ? [] : [revenueColumn]),
      ...choices.flatMap((choice) =>
        choice.field === 'revenue' ? choice.candidates.map((candidate) => candidate.header) : [],
      ),
    ];
    for (const name of revenueNames) {
      const found = currencyInName(name);
      if (found) inName.set(name, found.layoutName);
    }
  }
  const currencyFromHeader = revenueColumn !== undefined && inName.has(revenueColumn);
  const asLayoutHeader = (name: string) => inName.get(name) ?? name;

  const headers = header.filter((cell) => cell.trim() !== '').map(asLayoutHeader);
  const source = (field: ProposedField): FieldSource | undefined => {
    const mapped = byField(field).map((column) => asLayoutHeader(column.column));
    return mapped.length > 0 ? { columns: mapped } : undefined;
  };
  const codes = columns.flatMap((column) =>
    column.field === 'code' && column.kind ? [{ column: column.column, kind: column.kind }] : [],
  ) as LayoutVersion['fields']['codes'];
  const codeOrder = { isrc: 0, upc: 1, custom: 2, title: 3 } as const;
  codes.sort((a, b) => codeOrder[a.kind] - codeOrder[b.kind]);
  const currency = currencyColumn;
  const optional = (['title', 'artist', 'service', 'format', 'territory', 'date'] as const).flatMap(
    (field) => {
      const mapped = source(field);
      return mapped ? [[field, mapped] as const] : [];
    },
  );

  const layout: LayoutVersion = {
    name: layoutName(file.name),
    headers,
    ...(sample.delimiter ? { delimiter: sample.delimiter } : {}),
    // A sure encoding other than UTF-8 is the layout's: later files are read in it.
    ...(sample.encoding && sample.encodingSure && sample.encoding !== 'utf-8'
      ? { encoding: sample.encoding }
      : {}),
    ...(index >= HEADER_SEARCH_ROWS ? { skipRows: index } : {}),
    ...(separator ? { decimalComma: separator === 'comma' } : {}),
    fields: {
      codes,
      ...Object.fromEntries(optional),
      units: source('units') ?? { columns: [] },
      revenue: source('revenue') ?? { columns: [] },
      ...(currencyFromHeader
        ? { currency: { fromHeader: true } }
        : currency
          ? { currency: { columns: [currency] } }
          : {}),
    },
  };
  const asked = new Set(choices.map((choice) => choice.field));
  const missing = [
    ...(codes.length === 0 ? ['codes'] : []),
    ...(byField('units').length === 0 && !asked.has('units') ? ['units'] : []),
    ...(byField('revenue').length === 0 && !asked.has('revenue') ? ['revenue'] : []),
  ];
  const derived = withAmountsFromSample(
    { layout, columns, missing },
    header,
    sample.rows.slice(index + 1),
    asLayoutHeader,
  );
  return {
    ...derived,
    header,
    headerRow: index + 1,
    // Revenue read as gross less fees is the proposal's answer for revenue: asking the label to
    // pick the gross column alone would undo it.
    choices:
      'add' in derived.layout.fields.revenue
        ? choices.filter((choice) => choice.field !== 'revenue')
        : choices,
    setAside: money.setAside,
    encoding: sample.encoding,
    encodingSure: sample.encodingSure,
    decimalSeparator: separator,
  };
}

/** The sample's file name without its type, as a first name for the layout. */
function layoutName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  return (
    base.replace(/(\.(csv|tsv|txt|xls|xlsx|ods))?(\.(zip|gz|bz2|xz))?$/i, '').trim() || base
  ).slice(0, 120);
}

/**
 * Each column to the meaning whose name fits it best. A field takes one column (units, revenue,
 * currency) or, for the texts, every column that fits, best first, so a blank one falls back to
 * the next; no two columns are the same code kind. Nothing fits: left unmapped.
 */
export function mapColumns(header: readonly string[]): ColumnMapping[] {
  const scored = header.map((column, at) => ({ column, at, fit: meaningOf(column) }));
  const taken = new Map<string, number>();
  const keyOf = (meaning: ColumnMeaning) =>
    meaning.field === 'code' ? `code:${meaning.kind}` : meaning.field;
  const single = new Set(['units', 'revenue', 'currency']);
  // The best-fitting columns choose first: `Net Revenue` before `Revenue Share`.
  const ranked = [...scored].sort((a, b) => (b.fit?.score ?? 0) - (a.fit?.score ?? 0));
  const chosen = new Map<number, ColumnMeaning>();
  for (const { at, fit } of ranked) {
    if (!fit) continue;
    const key = keyOf(fit.meaning);
    const alone = single.has(fit.meaning.field) || fit.meaning.field === 'code';
    if (alone && taken.has(key)) continue;
    taken.set(key, at);
    chosen.set(at, fit.meaning);
  }
  return scored
    .filter(({ column }) => column.trim() !== '')
    .map(({ column, at }) => {
      const meaning = chosen.get(at);
      if (!meaning) return { column, field: null };
      return meaning.field === 'code'
        ? { column, field: 'code', kind: meaning.kind }
        : { column, field: meaning.field };
    });
}

/** The row the most columns of which have a name the synonyms know; else the first with text. */
function headerOf(
  rows: readonly string[][],
): { header: string[]; index: number; known: number } | null {
  let best: { header: string[]; index: number; known: number } | null = null;
  rows.slice(0, SAMPLE_ROWS).forEach((cells, index) => {
    if (!cells.some((cell) => cell.trim() !== '')) return;
    const known = cells.filter((cell) => meaningOf(cell) !== null).length;
    if (!best || known > best.known) best = { header: cells.map((c) => c.trim()), index, known };
  });
  return best;
}

/** What the revenue column's amounts say of the decimal separator; null when nothing tells. */
function decimalSeparatorOf(rows: readonly string[][], column: number): 'point' | 'comma' | null {
  if (column < 0) return null;
  const vote = new DecimalSeparatorVote();
  for (const cells of rows) vote.observe(cells[column] ?? '');
  const decided = vote.decided;
  if (!decided || vote.conflict) return null;
  return decided.decimalComma ? 'comma' : 'point';
}

async function spreadsheetRows(bytes: Buffer, format: SpreadsheetFormat): Promise<SampleRows> {
  const events = readSpreadsheet(Readable.from([bytes]), format, withLimits());
  const sheets: string[][][] = [];
  try {
    for await (const event of events) {
      const sheet = sheets.at(-1);
      if (event.type === 'sheet') sheets.push([]);
      else if (sheet && sheet.length < SAMPLE_ROWS)
        sheet.push(...event.rows.slice(0, SAMPLE_ROWS - sheet.length).map((row) => row.cells));
    }
  } finally {
    await events.return(undefined);
  }
  // The sheet whose header the synonyms know best is the statement (a summary sheet may come first).
  const known = (rows: string[][]) => headerOf(rows)?.known ?? -1;
  const best = sheets.reduce<string[][]>(
    (chosen, rows) => (known(rows) > known(chosen) ? rows : chosen),
    [],
  );
  return { rows: best.slice(0, SAMPLE_ROWS), delimiter: null, encoding: null, encodingSure: true };
}

async function textRows(
  bytes: Buffer,
  compression: Parameters<typeof decompressedBytes>[0],
): Promise<SampleRows> {
  const limits = withLimits();
  const peeked = await peekBytes(
    decompressedBytes(compression, Readable.from([bytes]), limits),
    SAMPLE_BYTES,
  );
  await peeked.close();
  const guess = decideEncoding(peeked.head);
  // TextDecoder drops a BOM of its own encoding; only whole lines are read.
  const text = new TextDecoder(guess.encoding).decode(peeked.head);
  const lines = text.split(/\r\n|\n|\r/);
  const head = lines.slice(0, peeked.done ? SAMPLE_ROWS : Math.min(SAMPLE_ROWS, lines.length - 1));
  // The delimiter that splits a row into the most columns the synonyms know, else the first line's.
  let best: { rows: string[][]; delimiter: Delimiter; known: number } | null = null;
  for (const delimiter of [detectDelimiter(head[0] ?? ''), ...DELIMITERS]) {
    const rows = splitRows(head.join('\n'), delimiter);
    const known = Math.max(
      0,
      ...rows
        .slice(0, HEADER_SEARCH_ROWS)
        .map((cells) => cells.filter((cell) => meaningOf(cell) !== null).length),
    );
    if (!best || known > best.known) best = { rows, delimiter, known };
  }
  return {
    rows: best?.rows ?? [],
    delimiter: best?.delimiter ?? null,
    encoding: guess.encoding,
    encodingSure: guess.sure,
  };
}

function splitRows(text: string, delimiter: Delimiter): string[][] {
  const rows: CsvRow[] = [];
  try {
    const parser = new CsvParser(delimiter);
    parser.push(text, rows);
    parser.end(rows);
  } catch {
    // A quote left open by the sample's cut: the rows before it are enough.
  }
  return rows.map((row) => row.cells);
}
