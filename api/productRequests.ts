// A label's request for a product it may not create itself (SPEC section 2: only the overseer
// creates products), made from a statement's unknown code; the overseer creates it or refuses.
import { Type, type Static } from 'typebox';
import { PRODUCT_TYPES } from '../rules/productRules';
import { EpochSeconds, ListOf } from './common';
import { CodeInput } from './products';

export const productRequestStates = ['requested', 'created', 'refused'] as const;
export type ProductRequestState = (typeof productRequestStates)[number];

export const NewProductRequest = Type.Object(
  {
    /** The statement whose unknown code the product is for. */
    statementId: Type.String({ minLength: 1, maxLength: 100 }),
    title: Type.String({ minLength: 1, maxLength: 300 }),
    type: Type.Unsafe<string>({ type: 'string', enum: [...PRODUCT_TYPES] }),
    codes: Type.Array(CodeInput, { minItems: 1, maxItems: 200 }),
    artistId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type NewProductRequest = Static<typeof NewProductRequest>;

export const ProductRequest = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  accountName: Type.String(),
  statementId: Type.String(),
  title: Type.String(),
  type: Type.String(),
  codes: Type.Array(CodeInput),
  artistId: Type.Union([Type.String(), Type.Null()]),
  artistName: Type.Union([Type.String(), Type.Null()]),
  status: Type.Unsafe<ProductRequestState>({ type: 'string', enum: [...productRequestStates] }),
  /** Why the overseer refused it, for the label to read. */
  reason: Type.Union([Type.String(), Type.Null()]),
  productId: Type.Union([Type.String(), Type.Null()]),
  requestedAt: EpochSeconds,
  decidedAt: Type.Union([EpochSeconds, Type.Null()]),
});
export type ProductRequest = Static<typeof ProductRequest>;

export const ProductRequestList = ListOf(ProductRequest);
export type ProductRequestList = Static<typeof ProductRequestList>;

export const ProductRequestQuery = Type.Object(
  {
    statementId: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(
      Type.Unsafe<ProductRequestState>({ type: 'string', enum: [...productRequestStates] }),
    ),
  },
  { additionalProperties: false },
);
export type ProductRequestQuery = Static<typeof ProductRequestQuery>;

export const ProductRequestRefusal = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
export type ProductRequestRefusal = Static<typeof ProductRequestRefusal>;
