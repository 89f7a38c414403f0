/** One line of revenue read from a distributor's statement. */
export interface StatementRecord {
  code: string;
  codeKind: CodeKind;
  title: string;
  artist: string;
  service: string;
  format: string;
  /** ISO 3166-1 alpha-2, or null when the statement gives none or a multi-country region. */
  territory: string | null;
  /** Whole units; negative for returns. */
  units: number;
  /** Exact decimal string (canonical: no exponent, no trailing fraction zeros, at most 12 places). */
  revenue: string;
  /** 'YYYY-MM-DD'; a month-only date is the first day of that month. */
  date: string | null;
  kind: RecordKind;
  /** ISO 4217 code, or null when the statement does not say. */
  currency: string | null;
  /** 1-based row number as a spreadsheet program shows it (header and preamble rows count). */
  row: number;
}

export type CodeKind = 'isrc' | 'upc' | 'custom';
export type RecordKind = 'sale' | 'mechanical';

export type RecordField = Exclude<keyof StatementRecord, 'row'>;

export interface RowError {
  row: number;
  field: RecordField | 'row';
  message: string;
}

/** Base class of every error that means "this file cannot be imported as a whole". */
export class StatementFileError extends Error {
  override name = 'StatementFileError';
}

/** The file was read but its header matches no layout version of the chosen template. */
export class FileFormatError extends StatementFileError {
  override name = 'FileFormatError';
  readonly title = 'File Format Error';

  constructor(
    readonly expected: string,
    readonly found: string,
  ) {
    super(`File Format Error: expected ${expected}, found ${found}`);
  }
}

export type UnreadableReason =
  | 'unsupported-type'
  | 'corrupt'
  | 'too-large'
  | 'archive-contents'
  | 'encoding'
  | 'not-text'
  | 'cell-too-large'
  | 'row-too-large';

/** The bytes cannot be read at all: damaged, hostile, too large or not the type the name says. */
export class UnreadableFileError extends StatementFileError {
  override name = 'UnreadableFileError';

  constructor(
    readonly reason: UnreadableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
