// Statements: a distributor's report with its files, records and problems, the pipeline's
// commands and the result of a calculation. Money is exact decimal text throughout.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf, ListQuery } from './common';
import { ExchangeRate } from './statementUpload';
import { MONEY_PATTERN, SIGNED_MONEY_PATTERN } from '../rules/money';
import { FORMAT_KINDS, type FormatKind } from '../rules/records';

/** One file of a statement and what reading it found. */
export const StatementFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Type.String(),
  /** 'File Format Error: …' or why the file could not be read. */
  error: Type.Union([Type.String(), Type.Null()]),
  records: Type.Union([Type.Integer(), Type.Null()]),
  errors: Type.Union([Type.Integer(), Type.Null()]),
  /** Rows left out as no sales (the layout's payouts, say): neither records nor errors. */
  nonSalesRows: Type.Integer(),
});
export type StatementFile = Static<typeof StatementFile>;

/**
 * Where a statement came from: a person's upload (who, when still known), or a partner
 * distributor's intake, named by the key it sent the statement with.
 */
export const StatementOrigin = Type.Union([
  Type.Object({
    kind: Type.Literal('upload'),
    uploadedBy: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  }),
  Type.Object({ kind: Type.Literal('intake'), keyName: Type.String() }),
]);
export type StatementOrigin = Static<typeof StatementOrigin>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/**
 * Why the statement's total waits for the label's confirmation (rules/totalChecks.ts): the
 * uploader's expected total differs from what was read, the total is far past the label's
 * largest month from the distributor, or streams earn more each than any store pays.
 */
export const TotalHold = Type.Union([
  Type.Object({
    check: Type.Literal('expected'),
    currency: Nullable(Type.String()),
    read: Type.String(),
    expected: Type.String(),
  }),
  Type.Object({
    check: Type.Literal('history'),
    currency: Nullable(Type.String()),
    read: Type.String(),
    largestMonth: Type.String(),
    month: Type.String(),
    times: Type.String(),
  }),
  Type.Object({
    check: Type.Literal('perUnit'),
    currency: Nullable(Type.String()),
    read: Type.String(),
    perUnit: Type.String(),
    units: Type.String(),
    bound: Type.String(),
  }),
]);

/** GET /api/statements/{id} and the items of GET /api/statements. */
export const Statement = Type.Object({
  id: Type.String(),
  title: Type.String(),
  distributor: Type.Object({ id: Type.String(), name: Type.String() }),
  /** The label account the statement belongs to (admins and overseers see every account's). */
  account: Type.Object({ id: Type.String(), name: Type.String() }),
  /** `YYYY-MM`. */
  period: Type.String(),
  origin: StatementOrigin,
  status: Type.String(),
  state: Type.String({ description: 'The statement machine state (machines/statementMachine.ts)' }),
  step: Type.Union([Type.String(), Type.Null()], { description: 'Pipeline step label' }),
  flags: Type.Object({
    forced: Type.Boolean(),
    expedited: Type.Boolean(),
    cashless: Type.Boolean(),
  }),
  next: Type.Array(Type.String(), { description: 'Commands the machine allows now' }),
  receivedFunds: Type.Union([Type.String(), Type.Null()]),
  /** The rate the uploader gave: amounts in `from` were converted into the statement's `to`. */
  exchange: Type.Union([ExchangeRate, Type.Null()]),
  /** `YYYY-MM-DD`. */
  statementDate: Type.Union([Type.String(), Type.Null()]),
  calculationId: Type.Union([Type.String(), Type.Null()]),
  receivedAt: EpochSeconds,
  expected: Type.Union([Type.String(), Type.Null()]),
  files: Type.Array(StatementFile),
  records: Type.Integer(),
  errors: Type.Integer(),
  missingCodes: Type.Integer(),
  /** The total is held for the label's confirmation; null when it is not. */
  totalHold: Nullable(TotalHold),
  revenue: Type.String({ description: 'Sum of the records, exact' }),
  currency: Type.Union([Type.String(), Type.Null()]),
});
export type Statement = Static<typeof Statement>;

export const StatementList = ListOf(Statement);
export type StatementList = Static<typeof StatementList>;

/**
 * GET /api/statements: the list query and a status filter. The status names come from the
 * statement machine, which the contract does not import, so the server passes them in.
 */
export const statementListQuery = (statuses: readonly string[]) =>
  Type.Object(
    {
      ...ListQuery.properties,
      status: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...statuses] })),
    },
    { additionalProperties: false },
  );
export type StatementListQuery = Static<ReturnType<typeof statementListQuery>>;

/** GET /api/statements/{id}/errors: a row of a file that could not be read. */
export const StatementRowError = Type.Object({
  fileName: Type.String(),
  row: Type.Integer(),
  field: Type.String(),
  message: Type.String(),
});
export type StatementRowError = Static<typeof StatementRowError>;

export const StatementRowErrorList = ListOf(StatementRowError);
export type StatementRowErrorList = Static<typeof StatementRowErrorList>;

/** GET /api/statements/{id}/missing-codes: a code of the statement no product has yet. */
export const MissingCode = Type.Object({
  code: Type.String(),
  kind: Type.String(),
  rows: Type.Integer(),
  revenue: Type.String(),
});
export type MissingCode = Static<typeof MissingCode>;

export const MissingCodeList = ListOf(MissingCode);
export type MissingCodeList = Static<typeof MissingCodeList>;

