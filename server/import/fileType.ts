import { UnreadableFileError } from './types';

export type Compression = 'none' | 'zip' | 'gzip' | 'bzip2' | 'xz';
export const SPREADSHEET_FORMATS = ['xls', 'xlsx', 'ods'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];
export type FileType =
  { kind: 'text'; compression: Compression } | { kind: 'spreadsheet'; format: SpreadsheetFormat };

const compressionBySuffix: Record<string, Compression> = {
  '': 'none',
  '.zip': 'zip',
  '.gz': 'gzip',
  '.bz2': 'bzip2',
  '.xz': 'xz',
};

// .tsv and .txt are read like .csv: Apple and others send tab-separated .txt files.
const TEXT_FILE = /\.(csv|tsv|txt)(\.zip|\.gz|\.bz2|\.xz)?$/;
const SPREADSHEET_FILE = new RegExp(`\\.(${SPREADSHEET_FORMATS.join('|')})$`);

export const SUPPORTED_TYPES = 'xls, xlsx, ods, csv, csv.zip, csv.gz, csv.bz2 or csv.xz';

/** Decides how to read a file from its name; the content is checked by the reader it picks. */
export function fileTypeOf(fileName: string): FileType {
  const lower = fileName.trim().toLowerCase();
  const spreadsheet = SPREADSHEET_FILE.exec(lower);
  if (spreadsheet) return { kind: 'spreadsheet', format: spreadsheet[1] as SpreadsheetFormat };
  const text = TEXT_FILE.exec(lower);
  if (text) return { kind: 'text', compression: compressionBySuffix[text[2] ?? ''] ?? 'none' };
  throw new UnreadableFileError(
    'unsupported-type',
    `The file '${fileName}' is not a supported type: upload ${SUPPORTED_TYPES}`,
  );
}
