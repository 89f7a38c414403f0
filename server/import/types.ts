import type { RecordField } from '../../rules/records';

export type {
  CodeKind,
  FormatKind,
  RecordField,
  RecordCodeKind,
  RecordKind,
  StatementRecord,
} from '../../rules/records';

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
  | 'empty'
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

/**
 * A layout that does not declare its decimal separator, and a file whose amounts do not tell it:
 * `13,389` alone may be thirteen thousand or thirteen, and money is never guessed.
 */
export class AmbiguousAmountsError extends StatementFileError {
  override name = 'AmbiguousAmountsError';

  constructor(
    readonly column: string,
    readonly examples: readonly string[],
  ) {
    super(
      examples.length > 1
        ? `The amounts in column '${column}' are written with two different decimal separators ('${examples[0]}' and '${examples[1]}'): correct the file, or set the decimal separator in this distributor's layout.`
        : `The amounts in column '${column}' could be read two ways (e.g. '${examples[0]}'): set the decimal separator in this distributor's layout.`,
    );
  }
}

/**
 * Amounts in more than one currency for one statement: a statement has one currency, and amounts
 * in different currencies are never added up as if they were equal.
 */
export class MixedCurrencyError extends StatementFileError {
  override name = 'MixedCurrencyError';

  constructor(
    readonly inFile: readonly string[],
    readonly inStatement: readonly string[],
  ) {
    const named = (codes: readonly string[]) => codes.join(' and ');
    super(
      inStatement.length > 0
        ? `This file's amounts are in ${named(inFile)}, the statement's other files in ${named(inStatement)}. A statement has one currency: upload the ${named(inFile)} amounts as a statement of their own, or give their exchange rate when uploading.`
        : `This file's amounts are in ${named(inFile)}. A statement has one currency: upload the amounts of each currency as a statement of their own, or give their exchange rate when uploading.`,
    );
  }
}
