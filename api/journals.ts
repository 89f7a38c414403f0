// Journals for the books (issue 42): per closed period, the journal entries of everything the
// ledger moved for the label, as JSON or as the CSV files QuickBooks Online and Xero import, and
// the label's chart of accounts they post to.
import { Type, type Static } from 'typebox';
import { BOOK_CATEGORIES, BOOK_CODE_MAX, BOOK_NAME_MAX } from '../rules/journals';

// Typed as the union of the values: a union built from a mapped array infers as never.
const literals = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

export const BookCategorySchema = literals(BOOK_CATEGORIES);

export const BookAccountMapping = Type.Object(
  {
    category: BookCategorySchema,
    code: Type.String({ minLength: 1, maxLength: BOOK_CODE_MAX }),
    name: Type.String({ minLength: 1, maxLength: BOOK_NAME_MAX }),
  },
  { additionalProperties: false },
);
export type BookAccountMapping = Static<typeof BookAccountMapping>;

export const BookSettings = Type.Object({
  /** One per category, in the categories' order: the label's own, or the default. */
  accounts: Type.Array(
    Type.Object({
      category: BookCategorySchema,
      code: Type.String(),
      name: Type.String(),
      /** Still the portal's default: the label has not mapped it. */
      isDefault: Type.Boolean(),
    }),
  ),
  xeroTaxRate: Type.String(),
  /** The settings' version: a change names the one it was made from. */
  version: Type.Integer({ minimum: 0 }),
});
export type BookSettings = Static<typeof BookSettings>;

export const BookSettingsChange = Type.Object(
  {
    version: Type.Integer({ minimum: 0 }),
    accounts: Type.Array(BookAccountMapping, { maxItems: BOOK_CATEGORIES.length }),
    xeroTaxRate: Type.String({ minLength: 1, maxLength: BOOK_NAME_MAX }),
  },
  { additionalProperties: false },
);
export type BookSettingsChange = Static<typeof BookSettingsChange>;

export const JournalLine = Type.Object({
  category: BookCategorySchema,
  code: Type.String(),
  name: Type.String(),
  /** Exact decimal text in the currency's minor units; null on a credit line. */
  debit: Type.Union([Type.String(), Type.Null()]),
  /** Exact decimal text in the currency's minor units; null on a debit line. */
  credit: Type.Union([Type.String(), Type.Null()]),
});
export type JournalLine = Static<typeof JournalLine>;

export const JournalEntry = Type.Object({
  /** `<period>-NN`, unique in the period: QuickBooks' journal number. */
  number: Type.String(),
  movement: Type.String(),
  currency: Type.String(),
  /** The period's last day, `YYYY-MM-DD`. */
  date: Type.String(),
  description: Type.String(),
  /** What the ledger moved, exact (up to 12 decimals); the lines book it in minor units. */
  ledgerAmount: Type.String(),
  lines: Type.Array(JournalLine),
});
export type JournalEntry = Static<typeof JournalEntry>;

export const Journal = Type.Object({
  period: Type.String(),
  date: Type.String(),
  entries: Type.Array(JournalEntry),
});
export type Journal = Static<typeof Journal>;

export const JOURNAL_FORMATS = ['quickbooks', 'xero', 'trial-balance'] as const;
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];

export const JournalParams = Type.Object({
  period: Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2]|Q[1-4])$' }),
});

export const JournalQuery = Type.Object(
  {
    /** Absent: the journal as JSON; otherwise that CSV file. */
    format: Type.Optional(literals(JOURNAL_FORMATS)),
    /** Only this currency's entries (Xero's manual journals are in one currency). */
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  },
  { additionalProperties: false },
);
export type JournalQuery = Static<typeof JournalQuery>;
