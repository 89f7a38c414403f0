import {
  DELIMITERS,
  FORMAT_KINDS,
  RECORD_CODE_KINDS,
  type RecordCodeKind,
  type Delimiter,
  type FormatKind,
  type RecordKind,
} from './records';
import { isTextEncoding, TEXT_ENCODINGS, type TextEncoding } from './encodings';

/**
 * How to read one distributor's statements. Plain JSON-able data, so an overseer can create and
 * edit templates; `validateTemplate` checks one before it is used or saved.
 */
export interface DistributorTemplate {
  name: string;
  /** Every layout the distributor has used; the header found in a file picks one. */
  versions: LayoutVersion[];
}

export interface LayoutVersion {
  name: string;
  /**
   * Header names that identify this layout: all must be in the header row (case, surrounding
   * space and repeated spaces ignored). '{currency}' stands for a 3-letter currency code, as in
   * 'Earnings ({currency})'.
   */
  headers: string[];
  /** Absent: detected from the header line among tab, comma and semicolon. */
  delimiter?: Delimiter;
  /**
   * The encoding this layout's files are in: authoritative (only a byte order mark overrides it).
   * Absent: detected from the bytes.
   */
  encoding?: TextEncoding;
  /** Rows before the header (a title, a report period); the header is searched from here on. */
  skipRows?: number;
  /** Rows dropped after the header: the first non-empty cell starts with one of these, and no code. */
  totalRows?: { startsWith: string[] };
  /** '1.234,56' instead of '1,234.56'. */
  decimalComma?: boolean;
  /** How 'NN/NN/YYYY' dates are read; month first unless said. */
  dateOrder?: 'mdy' | 'dmy';
  /**
   * Rows that are not sales (Bandcamp's payouts): the first listed column whose value is one of
   * `values` (case and surrounding spaces ignored) marks the row. Such a row is no record and no
   * error: it is counted and its row number reported (`summary.nonSalesRows`), its amount never
   * read as revenue.
   */
  nonSales?: { columns: string[]; values: string[] };
  fields: FieldMapping;
}

export interface FieldMapping {
  /**
   * Tried in order: the first non-empty one is the record's code. Kind `title` reads a product
   * title, matched to the catalog when the statement is read, for layouts without a code column.
   */
  codes: { column: string; kind: RecordCodeKind }[];
  title?: FieldSource;
  artist?: FieldSource;
  service?: FieldSource;
  format?: FieldSource;
  territory?: FieldSource;
  date?: FieldSource;
  units: AmountSource;
  revenue: AmountSource;
  /** The revenue column is a price per unit: revenue = units × that amount. */
  revenuePerUnit?: boolean;
  /** A column that makes a row's revenue and units negative (a refund, a void, a debit). */
  sign?: SignSource;
  kind?: KindSource;
  currency?: CurrencySource;
  /** How `format` is classified; absent: by keyword in the format text (`formatKindByKeyword`). */
  formatKind?: FormatKindSource;
}

/** The record fields a column or a constant can fill, in the order the editor shows them. */
export const SOURCE_FIELDS = [
  'title',
  'artist',
  'service',
  'format',
  'territory',
  'date',
  'units',
  'revenue',
] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];

/**
 * A value read from the first listed column that is present and non-empty in the row
 * (alternative header names and fallbacks alike), else `default`; or a constant.
 */
export type FieldSource = { columns: string[]; default?: string } | { constant: string };

/** The fields a sum of columns can fill: numbers, never texts. */
export const SUM_FIELDS = ['units', 'revenue'] as const;

/**
 * Several columns read as numbers, added and subtracted (a label's share split over two columns,
 * a gross amount less a fee column). Every column must be among the identifying headers, so a
 * renamed column is a layout that does not match rather than an amount silently read as 0.
 * A blank cell counts as 0 while another added column of the row holds a number; a row whose
 * added columns are all blank has its amount missing, and a cell that is no number is the row's
 * error naming the column.
 */
export interface SumSource {
  add: string[];
  subtract?: string[];
}

/** Units and revenue: as any field, or a sum of columns. */
export type AmountSource = FieldSource | SumSource;

/**
 * The first listed column present and non-empty in the row whose value is one of `negativeWhen`
 * (case and surrounding spaces ignored) makes the row's revenue and units negative, whatever
 * sign they are written with (a refund written '-1.50' or '1.50' is -1.50); other values leave
 * them as written.
 */
export interface SignSource {
  columns: string[];
  negativeWhen: string[];
}

