// POST /api/statement/upload: the `body` JSON part that goes with the statement's files, and the answer.
import { Type, type Static } from 'typebox';
import { TEXT_ENCODINGS, type TextEncoding } from '../rules/encodings';
import { MONEY_PATTERN } from '../rules/money';
import { FileBytes } from './common';

/** A statement's month, `YYYY-MM`: the upload form and the server read it with this one pattern. */
export const REPORT_MONTH_PATTERN = '^([0-9]{4})-(0[1-9]|1[0-2])$';

/**
 * An amount the uploader types (the payment expected, an exchange rate): exact decimal text within
 * the portal's limit on amounts (rules/money.ts), never negative.
 */
export const UPLOAD_AMOUNT_PATTERN = MONEY_PATTERN;

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

/** A text encoding by its WHATWG name (rules/encodings.ts). */
export const Encoding = Type.Unsafe<TextEncoding>(Type.String({ enum: [...TEXT_ENCODINGS] }));

/** SPEC section 3, "Upload request". */
export const UploadRequest = Type.Object(
  {
    distributor: Type.String({ minLength: 1 }),
    /** `YYYY-MM`. */
    report_month: Type.String({ pattern: REPORT_MONTH_PATTERN }),
    /** The amount the label expects to receive, as exact decimal text; null or left out: none. */
    expected: Type.Optional(
      Type.Union([Type.String({ pattern: UPLOAD_AMOUNT_PATTERN }), Type.Null()]),
    ),
    /** A cashless statement computes the splits and moves no money; false when left out. */
    cashless: Type.Optional(Type.Boolean()),
    /** Amounts in `from` are converted into `to` at `rate` (1 from = rate to), exactly. */
    exchange: Type.Optional(Type.Union([ExchangeRate, Type.Null()])),
    /**
     * The label account the statement belongs to: admins and overseers, who belong to the
     * portal's own account, must name it; others may leave it out or name their own.
     */
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /**
     * The text encoding the uploader confirmed for a file, by file name (from
     * `POST /api/statement/preview`): the file is read in it, whatever is detected or declared.
     */
    encodings: Type.Optional(Type.Record(Type.String(), Encoding)),
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

/** The `body` part of `POST /api/statement/preview`: what the uploader has chosen so far. */
export const PreviewRequest = Type.Object(
  {
    /** The distributor chosen, if any: a file that does not match it gets its closest layout. */
    distributor: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** The encoding the uploader picked instead of the detected one, for every text file. */
    encoding: Type.Optional(Encoding),
  },
  { additionalProperties: false },
);
export type PreviewRequest = Static<typeof PreviewRequest>;

const LayoutMatch = {
  distributorId: Type.String(),
  distributor: Type.String(),
  /** The layout version's name. */
  layout: Type.String(),
};

/** A territory's share of one currency's revenue in a reading (rules/readingSummary.ts). */
export const TerritoryTotal = Type.Object({
  territory: Type.Union([Type.String(), Type.Null()]),
  revenue: Type.String(),
  rows: Type.Integer(),
});

/** What a reading gives in one currency: shown before it counts. Amounts are exact decimal text. */
export const CurrencySummary = Type.Object({
  currency: Type.Union([Type.String(), Type.Null()]),
  rows: Type.Integer(),
  revenue: Type.String(),
  units: Type.String(),
  firstDate: Type.Union([Type.String(), Type.Null()]),
  lastDate: Type.Union([Type.String(), Type.Null()]),
  territories: Type.Array(TerritoryTotal),
});

/**
 * A reading's summary per currency. `partial`: only the start of the file was read (the
 * preview's sample of a large text file), its first `rows` rows.
 */
export const ReadingSummaryAnswer = Type.Object({
  partial: Type.Boolean(),
  currencies: Type.Array(CurrencySummary),
});
export type ReadingSummaryAnswer = Static<typeof ReadingSummaryAnswer>;

/** What the start of one file says; nothing is stored. */
export const FilePreview = Type.Object({
  name: Type.String(),
  /** Null for a spreadsheet. */
  encoding: Type.Union([Encoding, Type.Null()]),
  /** False: the uploader looks at `rows` and confirms the encoding or picks another. */
  encodingSure: Type.Boolean(),
  /** Other encodings that read the start of the file as plausible text, best first. */
  encodings: Type.Array(Encoding),
  /** The distributors (among those the account can upload to) whose layout the header matches. */
  matches: Type.Array(Type.Object(LayoutMatch)),
  /** When nothing matches, or not the chosen distributor: its nearest layout and what it misses. */
  closest: Type.Union([
    Type.Object({ ...LayoutMatch, missing: Type.Array(Type.String()) }),
    Type.Null(),
  ]),
  /** The first rows of a text file, decoded in `encoding`. */
  rows: Type.Array(Type.Array(Type.String())),
  /** Why the file cannot be read at all. */
  problem: Type.Union([Type.String(), Type.Null()]),
  /** What the file reads to per currency in the layout it matches; null when none matches. */
  reading: Type.Union([ReadingSummaryAnswer, Type.Null()]),
});
export type FilePreview = Static<typeof FilePreview>;

export const StatementPreview = Type.Object({
  files: Type.Array(FilePreview),
  /** The one distributor every readable file matches, to propose; null when there is none. */
  distributorId: Type.Union([Type.String(), Type.Null()]),
});
export type StatementPreview = Static<typeof StatementPreview>;

/** The most files one statement upload, retry or preview takes. */
export const MAX_STATEMENT_FILES = 20;

/** The statement's files, as `file` parts: CSV, TSV, text, XLSX or XLS, compressed or not. */
const StatementFiles = Type.Array(FileBytes, { minItems: 1, maxItems: MAX_STATEMENT_FILES });

/**
 * The parts of `POST /api/statement/upload` and of the partner intake: the `body` part first, then
 * the files.
 */
export const UploadParts = Type.Object({
  body: Type.String({
    description:
      'The upload details as JSON text: distributor, report_month (YYYY-MM), expected, and optionally cashless, exchange, accountId, encodings',
  }),
  file: StatementFiles,
});

/** The parts of `POST /api/statement/preview`: what is chosen so far, then the files. */
export const PreviewParts = Type.Object({
  body: Type.Optional(
    Type.String({ description: 'As JSON text: distributor and encoding, both optional' }),
  ),
  file: StatementFiles,
});

/** The parts of `POST /api/statements/{id}/retry`: the corrected files. */
export const RetryParts = Type.Object({ file: StatementFiles });

/** The parts of `POST /api/statements/{id}/files/{fileId}/replace`: the one file replacing it. */
export const ReplaceParts = Type.Object({
  file: Type.Array(FileBytes, { minItems: 1, maxItems: 1 }),
});

export const StatementFileParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  fileId: Type.String({ minLength: 1, maxLength: 100 }),
});
