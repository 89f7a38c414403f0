import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';

type Schema = Record<string, unknown>;

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/** The answer writers of this process, one per schema. */
const writers = new WeakMap<object, (data: unknown) => string>();

/**
 * Writes answers by their route's schema, as Fastify does, with two differences:
 *
 * - A choice whose members differ by type (text or null, one word of a list, an object or null, a
 *   list or its CSV text) is written as a field of several types (plainChoices). The writer checks
 *   each choice of an `anyOf` against the value, with a validator it compiles on the route's first
 *   answer. The API has about 200 such choices, most of them a field that may be null, and
 *   compiling them took the server's one thread for 80 ms in the first second after a start, while
 *   every other request waited. A field of several types is written from the value's own type, with
 *   no validator: a value of none of them is still refused. The few choices left (between objects
 *   of different shapes) are compiled when the route is, at start.
 * - One writer is built per schema, not per route and status: the API's 1,649 answers (HEAD beside
 *   GET, the same error answers on every route) have 92 schemas, and building each once takes
 *   about 50 ms of a start instead of 140 to 220. The writers are the process's, shared by every
 *   app it builds (the tests build one per file, some several).
 */
export function serializerCompiler(): FastifySerializerCompiler<object> {
  return ({ schema }) => {
    let write = writers.get(schema);
    if (!write) {
      write = fastJsonStringify(plainChoices(schema) as Schema, { compileValidators: true });
      writers.set(schema, write);
    }
    return write;
  };
}

/**
 * The schema with each choice whose members differ by type written as one field of several types:
 * any number of plain values (whose words or formats the writer does not need), at most one object
 * and at most one array. A choice between two objects stays a choice.
 */
export function plainChoices(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plainChoices);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = plainChoices(value);
  const { anyOf: choices, ...rest } = copy;
  if (!Array.isArray(choices) || choices.length === 0) return copy;
  const members = choices as Schema[];
  const objects = members.filter((member) => member.type === 'object' && isPlain(member));
  const arrays = members.filter((member) => member.type === 'array' && isPlain(member));
  const scalars = members.filter(isScalar);
  if (objects.length > 1 || arrays.length > 1) return copy;
  if (objects.length + arrays.length + scalars.length < members.length) return copy;
  const types = [...new Set(members.map((member) => member.type as string))];
  const typed = (member: Schema | undefined) => {
    const { type: _type, ...keywords } = member ?? {};
    return keywords;
  };
  return {
    ...typed(objects[0]),
    ...typed(arrays[0]),
    ...rest,
    type: types.length === 1 ? types[0] : types,
  };
}

function isPlain(member: Schema): boolean {
  return !('anyOf' in member) && !('oneOf' in member) && !('allOf' in member);
}

function isScalar(member: Schema): boolean {
  return typeof member.type === 'string' && SCALAR_TYPES.has(member.type) && isPlain(member);
}
