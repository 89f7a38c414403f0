import { Type } from 'typebox';
import { productTypes } from '../catalog/details';

const nullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

const ProductTypeSchema = Type.Unsafe<string>({ type: 'string', enum: [...productTypes] });

export const CodeInput = Type.Object(
  {
    code: Type.String({ maxLength: 64 }),
    kind: Type.Unsafe<'isrc' | 'upc' | 'custom'>({
      type: 'string',
      enum: ['isrc', 'upc', 'custom'],
    }),
  },
  { additionalProperties: false },
);

/** Descriptive fields of a product as the API reads and writes them. */
const detailFields = {
  title: Type.String({ minLength: 1, maxLength: 300 }),
  altTitle: Type.Optional(nullableText(300)),
  subtitle: Type.Optional(nullableText(300)),
  type: ProductTypeSchema,
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
  visibility: Type.Optional(
    Type.Unsafe<'full' | 'limited'>({ type: 'string', enum: ['full', 'limited'] }),
  ),
  revenueView: Type.Optional(
    Type.Unsafe<'gross' | 'net'>({ type: 'string', enum: ['gross', 'net'] }),
  ),
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

export const ProductPatch = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    ...Object.fromEntries(
      Object.entries(detailFields).map(([key, schema]) => [key, Type.Optional(schema)]),
    ),
    codes: Type.Optional(Type.Array(CodeInput, { maxItems: 200 })),
  },
  { additionalProperties: false },
);

const ShareInputBase = {
  payeeId: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  pct: Type.Optional(Type.String({ maxLength: 20 })),
  balance: Type.Optional(Type.Boolean()),
};

const MemberInput = Type.Object(ShareInputBase, { additionalProperties: false });
const ShareInput = Type.Object(
  {
    ...ShareInputBase,
    groupId: Type.Optional(Type.String({ maxLength: 100 })),
    members: Type.Optional(Type.Array(MemberInput, { maxItems: 100 })),
  },
  { additionalProperties: false },
);

export const SplitSetInput = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 100 })),
    scope: Type.Union([
      Type.Literal('product'),
      Type.Object({ code: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
    ]),
    kind: Type.Unsafe<'base' | 'mechanical' | 'conditional'>({
      type: 'string',
      enum: ['base', 'mechanical', 'conditional'],
    }),
    startDate: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
    priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    trigger: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    shares: Type.Array(ShareInput, { maxItems: 200 }),
  },
  { additionalProperties: false },
);

export const SplitsBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    splitSets: Type.Array(SplitSetInput, { maxItems: 100 }),
  },
  { additionalProperties: false },
);

const ShareViewBase = {
  payeeId: Type.Union([Type.String(), Type.Null()]),
  fullname: Type.String(),
  pct: Type.Union([Type.String(), Type.Null()]),
  balance: Type.Boolean(),
  grouped: Type.Boolean({
    description: 'The line standing for the other payees (limited visibility)',
  }),
};

const ShareView = Type.Object({
  ...ShareViewBase,
  groupId: Type.Union([Type.String(), Type.Null()]),
  members: Type.Array(Type.Object(ShareViewBase)),
});

export const SplitSetView = Type.Object({
  id: Type.String(),
  scope: Type.Union([Type.Literal('product'), Type.Object({ code: Type.String() })]),
  kind: Type.String(),
  startDate: Type.Union([Type.String(), Type.Null()]),
  priority: Type.Integer(),
  trigger: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  shares: Type.Array(ShareView),
});

export const ProductSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: Type.String(),
  artistId: Type.Union([Type.String(), Type.Null()]),
  visibility: Type.String(),
  revenueView: Type.String(),
  codes: Type.Array(Type.Object({ code: Type.String(), kind: Type.String() })),
});

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
