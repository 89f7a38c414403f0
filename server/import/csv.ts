import { DEFAULT_LIMITS, type ImportLimits } from './limits';
import { UnreadableFileError } from './types';

import { DELIMITERS, type Delimiter } from '../../rules/records';

export { DELIMITERS, type Delimiter };

export interface CsvRow {
  /** 1-based record number, as a spreadsheet program numbers the rows (blank lines count). */
  row: number;
  cells: string[];
}

type CsvLimits = Pick<ImportLimits, 'maxCellChars' | 'maxRowChars' | 'maxCellsPerRow'>;

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * An RFC 4180 reader fed text in chunks of any size: quoted cells, doubled quotes, newlines
 * inside quotes, CRLF, LF or CR line ends. Leniencies, each what spreadsheet programs do: a quote
 * inside an unquoted cell is literal, and text after a closing quote is appended to the cell.
 */
export class CsvParser {
  private readonly delimiter: number;
  private cells: string[] = [];
  private field = '';
  private inQuotes = false;
  private quotePending = false;
  private afterClosingQuote = false;
  private pendingCR = false;
  private rowChars = 0;
  private rowNumber = 0;

  constructor(
    delimiter: Delimiter,
    private readonly limits: CsvLimits = DEFAULT_LIMITS,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Parses a chunk, appending every row it completes to `out`. */
  push(text: string, out: CsvRow[]): void {
    const n = text.length;
    const delimiter = this.delimiter;
    let i = 0;
    if (n === 0) return;
    if (this.pendingCR) {
      this.pendingCR = false;
      if (text.charCodeAt(0) === LF) i = 1;
    }
    while (i < n) {
      if (this.inQuotes) {
        if (this.quotePending) {
          if (text.charCodeAt(i) === QUOTE) {
            this.field += '"';
            this.quotePending = false;
            i++;
            continue;
          }
          this.inQuotes = false;
          this.quotePending = false;
          this.afterClosingQuote = true;
          continue;
        }
        const quote = text.indexOf('"', i);
        const end = quote === -1 ? n : quote;
        if (end > i) this.append(text.slice(i, end));
        if (quote === -1) break;
        this.quotePending = true;
        i = quote + 1;
        continue;
      }
      let j = i;
      let code = 0;
      while (j < n) {
        code = text.charCodeAt(j);
        if (code === delimiter || code === LF || code === CR || code === QUOTE) break;
        j++;
      }
      if (j > i) this.append(text.slice(i, j));
      if (j === n) break;
      if (code === delimiter) {
        this.endField();
        i = j + 1;
      } else if (code === QUOTE) {
        if (this.field === '' && !this.afterClosingQuote) this.inQuotes = true;
        else this.append('"');
        i = j + 1;
      } else {
        this.endField();
        this.endRow(out);
        if (code === CR) {
          if (j + 1 === n) this.pendingCR = true;
          else if (text.charCodeAt(j + 1) === LF) j++;
        }
        i = j + 1;
      }
    }
  }

  /** Completes the last row; a file may or may not end with a line break. */
  end(out: CsvRow[]): void {
    if (this.inQuotes && !this.quotePending) {
      throw new UnreadableFileError(
        'corrupt',
        `A quoted cell that starts in row ${this.rowNumber + 1} is never closed`,
      );
    }
    if (this.quotePending) this.afterClosingQuote = true;
    this.inQuotes = false;
    this.quotePending = false;
    if (this.field !== '' || this.cells.length > 0 || this.afterClosingQuote) {
      this.endField();
      this.endRow(out);
    }
  }

  private append(text: string): void {
    this.field = this.field === '' ? text : this.field + text;
    if (this.field.length > this.limits.maxCellChars) {
      throw new UnreadableFileError(
        'cell-too-large',
        `Row ${this.rowNumber + 1} has a cell longer than ${this.limits.maxCellChars} characters`,
      );
    }
    if (this.rowChars + this.field.length > this.limits.maxRowChars) {
      throw new UnreadableFileError(
        'row-too-large',
        `Row ${this.rowNumber + 1} is longer than ${this.limits.maxRowChars} characters`,
      );
    }
  }

  private endField(): void {
    if (this.cells.length >= this.limits.maxCellsPerRow) {
      throw new UnreadableFileError(
        'row-too-large',
        `Row ${this.rowNumber + 1} has more than ${this.limits.maxCellsPerRow} cells`,
      );
    }
    this.rowChars += this.field.length;
    this.cells.push(this.field);
    this.field = '';
    this.afterClosingQuote = false;
  }

  private endRow(out: CsvRow[]): void {
    this.rowNumber++;
    out.push({ row: this.rowNumber, cells: this.cells });
    this.cells = [];
    this.rowChars = 0;
  }
}

/** The delimiter that occurs most often outside quotes in a header line; ties prefer tab. */
export function detectDelimiter(line: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let inQuotes = false;
  for (const char of line) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && counts.has(char as Delimiter)) {
      counts.set(char as Delimiter, (counts.get(char as Delimiter) ?? 0) + 1);
    }
  }
  let best: Delimiter = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = counts.get(delimiter) ?? 0;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Rows of a delimited text stream. Without a delimiter, it is detected from the first line.
 * Parsing is synchronous per chunk, so rows come out in batches as each chunk completes them.
 */
export async function* readCsv(
  text: AsyncIterable<string>,
  options: { delimiter?: Delimiter; limits?: CsvLimits } = {},
): AsyncGenerator<CsvRow> {
  let parser: CsvParser | null = options.delimiter
    ? new CsvParser(options.delimiter, options.limits)
    : null;
  let head = '';
  const out: CsvRow[] = [];
  for await (const chunk of text) {
    if (!parser) {
      head += chunk;
      const lineEnd = head.search(/[\r\n]/);
      if (lineEnd === -1 && head.length < (options.limits ?? DEFAULT_LIMITS).maxRowChars) continue;
      parser = new CsvParser(
        detectDelimiter(head.slice(0, lineEnd === -1 ? undefined : lineEnd)),
        options.limits,
      );
      parser.push(head, out);
      head = '';
    } else {
      parser.push(chunk, out);
    }
    yield* out;
    out.length = 0;
  }
  parser ??= new CsvParser(detectDelimiter(head), options.limits);
  if (head) parser.push(head, out);
  parser.end(out);
  yield* out;
}