/** mechanical when the column's value is one of `mechanicalWhen` (case-insensitive), else sale. */
export type KindSource = { constant: RecordKind } | { columns: string[]; mechanicalWhen: string[] };

/**
 * A constant, or a rule: the first listed column whose value (case-insensitive) is in one of the
 * lists gives the kind; no match gives `otherwise`, or without it the keyword classification.
 */
export type FormatKindSource =
  | { constant: FormatKind }
  | ({ columns: string[]; otherwise?: FormatKind } & Partial<Record<FormatKind, string[]>>);

/** As a field, or the code matched by '{currency}' in the header. */
export type CurrencySource = FieldSource | { fromHeader: true };

export const DEFAULT_TOTAL_PREFIXES = ['total', 'totals', 'grand total', 'subtotal', 'sub-total'];

/** Every problem with a template, as sentences; empty when it can be used. */
export function templateProblems(template: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(template)) return ['A template must be an object'];
  if (!isText(template.name)) problems.push('The template needs a name');
  if (!Array.isArray(template.versions) || template.versions.length === 0) {
    problems.push('The template needs at least one layout version');
    return problems;
  }
  (template.versions as unknown[]).forEach((version, index) =>
    problems.push(...versionProblems(version).map((p) => `Version ${index + 1}: ${p}`)),
  );
  return problems;
}

export function validateTemplate(template: unknown): DistributorTemplate {
  const problems = templateProblems(template);
  if (problems.length > 0) throw new Error(`Invalid template: ${problems.join('; ')}`);
  return template as DistributorTemplate;
}

function versionProblems(version: unknown): string[] {
  if (!isObject(version)) return ['must be an object'];
  const problems: string[] = [];
  if (!isText(version.name)) problems.push('needs a name');
  const headers = version.headers;
  if (!Array.isArray(headers) || headers.length === 0 || !headers.every(isText)) {
    problems.push('needs the header names that identify it');
  }
  if (version.delimiter !== undefined && !DELIMITERS.includes(version.delimiter as Delimiter)) {
    problems.push('delimiter must be tab, comma or semicolon');
  }
  if (version.encoding !== undefined && !isTextEncoding(version.encoding)) {
    problems.push(`encoding must be one of ${TEXT_ENCODINGS.join(', ')}`);
  }
  if (
    version.skipRows !== undefined &&
    !(
      Number.isInteger(version.skipRows) &&
      (version.skipRows as number) >= 0 &&
      (version.skipRows as number) <= 100
    )
  ) {
    problems.push('skipRows must be a whole number from 0 to 100');
  }
  if (
    version.totalRows !== undefined &&
    !(isObject(version.totalRows) && isTextList(version.totalRows.startsWith))
  ) {
    problems.push('totalRows.startsWith must be a list of texts');
  }
  if (version.decimalComma !== undefined && typeof version.decimalComma !== 'boolean') {
    problems.push('decimalComma must be true or false');
  }
  if (
    version.dateOrder !== undefined &&
    version.dateOrder !== 'mdy' &&
    version.dateOrder !== 'dmy'
  ) {
    problems.push("dateOrder must be 'mdy' or 'dmy'");
  }
  if (
    version.nonSales !== undefined &&
    !(
      isObject(version.nonSales) &&
      isTextList(version.nonSales.columns) &&
      isTextList(version.nonSales.values)
    )
  ) {
    problems.push('nonSales must be { columns: [...], values: [...] }');
  }
  if (!isObject(version.fields)) return [...problems, 'needs a field mapping'];
  const known = Array.isArray(headers) ? headers.filter(isText).map(headerKey) : [];
  problems.push(...fieldProblems(version.fields, new Set(known)));
  return problems;
}

