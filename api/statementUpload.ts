// POST /api/statement/upload: the `body` JSON part that goes with the statement's files, and the answer.
import { Type, type Static } from 'typebox';

/** The rate the uploader gives for a file in another currency than the statement's. */
export const ExchangeRate = Type.Object(
  {
    from: Type.String({ pattern: '^[A-Z]{3}$' }),
    to: Type.String({ pattern: '^[A-Z]{3}$' }),
    /** Exact decimal text above zero, at most 12 decimals. */
    rate: Type.String({ maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type ExchangeRate = Static<typeof ExchangeRate>;

/** SPEC section 3, "Upload request". */
export const UploadRequest = Type.Object(
  {
    distributor: Type.String({ minLength: 1 }),
    /** `YYYY-MM`. */
    report_month: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }),
    /** The amount the label expects to receive, as exact decimal text. */
    expected: Type.Union([Type.String(), Type.Null()]),
    /** A cashless statement computes the splits and moves no money; false when left out. */
    cashless: Type.Optional(Type.Boolean()),
    /** Amounts in `from` are converted into `to` at `rate` (1 from = rate to), exactly. */
    exchange: Type.Optional(Type.Union([ExchangeRate, Type.Null()])),
    /**
     * The label account the statement belongs to: admins and overseers, who belong to the
     * portal's own account, must name it; others may leave it out or name their own.
     */
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type UploadRequest = Static<typeof UploadRequest>;

/** The answer: a list whose first item is the new statement, with the ids of its files. */
export const UploadedStatements = Type.Array(
  Type.Object({
    id: Type.String(),
    files: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  }),
);
export type UploadedStatements = Static<typeof UploadedStatements>;
