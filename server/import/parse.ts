import { CsvParser, DELIMITERS, detectDelimiter, type CsvRow, type Delimiter } from './csv';
import { decodeText, type TextEncoding } from './decode';
import { decompressedBytes } from './decompress';
import { fileTypeOf } from './fileType';
import { pickVersion, type HeaderMatch } from './header';
import { withLimits, type ImportLimits } from './limits';
import { fromScaled, toScaled } from './normalise/amount';
import { compileRowMapper } from './rowMapper';
import { readSpreadsheet, type SheetEvent } from './spreadsheet';
import type { DistributorTemplate, LayoutVersion } from './templateSchema';
import { FileFormatError, type RowError, type StatementRecord } from './types';

export interface StatementInput {
  fileName: string;
  bytes: AsyncIterable<Buffer>;
}

export interface ParseOptions {
  limits?: Partial<ImportLimits>;
}

export type ParseItem = { record: StatementRecord } | { rowError: RowError };

export interface ParseSummary {
  template: string;
  version: string;
  /** Where the header was found: a CSV's delimiter and encoding, or a spreadsheet's sheet. */
  source:
    | { kind: 'text'; delimiter: Delimiter; encoding: TextEncoding }
    | { kind: 'spreadsheet'; sheet: string };
  headerRow: number;
  /** Rows after the header, blank and total rows included. */
  rowsRead: number;
  records: number;
  rowsWithErrors: number;
  errors: number;
  blankRows: number;
  /** Row numbers of the total/footer rows that were dropped. */
  totalRows: number[];
  /** Amounts with more than 12 decimals, rounded half to even. */
  roundedAmounts: number;
  /** Exact sums of the records' revenue per currency (null: the statement names none). */
  revenueTotals: { currency: string | null; revenue: string; records: number }[];
}

/** How far past `skipRows` a header is looked for. */
const HEADER_SEARCH_ROWS = 20;
const SAMPLE_CHARS = 256 * 1024;
/** Text parsed at a time by `parseStatementInBatches`. */
const BATCH_CHARS = 64 * 1024;

interface RowSource {
  header: HeaderMatch;
  headerRow: number;
  headerWidth: number;
  rows: AsyncIterable<CsvRow[]>;
  summarySource: () => ParseSummary['source'];
  spreadsheet: boolean;
}

/**
 * Reads a statement through a template: records and row errors in file order, then the summary
 * as the generator's return value. A FileFormatError (wrong layout) or UnreadableFileError
 * (damaged, hostile or unsupported file) is thrown before any record when the header cannot be
 * found, and mid-way when the file turns out to be damaged later: the caller imports nothing
 * unless the generator completed with zero errors.
 */
export async function* parseStatement(
  input: StatementInput,
  template: DistributorTemplate,
  options: ParseOptions = {},
): AsyncGenerator<ParseItem, ParseSummary> {
  // Whole chunks: an error in a chunk comes before any item of it, as a preview relies on.
  const batches = readInBatches(input, template, options, Infinity);
  try {
    for (;;) {
      const next = await batches.next();
      if (next.done) return next.value;
      yield* next.value;
    }
  } finally {
    // A caller that stops early closes the reader too (a spreadsheet's worker, a decompressor).
    await (batches as AsyncGenerator<ParseItem[], unknown>).return(undefined);
  }
}

/**
 * The items of `parseStatement` in batches, for a caller that handles millions of rows: it
 * awaits once per batch instead of once per row, and text is parsed `BATCH_CHARS` at a time, so
 * a batch's rows die young instead of being promoted by the collector (a megabyte of rows at a
 * time made collecting a third of the work). An error mid-way may come after items of the chunk
 * it is in: the caller keeps nothing of a file that did not complete anyway.
 */
export function parseStatementInBatches(
  input: StatementInput,
  template: DistributorTemplate,
  options: ParseOptions = {},
): AsyncGenerator<ParseItem[], ParseSummary> {
  return readInBatches(input, template, options, BATCH_CHARS);
}

