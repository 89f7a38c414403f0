import { TEXT_ENCODINGS } from '../../rules/encodings';
import {
  headerKey,
  SOURCE_FIELDS,
  SUM_FIELDS,
  type AmountSource,
  type CurrencySource,
  type DistributorTemplate,
  type FieldSource,
  type FormatKindSource,
  type KindSource,
  type LayoutVersion,
  type SourceField,
} from '../../rules/templateSchema';
import { RECORD_CODE_KINDS, type RecordCodeKind } from '../../rules/records';

export type { DistributorTemplate, LayoutVersion };

export { SOURCE_FIELDS, SUM_FIELDS, type SourceField };
export const REQUIRED_FIELDS: readonly SourceField[] = ['units', 'revenue'];

/** A code column may also hold a product title (a layout without codes). */
export const CODE_KINDS = RECORD_CODE_KINDS;
export const DELIMITER_CHOICES = ['', '\t', ',', ';'] as const;
export const ENCODING_CHOICES = ['', ...TEXT_ENCODINGS] as const;
export const DATE_ORDER_CHOICES = ['', 'mdy', 'dmy'] as const;
export const DECIMAL_SEPARATOR_CHOICES = ['detect', 'point', 'comma'] as const;

/** One column of a sum, added or subtracted. */
export interface TermDraft {
  column: string;
  subtract: boolean;
}

/**
 * A field source as the form edits it: every text kept as typed, lists one entry per line.
 * `sum` (units and revenue only) reads the `terms`, each column added or subtracted.
 */
export interface SourceDraft {
  mode: 'none' | 'columns' | 'constant' | 'sum';
  columns: string;
  fallback: string;
  constant: string;
  /** The columns of a sum; absent until a sum is chosen. */
  terms?: TermDraft[];
}

/** The column whose values make a row negative; both lists empty: no such column. */
export interface SignDraft {
  columns: string;
  negativeWhen: string;
}

export interface CurrencyDraft extends Omit<SourceDraft, 'mode'> {
  mode: SourceDraft['mode'] | 'header';
}

export interface KindDraft {
  mode: 'none' | 'sale' | 'mechanical' | 'columns';
  columns: string;
  mechanicalWhen: string;
}

export interface VersionDraft {
  name: string;
  headers: string;
  delimiter: (typeof DELIMITER_CHOICES)[number];
  encoding: (typeof ENCODING_CHOICES)[number];
  skipRows: string;
  totalRows: string;
  /** The decimal separator the layout declares; `detect` decides it per file from its amounts. */
  decimalSeparator: (typeof DECIMAL_SEPARATOR_CHOICES)[number];
  dateOrder: (typeof DATE_ORDER_CHOICES)[number];
  codes: Array<{ column: string; kind: RecordCodeKind }>;
  sources: Record<SourceField, SourceDraft>;
  revenuePerUnit: boolean;
  kind: KindDraft;
  sign: SignDraft;
  currency: CurrencyDraft;
  /** Not edited by the form: kept as read so that saving does not drop the classification. */
  formatKind?: FormatKindSource;
  /** Not edited by the form either: kept so that saving does not turn payouts into sales. */
  nonSales?: LayoutVersion['nonSales'];
}

export interface TemplateDraft {
  name: string;
  versions: VersionDraft[];
}

/** One entry per non-empty line. */
export const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

const toLines = (list: readonly string[] | undefined): string => (list ?? []).join('\n');

const emptySource = (): SourceDraft => ({
  mode: 'none',
  columns: '',
  fallback: '',
  constant: '',
});

/** A sum starts as two columns, the second subtracted: a gross amount less a fee. */
export const NEW_SUM_TERMS: readonly TermDraft[] = [
  { column: '', subtract: false },
  { column: '', subtract: true },
];

export function emptyVersion(name = ''): VersionDraft {
  return {
    name,
    headers: '',
    delimiter: '',
    encoding: '',
    skipRows: '',
    totalRows: '',
    decimalSeparator: 'detect',
    dateOrder: '',
    codes: [{ column: '', kind: 'isrc' }],
    sources: Object.fromEntries(
      SOURCE_FIELDS.map((field) => [
        field,
        REQUIRED_FIELDS.includes(field) ? { ...emptySource(), mode: 'columns' } : emptySource(),
      ]),
    ) as Record<SourceField, SourceDraft>,
    revenuePerUnit: false,
    kind: { mode: 'none', columns: '', mechanicalWhen: '' },
    sign: { columns: '', negativeWhen: '' },
    currency: { ...emptySource(), mode: 'none' },
  };
}

