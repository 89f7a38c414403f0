import { decompressedBytes } from './decompress';
import { peekBytes } from './decode';
import { fileTypeOf, fileTypeOfContent, TYPE_SAMPLE_BYTES } from './fileType';
import { withLimits, type ImportLimits } from './limits';
import { fromScaled, toScaled } from './normalise/amount';
import type { CsvRow } from './csv';
import type { SourceSummary } from './rowSource';
import type { NumberFormat } from './normalise/number';
import { DecimalSeparatorVote } from './normalise/separator';
import { compileRowMapper, revenueCellReaders } from './rowMapper';
import { readSpreadsheet } from './spreadsheet';
import { openSpreadsheet } from './spreadsheetSource';
import type { DistributorTemplate } from '../../rules/templateSchema';
import { openText } from './textSource';
import type { TextEncoding } from '../../rules/encodings';
import { AmbiguousAmountsError, type RowError, type StatementRecord } from './types';

export interface StatementInput {
  fileName: string;
  bytes: AsyncIterable<Buffer>;
}

export interface ParseOptions {
  limits?: Partial<ImportLimits>;
  /** The encoding the uploader confirmed for text files: read in it, whatever is detected. */
  encoding?: TextEncoding;
}

export type ParseItem = { record: StatementRecord } | { rowError: RowError };

export interface ParseSummary {
  template: string;
  version: string;
  /** Where the header was found: a CSV's delimiter and encoding, or a spreadsheet's sheet. */
  source: SourceSummary;
  headerRow: number;
  /** Rows after the header, blank and total rows included. */
  rowsRead: number;
  records: number;
  rowsWithErrors: number;
  errors: number;
  blankRows: number;
  /** Row numbers of the total/footer rows that were dropped. */
  totalRows: number[];
  /** Row numbers of the rows that are not sales (the layout's `nonSales`, e.g. payouts), left out. */
  nonSalesRows: number[];
  /** Amounts with more than 12 decimals, rounded half to even. */
  roundedAmounts: number;
  /** Exact sums of the records' revenue per currency (null: the statement names none). */
  revenueTotals: { currency: string | null; revenue: string; records: number }[];
}

/** The most rows held while their amounts do not yet tell the file's decimal separator. */
const MAX_ROWS_WAITING = 20_000;

/** Text parsed at a time by `parseStatementInBatches`. */
const BATCH_CHARS = 64 * 1024;

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
  fileTypeOf(input.fileName); // a name the portal does not read is refused before any byte
  const start = await peekBytes(input.bytes, TYPE_SAMPLE_BYTES);
  const type = fileTypeOfContent(input.fileName, start.head);
  const bytes = start.all;
  const source =
    type.kind === 'text'
      ? await openText(
          decompressedBytes(type.compression, bytes, limits),
          template,
          limits,
          sliceChars,
          options.encoding ? { encoding: options.encoding } : {},
        )
      : await openSpreadsheet(readSpreadsheet(bytes, type.format, limits), template);
  const mapperFor = (numberFormat?: NumberFormat) =>
    compileRowMapper(source.header, source.headerWidth, {
      spreadsheet: source.spreadsheet,
      numberFormat,
    });
  // A layout that declares its decimal separator is read with it; otherwise the file's whole
  // revenue column decides, and rows wait (in order) while their amounts could be read two ways.
  // A revenue summed from several columns: each of them votes, and an error names the column of
  // the cell that could be read two ways or contradicted the others.
  const revenueCells =
    source.header.version.decimalComma === undefined ? revenueCellReaders(source.header) : null;
  let ambiguousColumn = revenueCells?.[0]?.column ?? '';
  const vote = new DecimalSeparatorVote();
  let mapRow = revenueCells ? null : mapperFor();
  let waiting: CsvRow[] = [];
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
    nonSalesRows: [],
    roundedAmounts: 0,
    revenueTotals: [],
  };
  const take = (items: ParseItem[], map: NonNullable<typeof mapRow>, { row, cells }: CsvRow) => {
    const mapped = map(cells, row);
    switch (mapped.kind) {
      case 'blank':
        summary.blankRows++;
        break;
      case 'total':
        summary.totalRows.push(row);
        break;
      case 'nonSales':
        summary.nonSalesRows.push(row);
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
  };
  const decide = (items: ParseItem[], numberFormat: NumberFormat) => {
    const map = mapperFor(numberFormat);
    for (const held of waiting) take(items, map, held);
    waiting = [];
    return map;
  };
  for await (const batch of source.rows) {
    const items: ParseItem[] = [];
    for (const sourceRow of batch) {
      summary.rowsRead++;
      if (revenueCells) {
        for (const cell of revenueCells) {
          const unambiguous = vote.ambiguousExample === null;
          vote.observe(cell.read(sourceRow.cells));
          const conflict = vote.conflict;
          if (conflict) {
            throw new AmbiguousAmountsError(cell.column, [conflict.point, conflict.comma]);
          }
          if (unambiguous && vote.ambiguousExample !== null) ambiguousColumn = cell.column;
        }
        if (!mapRow) {
          const decided = vote.decided;
          if (decided) mapRow = decide(items, decided);
          else if (waiting.length < MAX_ROWS_WAITING) {
            waiting.push(sourceRow);
            continue;
          } else if (vote.ambiguousExample !== null) {
            throw new AmbiguousAmountsError(ambiguousColumn, [vote.ambiguousExample]);
          }
          // Thousands of amounts without a separator read the same either way.
          else mapRow = decide(items, { decimalComma: false });
        }
      }
      take(items, mapRow ?? mapperFor(), sourceRow);
    }
    if (items.length > 0) yield items;
  }
  if (!mapRow && revenueCells) {
    const example = vote.ambiguousExample;
    if (example !== null) throw new AmbiguousAmountsError(ambiguousColumn, [example]);
    const items: ParseItem[] = [];
    decide(items, { decimalComma: false });
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
