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
