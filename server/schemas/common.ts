import { Type, type TSchema } from 'typebox';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    title: Type.Optional(Type.String()),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { $id: 'ErrorBody' },
);

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

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export function ListOf<T extends TSchema>(item: T) {
  return Type.Object({ items: Type.Array(item), total: Type.Integer() });
}

/** Epoch seconds, the date format of every server answer (SPEC section 1). */
export const EpochSeconds = Type.Integer();

export function epochSeconds(value: Date | string | null): number | null {
  if (value === null) return null;
  return Math.floor(new Date(value).getTime() / 1000);
}
