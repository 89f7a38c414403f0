import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;

/** PostgreSQL's `integer`: an integer field with no bounds of its own stays within it. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

export const NUL_CHARACTER = 'must not contain a NUL character';
export const BROKEN_TEXT = 'must be valid text (it has a lone UTF-16 surrogate)';

/**
 * Bodies are checked as sent: a number where text belongs is an error, and so is an unknown
 * field — nothing half-understood is written. Query strings and path parameters arrive as
 * text, so there numbers are read from their text. Everywhere, text that PostgreSQL cannot
 * store and integers past its `integer` are refused with the field named, never a 5xx.
 */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const { strictAjv, coercingAjv, bodies, others } = (checkers ??= makeCheckers());
  return ({ schema, httpPart, contentType }) => {
    // A multipart body streams to its route, which reads and checks each part as it comes; the
    // schema of its parts is there for the published contract.
    if (httpPart === 'body' && contentType === MULTIPART) return acceptsStream;
    const body = httpPart === 'body';
    const cache = body ? bodies : others;
    const key = schema as object;
    let validate = cache.get(key);
    if (!validate) {
      const ajv = body ? strictAjv : coercingAjv;
      validate = withStorableText(ajv.compile(boundedIntegers(schema)));
      cache.set(key, validate);
    }
    return validate;
  };
}

/**
 * One compiled check per schema and part of the request, for every app this process builds: the
 * schemas are the contract's constants, and a check is a pure function of them (the tests build
 * an app per file, several in some; each compiled all 1,649 routes' checks again).
 */
let checkers:
  | {
      strictAjv: Ajv;
      coercingAjv: Ajv;
      bodies: WeakMap<object, ValidateFunction>;
      others: WeakMap<object, ValidateFunction>;
    }
  | undefined;

function makeCheckers(): NonNullable<typeof checkers> {
  const common: Options = {
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
  };
  const strictAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const coercingAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  for (const ajv of [strictAjv, coercingAjv]) ajv.addFormat(CALENDAR_DATE, isCalendarDate);
  return { strictAjv, coercingAjv, bodies: new WeakMap(), others: new WeakMap() };
}

const MULTIPART = 'multipart/form-data';

const acceptsStream = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;

/**
 * Refuses NUL characters and lone surrogates anywhere in the data, and data nested deeper than
 * any request has reason to be, before the schema runs.
 */
function withStorableText(compiled: ValidateFunction): ValidateFunction {
  const validate = ((data: unknown) => {
    const problem = unstorableText(data);
    if (problem) {
      validate.errors = [problem];
      return false;
    }
    const valid = compiled(data);
    validate.errors = compiled.errors ?? null;
    return valid;
  }) as ValidateFunction;
  validate.errors = null;
  return validate;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The deepest a request's data may nest; the deepest the API describes is a few levels. */
export const MAX_NESTING = 32;
export const TOO_DEEP = `must not be nested more than ${MAX_NESTING} levels deep`;

/**
 * The first text PostgreSQL cannot store, or the first value nested too deep. Walked with a list
 * rather than by recursion: a 10 KB body nested 5,000 levels deep would overflow the stack.
 */
function unstorableText(data: unknown): ErrorObject | null {
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value: data, path: '', depth: 0 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return textError(path, NUL_CHARACTER);
      if (LONE_SURROGATE.test(value)) return textError(path, BROKEN_TEXT);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_NESTING) return { ...textError('', TOO_DEEP), keyword: 'depth' };
    const items = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    // Last first, so that the first problem in the data is the one named.
    for (const [key, item] of items.reverse()) {
      pending.push({ value: item, path: `${path}/${key}`, depth: depth + 1 });
      if (!Array.isArray(value)) {
        pending.push({ value: key, path: `${path}/${key.split('\u0000').join('')}`, depth });
      }
    }
  }
  return null;
}

function textError(instancePath: string, message: string): ErrorObject {
  return { instancePath, schemaPath: '#', keyword: 'text', params: {}, message };
}

const CALENDAR_DATE = 'calendar-date';
const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/** A day that exists, in a year PostgreSQL stores: not 2026-02-30, not 0000-01-01. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A copy of the schema whose integers without bounds of their own get PostgreSQL's, and whose
 * dates (`format: 'date'` or the YYYY-MM-DD pattern) must be days that exist.
 */
function boundedIntegers(schema: unknown): object {
  const bounded = structuredClone(schema) as object;
  const visit = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const types = Array.isArray(record.type) ? record.type : [record.type];
    if (types.includes('integer')) {
      record.minimum ??= INT32_MIN;
      record.maximum ??= INT32_MAX;
    }
    if (types.includes('string') && (record.format === 'date' || record.pattern === DATE_PATTERN))
      record.format = CALENDAR_DATE;
    Object.values(record).forEach(visit);
  };
  visit(bounded);
  return bounded;
}
