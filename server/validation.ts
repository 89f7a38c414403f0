import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;

/**
 * Bodies are checked as sent: a number where text belongs is an error, and so is an unknown
 * field — nothing half-understood is written. Query strings and path parameters arrive as
 * text, so there numbers are read from their text.
 */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const common: Options = {
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
  };
  const strictAjv = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const coercingAjv = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strictAjv : coercingAjv;
    return ajv.compile(schema as object);
  };
}