/** GET /api/statements/{id}/records: one record read from a file. */
export const StatementRecord = Type.Object({
  fileName: Type.String(),
  row: Type.Integer(),
  code: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  artist: Type.String(),
  service: Type.String(),
  /** As the statement wrote it (`Song`, `Ad-Supported Stream`). */
  format: Type.String(),
  /** `format` classified at import: `stream`, `download`, `physical`, `video` or `other`. */
  formatKind: Type.Unsafe<FormatKind>({ type: 'string', enum: [...FORMAT_KINDS] }),
  territory: Type.Union([Type.String(), Type.Null()]),
  /** Integer, as text. */
  units: Type.String(),
  revenue: Type.String(),
  /** `YYYY-MM-DD`. */
  date: Type.Union([Type.String(), Type.Null()]),
  currency: Type.Union([Type.String(), Type.Null()]),
});
export type StatementRecord = Static<typeof StatementRecord>;

export const StatementRecordList = ListOf(StatementRecord);
export type StatementRecordList = Static<typeof StatementRecordList>;

/** The answer of every pipeline command: the statement's status after it. */
export const CommandDone = Type.Object({
  id: Type.String(),
  status: Type.String(),
  state: Type.String(),
});
export type CommandDone = Static<typeof CommandDone>;

/** POST /api/statements/{id}/funds: an incoming amount, positive. */
export const FundsRequest = Type.Object(
  {
    amount: Type.String({ pattern: MONEY_PATTERN }),
    /** Names one submission of the form: sent again (a double click), it records nothing more. */
    requestId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type FundsRequest = Static<typeof FundsRequest>;

/** POST /api/statements/{id}/move: the new statement date, `YYYY-MM-DD`. */
export const MoveRequest = Type.Object(
  { date: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }) },
  { additionalProperties: false },
);
export type MoveRequest = Static<typeof MoveRequest>;

/** A royalty line or an adjustment entered by hand. */
export const Adjustment = Type.Object({
  id: Type.String(),
  code: Type.String(),
  /** Integer, as text. */
  units: Type.String(),
  /** Negative for a deduction. */
  amount: Type.String(),
  description: Type.String(),
  createdAt: EpochSeconds,
});
export type Adjustment = Static<typeof Adjustment>;

export const AdjustmentList = ListOf(Adjustment);
export type AdjustmentList = Static<typeof AdjustmentList>;

/** POST /api/statements/{id}/adjustments. */
export const NewAdjustment = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 64 }),
    /** May be negative, never zero. */
    amount: Type.String({ pattern: SIGNED_MONEY_PATTERN }),
    units: Type.Optional(Type.Integer({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
    description: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type NewAdjustment = Static<typeof NewAdjustment>;

/** GET /api/statements/{id}/events: one event of the statement's stream and the state after it. */
export const StatementHistoryEvent = Type.Object({
  version: Type.Integer(),
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  actor: Type.Union([Type.String(), Type.Null()]),
  /** The full name of who did it, as the history names them; null for the portal's own steps. */
  actorName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  emulatingActor: Type.Union([Type.String(), Type.Null()]),
  at: EpochSeconds,
  state: Type.String(),
});
export type StatementHistoryEvent = Static<typeof StatementHistoryEvent>;

export const StatementHistory = ListOf(StatementHistoryEvent);
export type StatementHistory = Static<typeof StatementHistory>;

/**
 * GET /api/statements/{id}/split-changes: a save of split sets the pending result was not
 * calculated with; a null product is the account's default splits.
 */
export const StatementSplitChange = Type.Object({
  productId: Type.Union([Type.String(), Type.Null()]),
  productTitle: Type.Union([Type.String(), Type.Null()]),
  at: EpochSeconds,
  /** The full name of who saved them, and of the admin emulating them, if any. */
  actor: Type.Union([Type.String(), Type.Null()]),
  emulatingActor: Type.Union([Type.String(), Type.Null()]),
});
export type StatementSplitChange = Static<typeof StatementSplitChange>;

export const StatementSplitChangeList = ListOf(StatementSplitChange);
export type StatementSplitChangeList = Static<typeof StatementSplitChangeList>;

/** One line of the engine output (ENGINE.md "Output"). */
export const ResultLine = Type.Object({
  code: Type.String(),
  productId: Type.String(),
  splitSetId: Type.String(),
  payeeId: Type.String(),
  units: Type.Number(),
  amount: Type.String(),
});
export type ResultLine = Static<typeof ResultLine>;

/** GET /api/statements/{id}/calculation: the engine's exact input and output, as stored. */
export const Calculation = Type.Object({
  calculationId: Type.String(),
  backend: Type.String(),
  input: Type.Record(Type.String(), Type.Unknown()),
  output: Type.Record(Type.String(), Type.Unknown()),
});
export type Calculation = Static<typeof Calculation>;

/** The result lines of a calculation's output, which every engine backend writes. */
export const resultLinesOf = (calculation: Calculation): ResultLine[] =>
  (calculation.output.lines as ResultLine[] | undefined) ?? [];

/** GET /api/statements/{id}/payees: a payee's totals in the current result. */
export const PayeeTotal = Type.Object({
  payeeId: Type.String(),
  fullname: Type.String(),
  earned: Type.String(),
  recouped: Type.String(),
  credited: Type.String(),
  payout: Type.String(),
});
export type PayeeTotal = Static<typeof PayeeTotal>;

export const PayeeTotalList = ListOf(PayeeTotal);
export type PayeeTotalList = Static<typeof PayeeTotalList>;