async function* readInBatches(
  input: StatementInput,
  template: DistributorTemplate,
  options: ParseOptions,
  sliceChars: number,
): AsyncGenerator<ParseItem[], ParseSummary> {
  const limits = withLimits(options.limits);
  const type = fileTypeOf(input.fileName);
  const source =
    type.kind === 'text'
      ? await openText(
          decompressedBytes(type.compression, input.bytes, limits),
          template,
          limits,
          sliceChars,
        )
      : await openSpreadsheet(readSpreadsheet(input.bytes, type.format, limits), template);
  const mapRow = compileRowMapper(source.header, source.headerWidth, {
    spreadsheet: source.spreadsheet,
  });
  const totals = new Map<string | null, { scaled: bigint; records: number }>();
  const summary: ParseSummary = {
    template: template.name,
    version: source.header.version.name,
    source: source.summarySource(),
    headerRow: source.headerRow,
    rowsRead: 0,
    records: 0,
    rowsWithErrors: 0,
    errors: 0,
    blankRows: 0,
    totalRows: [],
    roundedAmounts: 0,
    revenueTotals: [],
  };
  for await (const batch of source.rows) {
    const items: ParseItem[] = [];
    for (const { row, cells } of batch) {
      summary.rowsRead++;
      const mapped = mapRow(cells, row);
      switch (mapped.kind) {
        case 'blank':
          summary.blankRows++;
          break;
        case 'total':
          summary.totalRows.push(row);
          break;
        case 'errors':
          summary.rowsWithErrors++;
          summary.errors += mapped.errors.length;
          for (const rowError of mapped.errors) items.push({ rowError });
          break;
        case 'record': {
          const { record } = mapped;
          summary.records++;
          if (mapped.roundedAmount) summary.roundedAmounts++;
          const total = totals.get(record.currency) ?? { scaled: 0n, records: 0 };
          total.scaled += toScaled(record.revenue);
          total.records++;
          totals.set(record.currency, total);
          items.push({ record });
        }
      }
    }
    if (items.length > 0) yield items;
  }
  summary.source = source.summarySource();
  summary.revenueTotals = [...totals].map(([currency, total]) => ({
    currency,
    revenue: fromScaled(total.scaled),
    records: total.records,
  }));
  return summary;
}

/** Runs a parse to its end, handing each item to `visit`; resolves to the summary. */
export async function parseStatementToEnd(
  input: StatementInput,
  template: DistributorTemplate,
  visit: (item: ParseItem) => void,
  options: ParseOptions = {},
): Promise<ParseSummary> {
  const parse = parseStatement(input, template, options);
  for (;;) {
    const next = await parse.next();
    if (next.done) return next.value;
    visit(next.value);
  }
}

/** Rows of text, in a batch per chunk of the text, or per `sliceChars` of a longer chunk. */
async function openText(
  bytes: AsyncIterable<Buffer>,
  template: DistributorTemplate,
  limits: ImportLimits,
  sliceChars: number,
): Promise<RowSource> {
  // The version is known only after decoding, so a hint counts when every version agrees on it.
  const [first, ...others] = template.versions.map((v) => v.encoding);
  const hint = first && others.every((encoding) => encoding === first) ? first : undefined;
  const decoded = decodeText(bytes, hint ? { hint } : {});
  const text = decoded.chunks;
  const searchRows = maxSearchRow(template.versions);
  let sample = '';
  let done = false;
  // Enough text for the header search: the rows it looks at, or a row long enough to be refused.
  while (sample.length < limits.maxRowChars + SAMPLE_CHARS) {
    if (sample.length >= SAMPLE_CHARS && countLines(sample) > searchRows) break;
    const next = await text.next();
    if (next.done) {
      done = true;
      break;
    }
    sample += next.value;
  }
  const found = findTextHeader(sample, done, template, limits);
  const parser = new CsvParser(found.delimiter, limits);
  /** A chunk's rows, a batch per slice of it; the text's last chunk ends the parse. */
  function* parsed(chunk: string, last: boolean): Generator<CsvRow[]> {
    let at = 0;
    do {
      const batch: CsvRow[] = [];
      const end = at + sliceChars;
      parser.push(at === 0 && end >= chunk.length ? chunk : chunk.slice(at, end), batch);
      if (last && end >= chunk.length) parser.end(batch);
      yield batch;
      at = end;
    } while (at < chunk.length);
  }
  async function* rows(): AsyncGenerator<CsvRow[]> {
    const first = sample;
    sample = '';
    for (const batch of parsed(first, done)) {
      yield batch.filter((row) => row.row > found.headerRow);
    }
    while (!done) {
      const next = await text.next();
      if (next.done) {
        done = true;
        const batch: CsvRow[] = [];
        parser.end(batch);
        yield batch;
      } else {
        yield* parsed(next.value, false);
      }
    }
  }
  return {
    header: found.header,
    headerRow: found.headerRow,
    headerWidth: found.headerWidth,
    rows: rows(),
    spreadsheet: false,
    summarySource: () => ({
      kind: 'text',
      delimiter: found.delimiter,
      encoding: decoded.encoding(),
    }),
  };
}

