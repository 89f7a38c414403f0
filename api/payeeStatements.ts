// Payee statements: what one approved statement paid one payee, line by line, with what was
// recouped from them, credited to them, paid and carried in their balance. Money is exact text.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf, ListQuery } from './common';

const MONTH = '^[0-9]{4}-(0[1-9]|1[0-2])$';

/** One item of GET /api/earnings: a statement's totals for the signed-in payee. */
export const PayeeStatementSummary = Type.Object({
  statementId: Type.String(),
  /** `YYYY-MM`. */
  period: Type.String(),
  distributor: Type.String(),
  /** The label whose statement it is. */
  account: Type.String(),
  currency: Type.String(),
  approvedAt: EpochSeconds,
  earned: Type.String(),
  recouped: Type.String(),
  credited: Type.String(),
  payout: Type.String(),
});
export type PayeeStatementSummary = Static<typeof PayeeStatementSummary>;

export const PayeeStatementList = ListOf(PayeeStatementSummary);
export type PayeeStatementList = Static<typeof PayeeStatementList>;

export const PayeeStatementListQuery = Type.Object(
  {
    ...ListQuery.properties,
    month: Type.Optional(Type.String({ pattern: MONTH, description: 'Statements of this period' })),
    months: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1200, description: 'Periods of the last months' }),
    ),
    artist: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Statements that paid for a product of this artist',
      }),
    ),
  },
  { additionalProperties: false },
);
export type PayeeStatementListQuery = Static<typeof PayeeStatementListQuery>;

/** What one product (or an unknown code) earned the payee: each code on its line. */
export const PayeeStatementLine = Type.Object({
  productId: Type.Union([Type.String(), Type.Null()]),
  product: Type.String(),
  code: Type.String(),
  units: Type.Integer(),
  amount: Type.String(),
  /**
   * The code's revenue in this statement as its product's revenue view says: gross includes the
   * distributor's cut, net does not (what the shares are of); null for an unknown product.
   */
  revenue: Type.Union([Type.String(), Type.Null()]),
  revenueView: Type.Union([Type.Literal('gross'), Type.Literal('net'), Type.Null()]),
});
export type PayeeStatementLine = Static<typeof PayeeStatementLine>;

/** What one recoupment took from the payee in this statement. */
export const PayeeStatementRecoupment = Type.Object({
  recoupmentId: Type.String(),
  title: Type.String(),
  amount: Type.String(),
});

/** GET /api/earnings/{id} and GET /api/statements/{id}/payee-statement. */
export const PayeeStatement = Type.Object({
  ...PayeeStatementSummary.properties,
  payee: Type.Object({ id: Type.String(), fullname: Type.String() }),
  lines: Type.Array(PayeeStatementLine),
  recoupments: Type.Array(PayeeStatementRecoupment),
  /** The balance before this statement, as earlier statements and payments left it. */
  broughtForward: Type.String(),
  /**
   * Reserves against returns (README): what this statement's approval held back from the payout
   * into the payee's reserve and when it is paid back, and the returns it took from the reserve
   * before the balance. Absent when neither happened.
   */
  reserve: Type.Optional(
    Type.Object({
      withheld: Type.String(),
      charged: Type.String(),
      releases: Type.Array(
        Type.Object({ period: Type.String(), dueOn: Type.String(), amount: Type.String() }),
      ),
    }),
  ),
  /** What this statement's payment takes out of the balance: whole minor units. */
  paid: Type.String(),
  /** What stays in the balance for the next statement: a fraction of a cent, or a debt. */
  carried: Type.String(),
});
export type PayeeStatement = Static<typeof PayeeStatement>;

export const PayeeQuery = Type.Object(
  { payee: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

export const PeriodQuery = Type.Object(
  { period: Type.String({ pattern: MONTH }) },
  { additionalProperties: false },
);
