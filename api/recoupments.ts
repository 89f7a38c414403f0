// Recoupments: advances, expenses and debts repaid from revenue (SPEC section 3, "Recoupment").
// Money and percentages are exact decimal text; the server checks their values and says why.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf, ListQuery } from './common';

// Typed as the union of the values: a union built from a mapped array infers as never.
const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

export const recoupmentTypes = [
  'expense',
  'advance',
  'funds',
  'reserves',
  'adjustments',
  'offsets',
  'other',
] as const;
export const recoupmentKinds = [
  'contingent',
  'deficit',
  'mechanical',
  'threshold',
  'manual',
  'advance',
  'prepay',
  'remittance',
] as const;
export const recoupmentPriorities = [
  'highest',
  'high',
  'medium-high',
  'medium',
  'medium-low',
  'low',
  'lowest',
] as const;
export const recoupmentStatuses = ['open', 'closed', 'deleted'] as const;
/** Whose revenue a recoupment takes from: everybody's, some products', or some people's. */
export const recoupmentScopes = ['all', 'products', 'users'] as const;
export const reimbursements = ['immediate', 'deferred'] as const;
export type RecoupmentType = (typeof recoupmentTypes)[number];
export type RecoupmentKind = (typeof recoupmentKinds)[number];
export type RecoupmentPriority = (typeof recoupmentPriorities)[number];
export type RecoupmentScope = (typeof recoupmentScopes)[number];
export type Reimbursement = (typeof reimbursements)[number];

/** Decimal text; its value is checked by the server with a message naming the field. */
const Decimal = Type.String({ maxLength: 40 });
const NullableDecimal = Type.Union([Decimal, Type.Null()]);
const Day = Type.Union([Type.String({ format: 'date' }), Type.Null()]);
const Id = Type.String({ minLength: 1, maxLength: 100 });

/** Every field a label sets; all but title, amount, type and creditor have a default. */
const termFields = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  subtitle: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  active: Type.Optional(Type.Boolean({ description: 'An inactive recoupment takes nothing' })),
  amount: Decimal,
  currency: Type.Optional(Type.String({ maxLength: 3, description: 'Three letters; USD' })),
  expectedValue: Type.Optional(NullableDecimal),
  prepaid: Type.Optional(Decimal),
  statementMaximum: Type.Optional(NullableDecimal),
  paymentMinimum: Type.Optional(Decimal),
  revenueMinimum: Type.Optional(Decimal),
  dueDate: Type.Optional(Day),
  startDate: Type.Optional(Day),
  type: literals(recoupmentTypes),
  kind: Type.Optional(Type.Union([literals(recoupmentKinds), Type.Null()])),
  tag: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  creditorId: Id,
  debtorIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  warranterId: Type.Optional(Type.Union([Id, Type.Null()])),
  scope: Type.Optional(literals(recoupmentScopes)),
  autoLink: Type.Optional(
    Type.Boolean({ description: 'Link every product a debtor holds a share of, now and later' }),
  ),
  productIds: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  netRevenuePct: Type.Optional(Type.String({ maxLength: 20, description: 'Off the top, %' })),
  recoupablePct: Type.Optional(
    Type.String({ maxLength: 20, description: "Of each debtor's earnings, %" }),
  ),
  priority: Type.Optional(literals(recoupmentPriorities)),
  reimbursement: Type.Optional(literals(reimbursements)),
  mechanicalRepays: Type.Optional(Type.Boolean()),
};

