import type { CsvRow, Delimiter } from './csv';
import type { TextEncoding } from './decode';
import type { HeaderMatch } from './header';
import type { DistributorTemplate, LayoutVersion } from '../../rules/templateSchema';
import { FileFormatError } from './types';

/** Where the header was found: a CSV's delimiter and encoding, or a spreadsheet's sheet. */
export type SourceSummary =
  | {
      kind: 'text';
      delimiter: Delimiter;
      encoding: TextEncoding;
      /** Present (false) when the detector was not sure and nobody confirmed the encoding. */
      encodingSure?: false;
      /** Bytes of a UTF-8 file that were not UTF-8, read as windows-1252. */
      strayBytes?: number;
    }
  | { kind: 'spreadsheet'; sheet: string };

/** A file opened at its header: the rows after it, in batches, whatever the file's format. */
export interface RowSource {
  header: HeaderMatch;
  headerRow: number;
  headerWidth: number;
  rows: AsyncIterable<CsvRow[]>;
  summarySource: () => SourceSummary;
  spreadsheet: boolean;
}

/** How far past `skipRows` a header is looked for. */
export const HEADER_SEARCH_ROWS = 20;

/** The last row a header may be on for any of the versions. */
export function maxSearchRow(versions: readonly LayoutVersion[]): number {
  return Math.max(...versions.map((v) => v.skipRows ?? 0)) + HEADER_SEARCH_ROWS;
}

/** A file with nothing in it, or only blank lines: no layout is wrong, there is nothing to read. */
export const EMPTY_FILE = 'The file is empty: it holds no header and no rows.';

/** The wrong-layout error: what the template expects and what the file's first row holds. */
export function headerNotFound(
  template: DistributorTemplate,
  firstRow: readonly string[],
): FileFormatError {
  return new FileFormatError(expectedLayouts(template), foundHeader(firstRow));
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
