import type { ErrorObject } from 'ajv';
import { UPLOAD_AMOUNT_PATTERN, UploadRequest, type ExchangeRate } from '../../api/statementUpload';
import { TEXT_ENCODINGS } from '../../rules/encodings';
import { BadRequestError } from '../errors';
import { validatorCompiler } from '../validation';
import { NOT_READABLE, UNSTORABLE_TEXT } from '../validationTexts';

/** An admin or overseer files a statement under a label account, never the portal's own. */
export const CHOOSE_LABEL_ACCOUNT = 'Choose the label account this statement belongs to.';
export const UNKNOWN_ENCODING = `An encoding must be one of ${TEXT_ENCODINGS.join(', ')}.`;
export const EXCHANGE_CURRENCIES =
  'An exchange rate converts one currency into another: name two different currencies.';
export const EXCHANGE_RATE =
  'An exchange rate must be a number above zero, with at most 12 decimals (e.g. 1.0832).';

/** The upload request as the route reads it: `cashless` is false when left out. */
export type UploadBody = Required<Omit<UploadRequest, 'accountId'>> & { accountId: string | null };

// The `body` part arrives inside a multipart form, where no route schema reaches it: it is checked
// against the same contract by the same validator as every route's JSON body.
const checkUploadRequest = validatorCompiler()({
  schema: UploadRequest,
  method: 'POST',
  url: '/api/statement/upload',
  httpPart: 'body',
}) as ((value: unknown) => value is UploadRequest) & { errors?: ErrorObject[] | null };

/** What the uploader is told of each field that breaks the contract, as the upload form says it. */
const FIELD_PROBLEMS: Record<string, string> = {
  distributor: 'Choose a distributor.',
  report_month: 'The report month must be a month (YYYY-MM).',
  expected: 'An amount must be positive.',
  cashless: NOT_READABLE,
  accountId: CHOOSE_LABEL_ACCOUNT,
  encodings: UNKNOWN_ENCODING,
  exchange: EXCHANGE_CURRENCIES,
};

/** The refusal for the first problem the validator found, naming the field. */
function problemOf(error: ErrorObject | undefined): string {
  if (!error) return 'The upload details are not valid.';
  const missing =
    error.keyword === 'required' ? (error.params as { missingProperty?: string }) : {};
  const [field = missing.missingProperty ?? '', inner = ''] = error.instancePath
    .split('/')
    .slice(1);
  if (error.keyword === 'text') return UNSTORABLE_TEXT;
  if (field === 'exchange' && inner === 'rate') return EXCHANGE_RATE;
  // A field the form does not send (`note`), or one of the wrong kind: a page older than the server.
  return FIELD_PROBLEMS[field] ?? NOT_READABLE;
}

/**
 * Reads the `body` part of an upload: JSON that the upload contract (api/statementUpload.ts)
 * accepts, or a 400 that names the field. An intake key's distributor stands in for a body that
 * names none.
 */
export function readUploadRequest(text: string, defaultDistributor: string | null): UploadBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError('The upload details are not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError('The upload details must be a JSON object.');
  }
  const body = { ...(value as Record<string, unknown>) };
  if (body.distributor === undefined && defaultDistributor !== null) {
    body.distributor = defaultDistributor;
  }
  if (!checkUploadRequest(body))
    throw new BadRequestError(problemOf(checkUploadRequest.errors?.[0]));
  return {
    distributor: body.distributor,
    report_month: body.report_month,
    expected: body.expected ?? null,
    cashless: body.cashless ?? false,
    exchange: readExchange(body.exchange ?? null),
    accountId: body.accountId ?? null,
    encodings: body.encodings ?? {},
  };
}

const RATE = new RegExp(UPLOAD_AMOUNT_PATTERN);

/** The uploader's exchange rate: two different currencies and a rate above zero. */
function readExchange(exchange: ExchangeRate | null): ExchangeRate | null {
  if (exchange === null) return null;
  if (exchange.from === exchange.to) throw new BadRequestError(EXCHANGE_CURRENCIES);
  if (!RATE.test(exchange.rate) || /^0*(\.0*)?$/.test(exchange.rate)) {
    throw new BadRequestError(EXCHANGE_RATE);
  }
  return exchange;
}
