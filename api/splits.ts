// Split sets as a product's or an account's splits are written and shown (ENGINE.md split sets).
import { Type, type Static } from 'typebox';

export const SplitKind = Type.Unsafe<'base' | 'mechanical' | 'conditional'>({
  type: 'string',
  enum: ['base', 'mechanical', 'conditional'],
});
export type SplitKind = Static<typeof SplitKind>;

const ShareInputBase = {
  payeeId: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  pct: Type.Optional(Type.String({ maxLength: 20 })),
  balance: Type.Optional(Type.Boolean()),
};

/** A member of a group share: a known payee or a new collaborator's e-mail. */
export const MemberInput = Type.Object(ShareInputBase, { additionalProperties: false });
export type MemberInput = Static<typeof MemberInput>;

/** A share as written: a known payee, a new collaborator's e-mail, or a group of members. */
export const ShareInput = Type.Object(
  {
    ...ShareInputBase,
    groupId: Type.Optional(Type.String({ maxLength: 100 })),
    members: Type.Optional(Type.Array(MemberInput, { maxItems: 100 })),
  },
  { additionalProperties: false },
);
export type ShareInput = Static<typeof ShareInput>;

export const SplitSetInput = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 100 })),
    scope: Type.Union([
      Type.Literal('product'),
      Type.Object({ code: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
    ]),
    kind: SplitKind,
    startDate: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
    priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    trigger: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    shares: Type.Array(ShareInput, { maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type SplitSetInput = Static<typeof SplitSetInput>;

/** Every split set of a product or of an account at once, on the version they were edited from. */
export const SplitsBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    splitSets: Type.Array(SplitSetInput, { maxItems: 100 }),
  },
  { additionalProperties: false },
);
export type SplitsBody = Static<typeof SplitsBody>;

const ShareLineViewFields = {
  payeeId: Type.Union([Type.String(), Type.Null()]),
  fullname: Type.String(),
  pct: Type.Union([Type.String(), Type.Null()]),
  balance: Type.Boolean(),
  grouped: Type.Boolean({
    description: 'The line standing for the other payees (limited visibility)',
  }),
};

/** One line of a split set as shown: a payee, or under limited visibility the others as one. */
export const ShareLineView = Type.Object(ShareLineViewFields);
export type ShareLineView = Static<typeof ShareLineView>;

export const ShareView = Type.Object({
  ...ShareLineViewFields,
  groupId: Type.Union([Type.String(), Type.Null()]),
  members: Type.Array(ShareLineView),
});
export type ShareView = Static<typeof ShareView>;

export const ScopeView = Type.Union([
  Type.Literal('product'),
  Type.Object({ code: Type.String() }),
]);
export type ScopeView = Static<typeof ScopeView>;

export const SplitSetView = Type.Object({
  id: Type.String(),
  scope: ScopeView,
  kind: SplitKind,
  startDate: Type.Union([Type.String(), Type.Null()]),
  priority: Type.Integer(),
  trigger: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  shares: Type.Array(ShareView),
});
export type SplitSetView = Static<typeof SplitSetView>;
