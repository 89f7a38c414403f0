// GET /api/dashboard: the home page (SPEC section 2, /dashboard). A label and staff read the
// label's figures; a payee, artist, collaborator or warranter reads their own. Every amount is
// exact decimal text in its currency; months are `YYYY-MM` statement periods.
import { Type, type Static } from 'typebox';
import { EpochSeconds } from './common';

const Month = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' });
const Amount = Type.String();
const Currency = Type.String();

/** SPEC section 7's global filters, and the staff's User filter (a payee's own figures). */
export const DashboardQuery = Type.Object(
  {
    month: Type.Optional(Month),
    months: Type.Optional(Type.Integer({ minimum: 1, maximum: 1200 })),
    artist: Type.Optional(Type.String({ maxLength: 100 })),
    payee: Type.Optional(
      Type.String({ maxLength: 100, description: 'Staff only: this payee’s own dashboard' }),
    ),
  },
  { additionalProperties: false },
);
export type DashboardQuery = Static<typeof DashboardQuery>;

/**
 * One statement period of the label: the revenue of its approved statements (as analytics counts
 * it), the revenue of those not approved yet, apart, and what its approved statements pay out.
 */
export const LabelMonth = Type.Object({
  month: Type.String(),
  currency: Currency,
  /** Revenue of the approved statements. */
  revenue: Amount,
  /** Revenue of the statements not approved yet (not cancelled, deleted or failed). */
  pending: Amount,
  payouts: Amount,
});
export type LabelMonth = Static<typeof LabelMonth>;

export const AwaitedFunds = Type.Object({
  id: Type.String(),
  title: Type.String(),
  period: Type.String(),
  currency: Currency,
  expected: Type.Union([Amount, Type.Null()]),
  received: Type.Union([Amount, Type.Null()]),
});
export type AwaitedFunds = Static<typeof AwaitedFunds>;

export const NextPayment = Type.Object({
  id: Type.String(),
  payee: Type.String({ description: 'The payee’s full name' }),
  statementTitle: Type.String(),
  amount: Amount,
  currency: Currency,
  status: Type.String({ description: 'scheduled, held or processing' }),
  createdAt: EpochSeconds,
});
export type NextPayment = Static<typeof NextPayment>;

export const Ranked = Type.Object({
  id: Type.String(),
  name: Type.String(),
  currency: Currency,
  revenue: Amount,
});
export type Ranked = Static<typeof Ranked>;

export const LabelDashboard = Type.Object({
  months: Type.Array(LabelMonth),
  /** Statements in the needsAttention state (no timeframe: they wait now). */
  needsAttention: Type.Integer(),
  awaitingFunds: Type.Array(AwaitedFunds),
  nextPayments: Type.Array(NextPayment),
  topProducts: Type.Array(Ranked),
  topArtists: Type.Array(Ranked),
  /** How many statements the account has at all, to tell a new label where to start. */
  statementCount: Type.Integer(),
});
export type LabelDashboard = Static<typeof LabelDashboard>;

/** One statement period of a person: their earnings and their payout after recoupment. */
export const PersonalMonth = Type.Object({
  month: Type.String(),
  currency: Currency,
  earned: Amount,
  payout: Amount,
});
export type PersonalMonth = Static<typeof PersonalMonth>;

export const PersonalStatement = Type.Object({
  id: Type.String(),
  title: Type.String(),
  period: Type.String(),
  account: Type.String({ description: 'The label that pays' }),
  currency: Currency,
  earned: Amount,
  recouped: Amount,
  payout: Amount,
  approvedAt: Type.Union([EpochSeconds, Type.Null()]),
});
export type PersonalStatement = Static<typeof PersonalStatement>;

export const PersonalProduct = Type.Object({
  id: Type.String(),
  title: Type.String(),
  artist: Type.Union([Type.String(), Type.Null()]),
  /** The person's share of the product's base split, in percent (a group share multiplied out). */
  share: Type.Union([Type.String(), Type.Null()]),
  currency: Type.Union([Currency, Type.Null()]),
  /** What the product earned the person over the timeframe. */
  earned: Amount,
});
export type PersonalProduct = Static<typeof PersonalProduct>;

export const PersonalRecoupment = Type.Object({
  id: Type.String(),
  title: Type.String(),
  currency: Currency,
  amount: Amount,
  recouped: Amount,
  remaining: Amount,
  /** What the recent statements repaid on average, or null before the first repayment. */
  pace: Type.Union([Amount, Type.Null()]),
  /** At that pace, about this many more statements; null without a pace. */
  statementsLeft: Type.Union([Type.Integer(), Type.Null()]),
});
export type PersonalRecoupment = Static<typeof PersonalRecoupment>;

export const PersonalDashboard = Type.Object({
  months: Type.Array(PersonalMonth),
  balances: Type.Array(Type.Object({ currency: Currency, amount: Amount })),
  /**
   * Paid to the person: their completed payments for the window's statements, per currency (not
   * the scheduled, held or processing ones). Null with an artist chosen: payments are per
   * statement, not per product.
   */
  paid: Type.Union([Type.Array(Type.Object({ currency: Currency, amount: Amount })), Type.Null()]),
  nextPayment: Type.Union([NextPayment, Type.Null()]),
  statements: Type.Array(PersonalStatement),
  products: Type.Array(PersonalProduct),
  recoupments: Type.Array(PersonalRecoupment),
});
export type PersonalDashboard = Static<typeof PersonalDashboard>;

export const Dashboard = Type.Object({
  /** Whose dashboard this is: the person acting (the emulated one while emulating), or the payee staff chose. */
  person: Type.Object({ id: Type.String(), fullname: Type.String(), account: Type.String() }),
  label: Type.Union([LabelDashboard, Type.Null()]),
  personal: Type.Union([PersonalDashboard, Type.Null()]),
});
export type Dashboard = Static<typeof Dashboard>;
