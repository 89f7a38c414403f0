// A label's accounting periods (issue 42, "Closed periods"): their list, a close, the length of
// the next ones, and a closed period's summary per currency.
import { Type, type Static } from 'typebox';

const Decimal = Type.String({ description: 'exact decimal text' });

export const PeriodParams = Type.Object({
  period: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2]|Q[1-4])$' }),
});
export type PeriodParams = Static<typeof PeriodParams>;

export const PeriodLengthText = Type.Union([Type.Literal('month'), Type.Literal('quarter')]);

export const BlockingStatement = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** The statement's report month, `YYYY-MM`. */
  period: Type.String(),
  state: Type.String(),
});

export const PeriodRow = Type.Object({
  period: Type.String(),
  /** open: some statement is neither approved nor cancelled; ready: it may be closed. */
  status: Type.Union([Type.Literal('open'), Type.Literal('ready'), Type.Literal('closed')]),
  statements: Type.Integer({ minimum: 0 }),
  blocking: Type.Array(BlockingStatement),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  closedBy: Type.Union([Type.String(), Type.Null()]),
});
export type PeriodStatus = Static<typeof PeriodRow>['status'];

export const PeriodsOverview = Type.Object({
  length: PeriodLengthText,
  lengthChangeable: Type.Boolean(),
  periods: Type.Array(PeriodRow),
  version: Type.Integer({ minimum: 0 }),
});
export type PeriodsOverview = Static<typeof PeriodsOverview>;

export const PeriodLengthChange = Type.Object(
  { length: PeriodLengthText, version: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type PeriodLengthChange = Static<typeof PeriodLengthChange>;

export const PeriodCurrencySummary = Type.Object({
  currency: Type.String(),
  revenue: Decimal,
  distributorTake: Decimal,
  recoupmentsTaken: Decimal,
  fundsReceived: Decimal,
  payouts: Decimal,
  reservesWithheld: Decimal,
  reservesReleased: Decimal,
  returnsChargedToReserve: Decimal,
  paymentsMade: Decimal,
  fees: Decimal,
  otherBalanceMovements: Decimal,
  broughtForward: Decimal,
  carriedForward: Decimal,
});
export type PeriodCurrencySummary = Static<typeof PeriodCurrencySummary>;

/** A period summary's figures, in the order an accountant reads them (the page and the CSV). */
export const PERIOD_SUMMARY_FIGURES = [
  'broughtForward',
  'revenue',
  'distributorTake',
  'recoupmentsTaken',
  'fundsReceived',
  'payouts',
  'reservesWithheld',
  'reservesReleased',
  'returnsChargedToReserve',
  'paymentsMade',
  'fees',
  'otherBalanceMovements',
  'carriedForward',
] as const satisfies readonly (keyof Omit<PeriodCurrencySummary, 'currency'>)[];

export const PeriodDetail = Type.Object({
  period: Type.String(),
  closedAt: Type.String(),
  summary: Type.Array(PeriodCurrencySummary),
});
export type PeriodDetail = Static<typeof PeriodDetail>;

export const LinkedStatement = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** The statement's report month, `YYYY-MM`. */
  period: Type.String(),
});

/** A statement's links to corrections: what it corrects, and what corrects it. */
export const StatementCorrections = Type.Object({
  corrects: Type.Union([LinkedStatement, Type.Null()]),
  correctedBy: Type.Array(LinkedStatement),
  /** The statement's period is closed: it is corrected by a correction statement. */
  closed: Type.Boolean(),
});
export type StatementCorrections = Static<typeof StatementCorrections>;

export const CorrectionOpened = Type.Object({ id: Type.String() });
export type CorrectionOpened = Static<typeof CorrectionOpened>;