function fieldProblems(fields: Record<string, unknown>, headers: Set<string>): string[] {
  const problems: string[] = [];
  const codes = fields.codes;
  if (!Array.isArray(codes) || codes.length === 0) {
    problems.push('fields.codes needs at least one code column');
  } else {
    for (const code of codes as unknown[]) {
      if (
        !isObject(code) ||
        !isText(code.column) ||
        !RECORD_CODE_KINDS.includes(code.kind as RecordCodeKind)
      ) {
        problems.push(
          "each code column needs a column and a kind ('isrc', 'upc', 'custom' or 'title')",
        );
      }
    }
    if (
      !(codes as { column?: unknown }[]).some(
        (c) => isText(c.column) && headers.has(headerKey(c.column)),
      )
    ) {
      problems.push('at least one code column must be among the identifying headers');
    }
  }
  for (const name of SOURCE_FIELDS) {
    const source = fields[name];
    if (source === undefined) {
      if (name === 'units' || name === 'revenue') problems.push(`fields.${name} is required`);
      continue;
    }
    if (isObject(source) && ('add' in source || 'subtract' in source)) {
      problems.push(...sumProblems(name, source, headers));
    } else if (!isFieldSource(source)) {
      problems.push(`fields.${name} must be { columns: [...] } or { constant: '...' }`);
    } else if (
      (name === 'units' || name === 'revenue') &&
      'columns' in source &&
      source.default === undefined &&
      !source.columns.some((c) => headers.has(headerKey(c)))
    ) {
      problems.push(`fields.${name} must read a column among the identifying headers`);
    }
  }
  const kind = fields.kind;
  if (kind !== undefined) {
    const constantOk =
      isObject(kind) && (kind.constant === 'sale' || kind.constant === 'mechanical');
    const ruleOk = isObject(kind) && isTextList(kind.columns) && isTextList(kind.mechanicalWhen);
    if (!constantOk && !ruleOk)
      problems.push("fields.kind must be a constant 'sale'/'mechanical' or a column rule");
  }
  const currency = fields.currency;
  if (
    currency !== undefined &&
    !(isObject(currency) && currency.fromHeader === true) &&
    !isFieldSource(currency)
  ) {
    problems.push('fields.currency must be a field source or { fromHeader: true }');
  }
  if (fields.formatKind !== undefined) problems.push(...formatKindProblems(fields.formatKind));
  if (fields.revenuePerUnit !== undefined && typeof fields.revenuePerUnit !== 'boolean') {
    problems.push('fields.revenuePerUnit must be true or false');
  }
  if (fields.sign !== undefined) problems.push(...signProblems(fields.sign, headers));
  return problems;
}

function sumProblems(
  name: SourceField,
  source: Record<string, unknown>,
  headers: Set<string>,
): string[] {
  if (!(SUM_FIELDS as readonly string[]).includes(name)) {
    return [`fields.${name} cannot add or subtract columns: only units and revenue can`];
  }
  if (!isTextList(source.add) || (source.subtract !== undefined && !isTextList(source.subtract))) {
    return [
      `fields.${name} must be { add: [...], subtract: [...] } with at least one column to add`,
    ];
  }
  const problems: string[] = [];
  const listed = [...source.add, ...(source.subtract ?? [])];
  const seen = new Set<string>();
  for (const column of listed) {
    const key = headerKey(column);
    if (seen.has(key)) problems.push(`fields.${name} lists column '${column}' twice`);
    seen.add(key);
    if (!headers.has(key)) {
      problems.push(
        `fields.${name} reads column '${column}', which must be among the identifying headers`,
      );
    }
  }
  return problems;
}

function signProblems(sign: unknown, headers: Set<string>): string[] {
  if (!isObject(sign) || !isTextList(sign.columns) || !isTextList(sign.negativeWhen)) {
    return ['fields.sign must be { columns: [...], negativeWhen: [...] }'];
  }
  return sign.columns.some((column) => headers.has(headerKey(column)))
    ? []
    : ['fields.sign must read a column among the identifying headers'];
}

function formatKindProblems(source: unknown): string[] {
  const kinds = FORMAT_KINDS.join(', ');
  const isKind = (value: unknown) => FORMAT_KINDS.includes(value as FormatKind);
  if (isObject(source) && 'constant' in source) {
    return isKind(source.constant) ? [] : [`fields.formatKind.constant must be one of ${kinds}`];
  }
  if (!isObject(source) || !isTextList(source.columns)) {
    return ['fields.formatKind must be { constant } or { columns: [...], <kind>: [values] }'];
  }
  const problems: string[] = [];
  for (const kind of FORMAT_KINDS) {
    if (source[kind] !== undefined && !isTextList(source[kind])) {
      problems.push(`fields.formatKind.${kind} must be a list of values`);
    }
  }
  if (source.otherwise !== undefined && !isKind(source.otherwise)) {
    problems.push(`fields.formatKind.otherwise must be one of ${kinds}`);
  }
  return problems;
}

/** How header names are compared: case, BOM, surrounding and repeated spaces ignored. */
export function headerKey(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

function isFieldSource(value: unknown): value is FieldSource {
  if (!isObject(value)) return false;
  if ('constant' in value) return typeof value.constant === 'string';
  return (
    isTextList(value.columns) && (value.default === undefined || typeof value.default === 'string')
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every(isText);
}