export const emptyDraft = (name = ''): TemplateDraft => ({ name, versions: [emptyVersion()] });

function sourceDraft(source: AmountSource | undefined): SourceDraft {
  if (!source) return emptySource();
  if ('add' in source) {
    return {
      ...emptySource(),
      mode: 'sum',
      terms: [
        ...source.add.map((column) => ({ column, subtract: false })),
        ...(source.subtract ?? []).map((column) => ({ column, subtract: true })),
      ],
    };
  }
  if ('constant' in source)
    return { ...emptySource(), mode: 'constant', constant: source.constant };
  return {
    ...emptySource(),
    mode: 'columns',
    columns: toLines(source.columns),
    fallback: source.default ?? '',
  };
}

function currencyDraft(source: CurrencySource | undefined): CurrencyDraft {
  if (source && 'fromHeader' in source) return { ...emptySource(), mode: 'header' };
  return sourceDraft(source);
}

function kindDraft(source: KindSource | undefined): KindDraft {
  if (!source) return { mode: 'none', columns: '', mechanicalWhen: '' };
  if ('constant' in source) return { mode: source.constant, columns: '', mechanicalWhen: '' };
  return {
    mode: 'columns',
    columns: toLines(source.columns),
    mechanicalWhen: toLines(source.mechanicalWhen),
  };
}

export function versionDraft(version: LayoutVersion): VersionDraft {
  const { fields } = version;
  return {
    name: version.name,
    headers: toLines(version.headers),
    delimiter: version.delimiter ?? '',
    encoding: version.encoding ?? '',
    skipRows: version.skipRows === undefined ? '' : String(version.skipRows),
    totalRows: toLines(version.totalRows?.startsWith),
    decimalSeparator:
      version.decimalComma === undefined ? 'detect' : version.decimalComma ? 'comma' : 'point',
    dateOrder: version.dateOrder ?? '',
    codes: fields.codes.map((code) => ({ ...code })),
    sources: Object.fromEntries(
      SOURCE_FIELDS.map((field) => [field, sourceDraft(fields[field])]),
    ) as Record<SourceField, SourceDraft>,
    revenuePerUnit: fields.revenuePerUnit ?? false,
    kind: kindDraft(fields.kind),
    sign: {
      columns: toLines(fields.sign?.columns),
      negativeWhen: toLines(fields.sign?.negativeWhen),
    },
    currency: currencyDraft(fields.currency),
    ...(fields.formatKind ? { formatKind: fields.formatKind } : {}),
    ...(version.nonSales ? { nonSales: version.nonSales } : {}),
  };
}

export const templateDraft = (template: DistributorTemplate): TemplateDraft => ({
  name: template.name,
  versions: template.versions.map(versionDraft),
});

function fieldSource(draft: SourceDraft): AmountSource | undefined {
  if (draft.mode === 'constant') return { constant: draft.constant.trim() };
  if (draft.mode === 'sum') {
    const named = (draft.terms ?? [])
      .map((term) => ({ ...term, column: term.column.trim() }))
      .filter((term) => term.column !== '');
    const subtract = named.filter((term) => term.subtract).map((term) => term.column);
    return {
      add: named.filter((term) => !term.subtract).map((term) => term.column),
      ...(subtract.length > 0 ? { subtract } : {}),
    };
  }
  if (draft.mode === 'columns') {
    const fallback = draft.fallback.trim();
    return { columns: linesOf(draft.columns), ...(fallback ? { default: fallback } : {}) };
  }
  return undefined;
}

function currencySource(draft: CurrencyDraft): CurrencySource | undefined {
  if (draft.mode === 'header') return { fromHeader: true };
  return fieldSource({ ...draft, mode: draft.mode }) as FieldSource | undefined;
}

function signSource(draft: SignDraft): LayoutVersion['fields']['sign'] {
  const columns = linesOf(draft.columns);
  const negativeWhen = linesOf(draft.negativeWhen);
  return columns.length > 0 || negativeWhen.length > 0 ? { columns, negativeWhen } : undefined;
}

function kindSource(draft: KindDraft): KindSource | undefined {
  if (draft.mode === 'sale' || draft.mode === 'mechanical') return { constant: draft.mode };
  if (draft.mode === 'columns') {
    return { columns: linesOf(draft.columns), mechanicalWhen: linesOf(draft.mechanicalWhen) };
  }
  return undefined;
}

