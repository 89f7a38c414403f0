// The record of a statement as the portal reads it, and the kinds of code and record: one list
// for the importers, the distributor template editor and the API.

/** One line of revenue read from a distributor's statement. */
export interface StatementRecord {
  code: string;
  codeKind: RecordCodeKind;
  title: string;
  artist: string;
  service: string;
  /** The format or sale type as the statement writes it (`Song`, `Ad-Supported Stream`). */
  format: string;
  /** `format` classified for the engine and analytics (plays count only `stream`). */
  formatKind: FormatKind;
  /**
   * ISO 3166-1 alpha-2; or a non-country territory the statement names (rules/territories.ts:
   * worldwide, rest of the world, outside the US, Europe, unspecified); null when it gives none.
   */
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

export const CODE_KINDS = ['isrc', 'upc', 'custom'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];
export const isCodeKind = (value: string | null | undefined): value is CodeKind =>
  CODE_KINDS.includes(value as CodeKind);
/**
 * What a template's code column holds: a product code, or (`title`) the product's title, for a
 * layout without any code column (Bandcamp's export without item details). A record read with a
 * title is matched to the label's catalog when its statement is read (server/statements/
 * titleKeys.ts); one that matches no single product is a missing code like any other.
 */
export type RecordCodeKind = CodeKind | 'title';
export const RECORD_CODE_KINDS: readonly RecordCodeKind[] = [...CODE_KINDS, 'title'];
export type RecordKind = 'sale' | 'mechanical';
export type FormatKind = 'stream' | 'download' | 'physical' | 'video' | 'other';
export const FORMAT_KINDS: readonly FormatKind[] = [
  'stream',
  'download',
  'physical',
  'video',
  'other',
];

export type RecordField = Exclude<keyof StatementRecord, 'row'>;

/** Column separators a text statement may use. */
export type Delimiter = ',' | '\t' | ';';
export const DELIMITERS: readonly Delimiter[] = ['\t', ',', ';'];
