import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The server's word for a file with nothing in it (server/import/rowSource.ts). */
const EMPTY_FILE_TEXT = 'The file is empty: it holds no header and no rows.';

/** SPEC section 8's text, as the server sends it in English. */
export const NO_UPLOADABLE_DISTRIBUTOR_TEXT =
  'No distributor supports upload: configure one before importing statements.';

/** server/statements/uploadRequest.ts: an admin's upload names no label account. */
const CHOOSE_LABEL_ACCOUNT_TEXT = 'Choose the label account this statement belongs to.';

// The server's refusals of a file's amounts, as it writes them (server/import/types.ts).
const AMBIGUOUS_AMOUNTS =
  /^The amounts in column '(.*)' could be read two ways \(e\.g\. '(.*)'\): set the decimal separator in this distributor's layout\.$/;
const TOO_MANY_FILES = /^At most (\d+) files can be uploaded in one request/;
const MIXED_SEPARATORS =
  /^The amounts in column '(.*)' are written with two different decimal separators \('(.*)' and '(.*)'\): correct the file, or set the decimal separator in this distributor's layout\.$/;

// The import's limits and refusals as the server names them (server/import/byteGuard.ts, spreadsheet.ts,
// decompress.ts): each with the limit it went past.
const LIMITS: { pattern: RegExp; text: (t: TFunction, match: RegExpExecArray) => string }[] = [
  {
    pattern: /^The file expands to more than (\d+) MB when uncompressed$/,
    text: (t, m) => t('import.errors.expands-too-far', { megabytes: Number(m[1]) }),
  },
  {
    pattern: /^The file expands more than (\d+) times when uncompressed; it looks like a zip bomb$/,
    text: (t, m) => t('import.errors.expands-ratio', { ratio: Number(m[1]) }),
  },
  {
    pattern: /^Sheet '(.*)' has more than (\d+) rows; upload a larger statement as CSV$/,
    text: (t, m) => t('import.errors.sheet-too-many-rows', { sheet: m[1], rows: Number(m[2]) }),
  },
  {
    pattern:
      /^The spreadsheet has more than (\d+) cells with content; upload a larger statement as CSV$/,
    text: (t, m) => t('import.errors.spreadsheet-too-many-cells', { cells: Number(m[1]) }),
  },
  {
    pattern: /^Row (\d+) has more than (\d+) cells$/,
    text: (t, m) => t('import.errors.row-too-many-cells', { row: m[1], cells: Number(m[2]) }),
  },
  {
    pattern: /^The file holds archives more than (\d+) deep$/,
    text: (t, m) => t('import.errors.archives-too-deep', { depth: m[1] }),
  },
  {
    pattern: /^The archive holds more than (\d+) files$/,
    text: (t, m) => t('import.errors.archive-too-many-files', { files: Number(m[1]) }),
  },
  {
    pattern: /^Reading the spreadsheet took longer than (\d+) s$/,
    text: (t, m) => t('import.errors.spreadsheet-too-slow', { seconds: m[1] }),
  },
  {
    pattern: /^The spreadsheet is too large to read$/,
    text: (t) => t('import.errors.spreadsheet-out-of-memory'),
  },
  {
    pattern: /^Reading the file needed more memory than one file is given$/,
    text: (t) => t('import.errors.file-out-of-memory'),
  },
  {
    pattern: /^The (xlsx|xls|ods) spreadsheet is damaged or incomplete$/,
    text: (t, m) => t('import.errors.spreadsheet-damaged', { format: m[1]?.toUpperCase() }),
  },
];

// A file sent again (server/statements/replaceFile.ts, upload.ts): what the label can do about it.
const ALREADY_IN_STATEMENT =
  /^'(.*)' is already in the statement '(.*)' \(received (\d\d-\d\d-\d{4})\)\. To read it again, replace the file on that statement or cancel that statement first\.$/;
const ALREADY_IN_APPROVED_STATEMENT =
  /^'(.*)' is already in the statement '(.*)' \(received (\d\d-\d\d-\d{4})\), which was approved: its sales are counted there, so it cannot be read again\.$/;
const SAME_FILE_TWICE = /^'(.*)' is the same file as '(.*)'\.$/;

/** Server texts of the import flow shown in the user's language; others as the server wrote them. */
export function useImportServerText(): (text: string) => string {
  const { t } = useTranslation();
  return (text) => importServerText(t, text);
}

/** One server text of the import flow in the language of `t`. */
export function importServerText(t: TFunction, text: string): string {
  if (text === NO_UPLOADABLE_DISTRIBUTOR_TEXT) return t('import.form.no-uploadable-distributor');
  if (text === EMPTY_FILE_TEXT) return t('import.errors.empty-file');
  if (text === CHOOSE_LABEL_ACCOUNT_TEXT) return t('import.form.account-required');
  for (const [pattern, key] of [
    [ALREADY_IN_STATEMENT, 'import.duplicate.in-statement'],
    [ALREADY_IN_APPROVED_STATEMENT, 'import.duplicate.in-approved-statement'],
  ] as const) {
    const match = pattern.exec(text);
    if (match) return t(key, { file: match[1], statement: match[2], date: match[3] });
  }
  const twin = SAME_FILE_TWICE.exec(text);
  if (twin) return t('import.duplicate.same-file', { file: twin[1], twin: twin[2] });
  const tooMany = TOO_MANY_FILES.exec(text);
  if (tooMany) return t('import.errors.too-many-files', { count: Number(tooMany[1]) });
  const ambiguous = AMBIGUOUS_AMOUNTS.exec(text);
  if (ambiguous) {
    return t('import.errors.ambiguous-amounts', {
      column: ambiguous[1],
      example: ambiguous[2],
    });
  }
  for (const limit of LIMITS) {
    const match = limit.pattern.exec(text);
    if (match) return limit.text(t, match);
  }
  const mixed = MIXED_SEPARATORS.exec(text);
  if (mixed) {
    return t('import.errors.mixed-separators', {
      column: mixed[1],
      first: mixed[2],
      second: mixed[3],
    });
  }
  return text;
}