function findTextHeader(
  sample: string,
  done: boolean,
  template: DistributorTemplate,
  limits: ImportLimits,
): { header: HeaderMatch; headerRow: number; headerWidth: number; delimiter: Delimiter } {
  const firstLine = sample.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const candidates = new Set<Delimiter>([
    ...template.versions.flatMap((v) => (v.delimiter ? [v.delimiter] : [])),
    detectDelimiter(firstLine),
    ...DELIMITERS,
  ]);
  let firstFailure: Error | null = null;
  const searchRows = maxSearchRow(template.versions);
  for (const delimiter of candidates) {
    const rows: CsvRow[] = [];
    try {
      const parser = new CsvParser(delimiter, limits);
      parser.push(sample, rows);
      if (done) parser.end(rows);
    } catch (error) {
      firstFailure ??= error instanceof Error ? error : new Error(String(error));
    }
    for (const { row, cells } of rows) {
      if (row > searchRows) break;
      const versions = template.versions.filter(
        (v) => (v.delimiter ?? delimiter) === delimiter && row > (v.skipRows ?? 0),
      );
      const header = pickVersion(versions, cells);
      if (header) return { header, headerRow: row, headerWidth: cells.length, delimiter };
    }
  }
  if (firstFailure) throw firstFailure;
  throw new FileFormatError(expectedLayouts(template), foundHeader(firstRowOf(sample)));
}

function firstRowOf(sample: string): string[] {
  const line = sample.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  const rows: CsvRow[] = [];
  try {
    const parser = new CsvParser(detectDelimiter(line));
    parser.push(line.slice(0, 4096), rows);
    parser.end(rows);
  } catch {
    return [line.slice(0, 200)];
  }
  return rows[0]?.cells ?? [];
}

async function openSpreadsheet(
  events: AsyncGenerator<SheetEvent>,
  template: DistributorTemplate,
): Promise<RowSource> {
  const searchRows = maxSearchRow(template.versions);
  let firstRow: string[] | null = null;
  let sheet = '';
  let seen: CsvRow[] = [];
  for (;;) {
    const next = await events.next();
    if (next.done) break;
    const event = next.value;
    if (event.type === 'sheet') {
      sheet = event.name;
      seen = [];
      continue;
    }
    if (seen.length >= searchRows) continue;
    seen.push(...event.rows.slice(0, searchRows - seen.length));
    for (const { row, cells } of seen) {
      if (firstRow === null && cells.some((cell) => cell.trim() !== '')) firstRow = cells;
      const versions = template.versions.filter((v) => row > (v.skipRows ?? 0));
      const header = row <= searchRows ? pickVersion(versions, cells) : null;
      if (!header) continue;
      const headerRow = row;
      const firstBatch = event.rows.filter((r) => r.row > headerRow);
      const sheetName = sheet;
      async function* rows(): AsyncGenerator<CsvRow[]> {
        try {
          yield firstBatch;
          for (;;) {
            const more = await events.next();
            if (more.done || more.value.type === 'sheet') break;
            yield more.value.rows;
          }
        } finally {
          // Also when the reader stops early (a preview): the workbook's thread ends now.
          await events.return(undefined);
        }
      }
      return {
        header,
        headerRow,
        headerWidth: trimmedWidth(cells),
        rows: rows(),
        spreadsheet: true,
        summarySource: () => ({ kind: 'spreadsheet', sheet: sheetName }),
      };
    }
  }
  throw new FileFormatError(expectedLayouts(template), foundHeader(firstRow ?? []));
}

/** A sheet's rows span its used range; empty cells right of the header are not columns. */
function trimmedWidth(cells: readonly string[]): number {
  let width = cells.length;
  while (width > 0 && (cells[width - 1] ?? '').trim() === '') width--;
  return width;
}

function maxSearchRow(versions: readonly LayoutVersion[]): number {
  return Math.max(...versions.map((v) => v.skipRows ?? 0)) + HEADER_SEARCH_ROWS;
}

function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

function expectedLayouts(template: DistributorTemplate): string {
  const layouts = template.versions.map(
    (v) =>
      `${template.versions.length > 1 ? `'${v.name}' ` : ''}(header with ${listNames(v.headers, 6)})`,
  );
  return `the ${template.name} layout ${layouts.join(' or ')}`;
}

function foundHeader(cells: readonly string[]): string {
  const names = cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
  if (names.length === 0) return 'no header row';
  return `a header with ${listNames(names, 8)}`;
}

function listNames(names: readonly string[], max: number): string {
  const shown = names
    .slice(0, max)
    .map((name) => `'${name.length > 40 ? `${name.slice(0, 40)}…` : name}'`);
  return shown.join(', ') + (names.length > max ? '…' : '');
}