/** The DistributorTemplate the draft describes; optional keys left out when not set. */
export function layoutVersion(draft: VersionDraft): LayoutVersion {
  const sources = Object.fromEntries(
    SOURCE_FIELDS.flatMap((field) => {
      const source = fieldSource(draft.sources[field]);
      return source ? [[field, source]] : [];
    }),
  );
  const kind = kindSource(draft.kind);
  const sign = signSource(draft.sign);
  const currency = currencySource(draft.currency);
  const skipRows = draft.skipRows.trim();
  const totalRows = linesOf(draft.totalRows);
  return {
    name: draft.name.trim(),
    headers: linesOf(draft.headers),
    ...(draft.delimiter ? { delimiter: draft.delimiter } : {}),
    ...(draft.encoding ? { encoding: draft.encoding } : {}),
    ...(skipRows ? { skipRows: Number(skipRows) } : {}),
    ...(totalRows.length > 0 ? { totalRows: { startsWith: totalRows } } : {}),
    ...(draft.decimalSeparator === 'detect'
      ? {}
      : { decimalComma: draft.decimalSeparator === 'comma' }),
    ...(draft.dateOrder ? { dateOrder: draft.dateOrder } : {}),
    ...(draft.nonSales ? { nonSales: draft.nonSales } : {}),
    fields: {
      codes: draft.codes
        .map((code) => ({ column: code.column.trim(), kind: code.kind }))
        .filter((code) => code.column !== ''),
      ...sources,
      ...(draft.revenuePerUnit ? { revenuePerUnit: true } : {}),
      ...(kind ? { kind } : {}),
      ...(sign ? { sign } : {}),
      ...(currency ? { currency } : {}),
      ...(draft.formatKind ? { formatKind: draft.formatKind } : {}),
    } as LayoutVersion['fields'],
  };
}

export const distributorTemplate = (draft: TemplateDraft): DistributorTemplate => ({
  name: draft.name.trim(),
  versions: draft.versions.map(layoutVersion),
});

/** What the editor checks before sending; the server checks the rest and says what is wrong. */
export type DraftProblem =
  | 'template-name'
  | 'version-name'
  | 'version-headers'
  | 'version-codes'
  | 'version-skip-rows'
  | 'field-columns'
  | 'field-constant'
  | 'field-add'
  | 'sum-column-headers'
  | 'sign-columns'
  | 'sign-headers'
  | 'sign-values';

export interface DraftIssue {
  problem: DraftProblem;
  /** 1-based layout version, when the problem is in one. */
  version?: number;
  field?: SourceField;
  /** The column the problem names. */
  column?: string;
}

export function draftIssues(draft: TemplateDraft): DraftIssue[] {
  const issues: DraftIssue[] = [];
  if (!draft.name.trim()) issues.push({ problem: 'template-name' });
  draft.versions.forEach((version, index) => {
    const at = index + 1;
    if (!version.name.trim()) issues.push({ problem: 'version-name', version: at });
    if (linesOf(version.headers).length === 0)
      issues.push({ problem: 'version-headers', version: at });
    if (!version.codes.some((code) => code.column.trim()))
      issues.push({ problem: 'version-codes', version: at });
    const headers = new Set(linesOf(version.headers).map(headerKey));
    const skip = version.skipRows.trim();
    if (skip && !(/^\d+$/.test(skip) && Number(skip) <= 100))
      issues.push({ problem: 'version-skip-rows', version: at });
    for (const field of SOURCE_FIELDS) {
      const source = version.sources[field];
      const required = REQUIRED_FIELDS.includes(field);
      if (
        (source.mode === 'columns' || (required && source.mode === 'none')) &&
        linesOf(source.columns).length === 0
      )
        issues.push({ problem: 'field-columns', version: at, field });
      if (source.mode === 'constant' && !source.constant.trim())
        issues.push({ problem: 'field-constant', version: at, field });
      if (
        source.mode === 'sum' &&
        !(source.terms ?? []).some((t) => !t.subtract && t.column.trim())
      )
        issues.push({ problem: 'field-add', version: at, field });
      // A summed column the header does not require could be absent and read as 0.
      if (source.mode === 'sum') {
        for (const term of source.terms ?? []) {
          const column = term.column.trim();
          if (column && !headers.has(headerKey(column)))
            issues.push({ problem: 'sum-column-headers', version: at, field, column });
        }
      }
    }
    const sign = signSource(version.sign);
    if (sign && sign.columns.length === 0) issues.push({ problem: 'sign-columns', version: at });
    else if (sign && !sign.columns.some((column) => headers.has(headerKey(column))))
      issues.push({ problem: 'sign-headers', version: at });
    if (sign && sign.negativeWhen.length === 0)
      issues.push({ problem: 'sign-values', version: at });
  });
  return issues;
}
