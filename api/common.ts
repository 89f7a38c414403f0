// The shapes every resource of the API shares: errors, list queries and answers, ids, dates.
// Server and browser both import this folder; it imports nothing of either.
import { Type, type Static, type TSchema } from 'typebox';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    title: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Error responses every session route may give. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

/**
 * Error responses of a route that reads a request body: one past the size the server reads (413)
 * and one of a media type it does not read (415). The OpenAPI plugin adds them to each such route.
 */
export const bodyErrorResponses = {
  413: ErrorBody,
  415: ErrorBody,
};

/** A file in an answer or a multipart request, byte for byte. */
export const FileBytes = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' });

/** A CSV answer as SPEC section 7 writes it. */
export const CsvText = Type.String({
  description: 'CSV: one header row, comma separated, CRLF line ends',
});

/**
 * An answer, or a request body, in each of several media types: the `content` of an OpenAPI
 * response or request body, which Fastify also reads to pick the writer (or validator) by the
 * media type sent.
 */
export function inMediaTypes<Types extends Record<string, TSchema>>(
  types: Types,
): { content: { [Type in keyof Types]: { schema: Types[Type] } } } {
  const content: Record<string, { schema: TSchema }> = {};
  for (const [type, schema] of Object.entries(types)) content[type] = { schema };
  return { content: content as { [Type in keyof Types]: { schema: Types[Type] } } };
}

/** A `multipart/form-data` request body with these parts, each a form field or a file. */
export function multipartBody<Parts extends TSchema>(parts: Parts) {
  return inMediaTypes({ 'multipart/form-data': parts });
}

export const ListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 200 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), total: Type.Integer() });
}

/** The answer of every `GET /api/<resources>` list: one page of items and the count of all. */
export interface ListAnswer<Item> {
  items: Item[];
  total: number;
}

/** Epoch seconds, the date format of every server answer (SPEC section 1). */
export const EpochSeconds = Type.Integer();

export function epochSeconds(value: Date | string | null): number | null {
  if (value === null) return null;
  return Math.floor(new Date(value).getTime() / 1000);
}
