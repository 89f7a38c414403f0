import {
  REPORT_MONTH_PATTERN,
  UPLOAD_AMOUNT_PATTERN,
  type ExchangeRate,
} from '../../api/statementUpload';

/** SPEC section 5: the upload formats (and .tsv/.txt, which the server reads as csv: Apple sends .txt). */
export const STATEMENT_FILE_PATTERN = /\.((csv|tsv|txt)(\.(zip|gz|bz2|xz))?|xls|xlsx|ods)$/i;

/** What the file picker offers; names are checked again with STATEMENT_FILE_PATTERN. */
export const STATEMENT_FILE_ACCEPT = '.xls,.xlsx,.ods,.csv,.tsv,.txt,.zip,.gz,.bz2,.xz';

export const isStatementFile = (name: string): boolean => STATEMENT_FILE_PATTERN.test(name.trim());

/** An amount as the server takes it: a positive decimal string, up to 12 decimals. */
const UPLOAD_AMOUNT = new RegExp(UPLOAD_AMOUNT_PATTERN);
const REPORT_MONTH = new RegExp(REPORT_MONTH_PATTERN);

/** Thousands separators are accepted only where they group three digits: '12,34' is refused. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/** '1,234.50 ' → '1234.50'; null when empty; undefined when not an amount. Never a JS number. */
export function expectedPaymentOf(text: string): string | null | undefined {
  const compact = text.trim().replace(/^\$\s*/, '');
  if (compact === '') return null;
  const plain =
    compact.includes(',') && GROUPED.test(compact) ? compact.replace(/,/g, '') : compact;
  return UPLOAD_AMOUNT.test(plain) ? plain : undefined;
}

/** A month input's value (`YYYY-MM`) as numbers, or null. */
export function monthOf(value: string): { year: number; month: number } | null {
  const match = REPORT_MONTH.exec(value.trim());
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** What the uploader types for a file in another currency: all three, or none. */
export interface ExchangeDraft {
  from: string;
  to: string;
  rate: string;
}

export const NO_EXCHANGE: ExchangeDraft = { from: '', to: 'USD', rate: '' };

/** The exchange rate to send: null when no currency to convert is chosen; undefined when wrong. */
export function exchangeOf(draft: ExchangeDraft): ExchangeRate | null | undefined {
  if (draft.from === '') return null;
  const rate = draft.rate.trim();
  if (draft.from === draft.to || !UPLOAD_AMOUNT.test(rate) || /^0*(\.0*)?$/.test(rate))
    return undefined;
  return { from: draft.from, to: draft.to, rate };
}

export interface ImportFormValues {
  distributor: string;
  month: string;
  expectedPayment: string;
  exchange: ExchangeDraft;
  /** The label account an admin or overseer files the statement under; '' for others. */
  accountId: string;
  /** Admins and overseers must choose the label account. */
  choosesAccount: boolean;
  files: readonly File[];
  /** The file check proposed a distributor or guessed an encoding, and nobody confirmed it. */
  previewUnconfirmed?: boolean;
}

export type ImportFormField =
  'account' | 'distributor' | 'month' | 'expectedPayment' | 'exchange' | 'files' | 'preview';

/** Which rule each field breaks; the page turns these into translated texts. */
export type ImportFormProblem =
  | 'distributor-required'
  | 'month-required'
  | 'expected-invalid'
  | 'exchange-invalid'
  | 'account-required'
  | 'files-required'
  | 'file-unsupported'
  | 'preview-unconfirmed';

export function importFormProblems(
  values: ImportFormValues,
): Partial<Record<ImportFormField, ImportFormProblem>> {
  const problems: Partial<Record<ImportFormField, ImportFormProblem>> = {};
  // The funds check (SPEC section 5) is asked where the funds are checked: the statement page.
  if (values.choosesAccount && !values.accountId) problems.account = 'account-required';
  if (!values.distributor) problems.distributor = 'distributor-required';
  if (!monthOf(values.month)) problems.month = 'month-required';
  if (expectedPaymentOf(values.expectedPayment) === undefined)
    problems.expectedPayment = 'expected-invalid';
  if (exchangeOf(values.exchange) === undefined) problems.exchange = 'exchange-invalid';
  if (values.files.length === 0) problems.files = 'files-required';
  else if (values.files.some((file) => !isStatementFile(file.name)))
    problems.files = 'file-unsupported';
  if (values.previewUnconfirmed) problems.preview = 'preview-unconfirmed';
  return problems;
}

/** The path that adds a missing code to a product, prefilled. */
export const addCodePath = (code: string, kind: string): string =>
  `/products/add?${new URLSearchParams({ code, kind }).toString()}`;
