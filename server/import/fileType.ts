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
// An archive named for itself alone (statement.zip): what it holds is read from its content.
const ARCHIVE_FILE = /(\.zip|\.gz|\.bz2|\.xz)$/;

export const SUPPORTED_TYPES = 'xls, xlsx, ods, csv, csv.zip, csv.gz, csv.bz2 or csv.xz';

/** Bytes at the start of a file enough for `fileTypeOfContent`: a package's first parts. */
export const TYPE_SAMPLE_BYTES = 64 * 1024;

/**
 * Whether the portal reads a file of this name, and how the name says to read it; the content
 * has the last word (`fileTypeOfContent`).
 */
export function fileTypeOf(fileName: string): FileType {
  const lower = fileName.trim().toLowerCase();
  const spreadsheet = SPREADSHEET_FILE.exec(lower);
  if (spreadsheet) return { kind: 'spreadsheet', format: spreadsheet[1] as SpreadsheetFormat };
  const text = TEXT_FILE.exec(lower);
  if (text) return { kind: 'text', compression: compressionBySuffix[text[2] ?? ''] ?? 'none' };
  const archive = ARCHIVE_FILE.exec(lower);
  if (archive)
    return { kind: 'text', compression: compressionBySuffix[archive[1] ?? ''] ?? 'none' };
  throw new UnreadableFileError(
    'unsupported-type',
    `The file '${fileName}' is not a supported type: upload ${SUPPORTED_TYPES}`,
  );
}

const startsWith = (head: Buffer, signature: readonly number[]) =>
  signature.every((byte, i) => head[i] === byte);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const GZIP = [0x1f, 0x8b];
const BZIP2 = [0x42, 0x5a, 0x68];
const XZ = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** An OpenDocument package starts with its uncompressed `mimetype` part. */
const ODS_MIMETYPE = 'mimetypeapplication/vnd.oasis.opendocument.spreadsheet';
/** Parts only an Office Open XML workbook has (Excel writes `[Content_Types].xml` first). */
const XLSX_PARTS = ['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/'];

/**
 * How to read a file, decided by its first bytes (`head`, up to TYPE_SAMPLE_BYTES) where they
 * are a known signature, by its name otherwise: a bare statement.zip holding one CSV reads like
 * statement.csv.zip, a workbook is read as one whatever its name, gzip, bzip2 and xz by their
 * magic numbers. Names the portal does not read are refused by name, before any byte is read.
 */
export function fileTypeOfContent(fileName: string, head: Buffer): FileType {
  const named = fileTypeOf(fileName);
  if (startsWith(head, OLE)) return { kind: 'spreadsheet', format: 'xls' };
  if (startsWith(head, ZIP)) {
    const text = head.toString('latin1');
    if (text.includes(ODS_MIMETYPE)) return { kind: 'spreadsheet', format: 'ods' };
    if (XLSX_PARTS.some((part) => text.includes(part))) {
      return { kind: 'spreadsheet', format: 'xlsx' };
    }
    // A workbook whose first parts are not the usual ones: its name says so.
    if (named.kind === 'spreadsheet' && named.format !== 'xls') return named;
    return { kind: 'text', compression: 'zip' };
  }
  if (startsWith(head, GZIP)) return { kind: 'text', compression: 'gzip' };
  if (startsWith(head, BZIP2)) return { kind: 'text', compression: 'bzip2' };
  if (startsWith(head, XZ)) return { kind: 'text', compression: 'xz' };
  return named;
}
