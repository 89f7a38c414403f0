import type { FastifySchemaValidationError } from 'fastify';
import type { FieldError } from './errors';
import { AMOUNT_POSITIVE, NOT_A_CURRENCY, NOT_A_VALUE } from './recoupments/validation';

// What people read when a request breaks its schema: the schema checker's own words ("body/token
// must NOT have fewer than 10 characters") name fields and rules the way code does, so they go to
// the log, and the answer says what is wrong in the texts of SPEC section 8 and the forms'.

export const FIELD_REQUIRED = 'Fill in every required field.';
export const TEXT_TOO_LONG = 'A text is longer than its field takes: shorten it and try again.';
export const UNSTORABLE_TEXT =
  'A text holds a character that cannot be saved: remove it and try again.';
export const NUMBER_OUT_OF_RANGE = 'A number is larger or smaller than its field takes.';
export const NOT_A_DATE = 'Enter a date that exists.';
/** A request no form of the portal sends (a page older than the server, a hand-made call). */
export const NOT_READABLE =
  'The portal could not read what this page sent. Reload the page and try again.';
export const INVALID_FILTERS =
  'The search or filters of this page are not valid. Change them and try again.';
export const RESOURCE_NOT_FOUND = 'The requested resource was not found.';

/** Where a request broke its schema: the part Fastify names, and what the route says of its fields. */
export interface RefusedPart {
  context: string | undefined;
  /** The request's body, to tell a negative amount from text that is no amount. */
  body: unknown;
  /** The route's own texts for its fields, by field name (`config.fieldTexts`). */
  fieldTexts: Readonly<Record<string, string>> | undefined;
}

export interface RefusalText {
  statusCode: number;
  message: string;
  /** Field by field, for the forms that show a problem beside its field (body only). */
  errors?: FieldError[];
}

/** A field whose name says what it holds is refused with what its form says of it. */
const FIELD_TEXTS: Readonly<Record<string, (value: unknown) => string>> = {
  amount: amountText,
  expected: amountText,
  currency: () => NOT_A_CURRENCY,
};

function amountText(value: unknown): string {
  return typeof value === 'string' && value.trim().startsWith('-') ? AMOUNT_POSITIVE : NOT_A_VALUE;
}

/** The user's text for the first problem the schema checker found in a part of the request. */
export function refusalText(
  problems: readonly FastifySchemaValidationError[],
  part: RefusedPart,
): RefusalText {
  const problem = problems[0];
  if (part.context === 'params') return { statusCode: 404, message: RESOURCE_NOT_FOUND };
  if (!problem) return { statusCode: 400, message: NOT_READABLE };
  const path = fieldPath(problem);
  const field = path.filter((segment) => !/^\d+$/.test(segment)).at(-1) ?? '';
  if (part.context !== 'body') {
    const message = ['maxLength', 'text'].includes(problem.keyword)
      ? keywordText(problem, undefined)
      : INVALID_FILTERS;
    return { statusCode: 400, message };
  }
  const value = valueAt(part.body, path);
  const message =
    part.fieldTexts?.[field] ?? FIELD_TEXTS[field]?.(value) ?? keywordText(problem, value);
  return {
    statusCode: 400,
    message,
    ...(path.length > 0 ? { errors: [{ path: path.join('/'), message }] } : {}),
  };
}

function keywordText(problem: FastifySchemaValidationError, value: unknown): string {
  switch (problem.keyword) {
    case 'required':
      return FIELD_REQUIRED;
    case 'minLength':
      return value === '' ? FIELD_REQUIRED : NOT_READABLE;
    case 'maxLength':
      return TEXT_TOO_LONG;
    case 'text':
      return UNSTORABLE_TEXT;
    case 'depth':
      return NOT_READABLE;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return NUMBER_OUT_OF_RANGE;
    case 'format':
      return NOT_A_DATE_FORMATS.has(String(problem.params.format)) ? NOT_A_DATE : NOT_READABLE;
    default:
      return NOT_READABLE;
  }
}

const NOT_A_DATE_FORMATS = new Set(['date', 'calendar-date', 'date-time']);

/** The field's path in the part: `["debtorIds", "0"]`, with a missing property's name last. */
function fieldPath(problem: FastifySchemaValidationError): string[] {
  const path = problem.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = (problem.params as { missingProperty?: unknown }).missingProperty;
  if (problem.keyword === 'required' && typeof missing === 'string') path.push(missing);
  return path;
}

function valueAt(data: unknown, path: readonly string[]): unknown {
  let value = data;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