/** POST /api/recoupments; staff name the account, a label creates in its own. */
export const NewRecoupment = Type.Object(
  { ...termFields, accountId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type NewRecoupment = Static<typeof NewRecoupment>;

/** PATCH /api/recoupments/{id}: the fields to change and the version they were read at. */
export const RecoupmentPatch = Type.Object(
  {
    ...Type.Partial(Type.Object(termFields)).properties,
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type RecoupmentPatch = Static<typeof RecoupmentPatch>;

const Person = Type.Object({ id: Type.String(), fullname: Type.String() });

/** GET /api/recoupments/{id} and the items of GET /api/recoupments. */
export const Recoupment = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  title: Type.String(),
  subtitle: Type.Union([Type.String(), Type.Null()]),
  active: Type.Boolean(),
  status: literals(recoupmentStatuses),
  amount: Type.String(),
  remaining: Type.String({ description: 'Amount less prepaid less everything recouped so far' }),
  recouped: Type.String({ description: 'Taken by approved statements so far' }),
  deferred: Type.String({ description: 'Held for the creditor until the recoupment closes' }),
  currency: Type.String(),
  expectedValue: Type.Union([Type.String(), Type.Null()]),
  prepaid: Type.String(),
  statementMaximum: Type.Union([Type.String(), Type.Null()]),
  paymentMinimum: Type.String(),
  revenueMinimum: Type.String(),
  dueDate: Type.Union([Type.String(), Type.Null()]),
  startDate: Type.Union([Type.String(), Type.Null()]),
  type: Type.String(),
  kind: Type.Union([Type.String(), Type.Null()]),
  tag: Type.Union([Type.String(), Type.Null()]),
  creditor: Person,
  debtors: Type.Array(Person),
  warranter: Type.Union([Person, Type.Null()]),
  scope: Type.String(),
  autoLink: Type.Boolean(),
  products: Type.Array(Type.Object({ id: Type.String(), title: Type.String() })),
  netRevenuePct: Type.String(),
  recoupablePct: Type.String(),
  priority: Type.String(),
  reimbursement: Type.String(),
  mechanicalRepays: Type.Boolean(),
  createdAt: EpochSeconds,
  version: Type.Integer(),
});
export type Recoupment = Static<typeof Recoupment>;

export const RecoupmentList = ListOf(Recoupment);
export type RecoupmentList = Static<typeof RecoupmentList>;

export const RecoupmentListQuery = Type.Object(
  {
    ...ListQuery.properties,
    status: Type.Optional(literals(recoupmentStatuses)),
    artist: Type.Optional(
      Type.String({ maxLength: 100, description: 'Recoupments of an artist’s linked people' }),
    ),
    product: Type.Optional(
      Type.String({ maxLength: 100, description: 'Recoupments linked to this product' }),
    ),
    account: Type.Optional(
      Type.String({ maxLength: 100, description: 'Recoupments of this account (staff)' }),
    ),
    month: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$',
        description: 'Live during this month: created by its end, and open, new or repaid in it',
      }),
    ),
    months: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1200, description: 'Live during the last months' }),
    ),
  },
  { additionalProperties: false },
);
export type RecoupmentListQuery = Static<typeof RecoupmentListQuery>;

/** One statement's part of a recoupment: what each debtor, and the off-the-top cut, repaid. */
export const Remittance = Type.Object({
  statementId: Type.String(),
  statementTitle: Type.String(),
  period: Type.String(),
  debtor: Type.Union([Person, Type.Null()], { description: 'null: off the top' }),
  amount: Type.String(),
  at: EpochSeconds,
});
export type Remittance = Static<typeof Remittance>;

export const RemittanceList = ListOf(Remittance);
export type RemittanceList = Static<typeof RemittanceList>;

const TakePct = Type.Union([Type.String({ maxLength: 20 }), Type.Null()], {
  description: 'Distributor take, %; null clears it',
});

/** PUT /api/distributors/{id}/take: the account's default; staff name the account. */
export const DistributorTakeBody = Type.Object(
  { takePct: TakePct, accountId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type DistributorTakeBody = Static<typeof DistributorTakeBody>;

/** POST /api/statements/{id}/take: this statement's take over the account's default. */
export const StatementTakeBody = Type.Object({ takePct: TakePct }, { additionalProperties: false });
export type StatementTakeBody = Static<typeof StatementTakeBody>;

export const TakeAnswer = Type.Object({ takePct: Type.Union([Type.String(), Type.Null()]) });
export type TakeAnswer = Static<typeof TakeAnswer>;

/** GET /api/recoupments/preview-basis: the statement a recoupment's edit is previewed on. */
export const PreviewBasisQuery = Type.Object(
  {
    account: Type.Optional(Type.String({ maxLength: 100, description: 'Staff: whose statement' })),
  },
  { additionalProperties: false },
);
export type PreviewBasisQuery = Static<typeof PreviewBasisQuery>;

export const PreviewBasis = Type.Object({
  /** The account's latest calculated statement, or null when none has been calculated. */
  statement: Type.Union([
    Type.Object({ id: Type.String(), title: Type.String(), period: Type.String() }),
    Type.Null(),
  ]),
});
export type PreviewBasis = Static<typeof PreviewBasis>;
