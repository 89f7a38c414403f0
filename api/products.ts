// Products of the catalog (SPEC section 3): their details, codes and split sets, their history
// and the split editor's preview input.
import { Type, type Static } from 'typebox';
import { PRODUCT_TYPES } from '../rules/productRules';
import { CODE_KINDS, type CodeKind as CodeKindText } from '../rules/records';
import { ListOf, ListQuery } from './common';
import { SplitSetView } from './splits';

const nullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

const ProductType = Type.Unsafe<string>({ type: 'string', enum: [...PRODUCT_TYPES] });

export const CodeKind = Type.Unsafe<CodeKindText>({
  type: 'string',
  enum: [...CODE_KINDS],
});
export type CodeKind = Static<typeof CodeKind>;

export const Visibility = Type.Unsafe<'full' | 'limited'>({
  type: 'string',
  enum: ['full', 'limited'],
});
export type Visibility = Static<typeof Visibility>;

export const RevenueView = Type.Unsafe<'gross' | 'net'>({ type: 'string', enum: ['gross', 'net'] });
export type RevenueView = Static<typeof RevenueView>;

export const CodeInput = Type.Object(
  { code: Type.String({ maxLength: 64 }), kind: CodeKind },
  { additionalProperties: false },
);
export type CodeInput = Static<typeof CodeInput>;

/** Descriptive fields of a product as the API reads and writes them. */
const detailFields = {
  title: Type.String({ minLength: 1, maxLength: 300 }),
  altTitle: Type.Optional(nullableText(300)),
  subtitle: Type.Optional(nullableText(300)),
  type: ProductType,
  genre: Type.Optional(nullableText(100)),
  duration: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 12 }), Type.Null()], {
      description: 'Seconds, or H:M:S',
    }),
  ),
  copyright: Type.Optional(nullableText(300)),
  territory: Type.Optional(nullableText(100)),
  label: Type.Optional(nullableText(200)),
  labelArtist: Type.Optional(nullableText(200)),
  artistId: Type.Optional(nullableText(100)),
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 50 })),
  visibility: Type.Optional(Visibility),
  revenueView: Type.Optional(RevenueView),
};

export const NewProduct = Type.Object(
  {
    ...detailFields,
    codes: Type.Array(CodeInput, { maxItems: 200 }),
    accountId: Type.Optional(
      Type.String({ maxLength: 100, description: 'The label account (admins and overseers only)' }),
    ),
  },
  { additionalProperties: false },
);
export type NewProduct = Static<typeof NewProduct>;

export const ProductPatch = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    // Every detail may be left out of a change, the title and the type too.
    ...detailFields,
    title: Type.Optional(detailFields.title),
    type: Type.Optional(detailFields.type),
    codes: Type.Optional(Type.Array(CodeInput, { maxItems: 200 })),
  },
  { additionalProperties: false },
);
export type ProductPatch = Static<typeof ProductPatch>;

export const ProductCode = Type.Object({
  code: Type.String(),
  kind: CodeKind,
  /** Another product of the account holds the same number: neither takes it until one lets go. */
  conflict: Type.Optional(Type.Literal(true)),
});
export type ProductCode = Static<typeof ProductCode>;

/** A row of `GET /api/products`. */
export const ProductSummary = Type.Object({
  id: Type.String(),
  /** The label account the product belongs to. */
  accountId: Type.String(),
  title: Type.String(),
  type: Type.String(),
  artistId: Type.Union([Type.String(), Type.Null()]),
  visibility: Visibility,
  revenueView: RevenueView,
  codes: Type.Array(ProductCode),
});
export type ProductSummary = Static<typeof ProductSummary>;

/** GET /api/products: the search, and the artist and timeframe of the global filters. */
export const ProductListQuery = Type.Object(
  {
    ...ListQuery.properties,
    artist: Type.Optional(Type.String({ maxLength: 100, description: 'Products of this artist' })),
    month: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
        description: 'Revenue of this statement period only',
      }),
    ),
    months: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1200, description: 'Revenue of the last periods' }),
    ),
  },
  { additionalProperties: false },
);
export type ProductListQuery = Static<typeof ProductListQuery>;

/**
 * A product of the list with its revenue over the timeframe, per currency: what its codes
 * brought in for a label and staff, what it earned the reader for anyone else.
 */
export const ProductListItem = Type.Object({
  ...ProductSummary.properties,
  revenue: Type.Array(Type.Object({ currency: Type.String(), amount: Type.String() })),
});
export type ProductListItem = Static<typeof ProductListItem>;

export const ProductList = ListOf(ProductListItem);
export type ProductList = Static<typeof ProductList>;

export const Product = Type.Object({
  ...ProductSummary.properties,
  altTitle: Type.Union([Type.String(), Type.Null()]),
  subtitle: Type.Union([Type.String(), Type.Null()]),
  genre: Type.Union([Type.String(), Type.Null()]),
  duration: Type.Union([Type.Integer(), Type.Null()]),
  copyright: Type.Union([Type.String(), Type.Null()]),
  territory: Type.Union([Type.String(), Type.Null()]),
  label: Type.Union([Type.String(), Type.Null()]),
  labelArtist: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  version: Type.Integer(),
  splitSets: Type.Array(SplitSetView),
});
export type Product = Static<typeof Product>;

export const PreviewStatement = Type.Object({
  id: Type.String(),
  title: Type.String(),
  period: Type.String(),
  records: Type.Integer(),
  truncated: Type.Boolean(),
});
export type PreviewStatement = Static<typeof PreviewStatement>;

/**
 * The engine input of the split editor's live preview and the statement it was read from; all
 * three null when the product has no statement yet.
 */
export const PreviewInputAnswer = Type.Object({
  statement: Type.Union([Type.Null(), PreviewStatement]),
  input: Type.Union([
    Type.Null(),
    Type.Record(Type.String(), Type.Unknown(), {
      description: 'An engine input (ENGINE.md) with the saved split sets, without its records',
    }),
  ]),
  records: Type.Union([
    Type.Null(),
    Type.String({
      description:
        "The input's records as a record table: one record per line in PostgreSQL's COPY text format, tab-separated: file (its number, in the order the statement's files came), row, code, kind, date, units, revenue, format (\\N when none); a record's engine id is its file and row, zero-padded to 4 and 10 digits and joined by a colon",
    }),
  ]),
});
export type PreviewInputAnswer = Static<typeof PreviewInputAnswer>;

/**
 * `table`: the answer in two parts, for a reader that takes the records as they are: its statement
 * and input as JSON on the first line, then the records as the record table, to the end.
 */
export const PreviewInputQuery = Type.Object(
  { format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('table')])) },
  { additionalProperties: false },
);
export type PreviewInputQuery = Static<typeof PreviewInputQuery>;

/** One change of a product's history: who, when, and the event's before and after. */
export const ProductEvent = Type.Object({
  seq: Type.String(),
  version: Type.Integer(),
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  actor: Type.Union([Type.String(), Type.Null()]),
  actorName: Type.Union([Type.String(), Type.Null()]),
  emulatingActor: Type.Union([Type.String(), Type.Null()]),
  at: Type.Integer(),
});
export type ProductEvent = Static<typeof ProductEvent>;

export const ProductEventList = ListOf(ProductEvent);
export type ProductEventList = Static<typeof ProductEventList>;
