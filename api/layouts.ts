// A label's own layouts: versions of a distributor's statement layout that one label account adds
// for itself (from a sample file), read beside the distributor's shipped ones for that account only.
import { Type, type Static } from 'typebox';
import type { LayoutVersion, SourceField } from '../rules/templateSchema';
import { EpochSeconds, FileBytes, ListOf } from './common';
import { Encoding } from './statementUpload';

const Named = Type.Object({ id: Type.String(), name: Type.String() });

// Checked whole by templateProblems (rules/templateSchema.ts), which answers the editor's texts.
export const LayoutVersionBody = Type.Unsafe<LayoutVersion>(
  Type.Record(Type.String(), Type.Unknown(), {
    description: 'A LayoutVersion (rules/templateSchema.ts)',
  }),
);

/** One of the account's own layouts of a distributor. */
export const AccountLayout = Type.Object({
  id: Type.String(),
  account: Named,
  distributor: Named,
  layout: LayoutVersionBody,
  createdAt: EpochSeconds,
  /** Who added it; null when that person is no longer known. */
  createdBy: Type.Union([Named, Type.Null()]),
  changedAt: EpochSeconds,
  /** For the optimistic check of a change or a removal. */
  version: Type.Integer(),
});
export type AccountLayout = Static<typeof AccountLayout>;

export const AccountLayoutList = ListOf(AccountLayout);
export type AccountLayoutList = Static<typeof AccountLayoutList>;

/** GET /api/layouts: the account's layouts, of one distributor when named. */
export const AccountLayoutQuery = Type.Object(
  {
    distributorId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Admins name the label account; everyone else reads their own. */
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  },
  { additionalProperties: false },
);
export type AccountLayoutQuery = Static<typeof AccountLayoutQuery>;

/** POST /api/layouts. */
export const NewAccountLayout = Type.Object(
  {
    distributorId: Type.String({ minLength: 1, maxLength: 100 }),
    layout: LayoutVersionBody,
    /** Admins name the label account; everyone else adds layouts to their own. */
    accountId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type NewAccountLayout = Static<typeof NewAccountLayout>;

/** PATCH /api/layouts/{id}. */
export const AccountLayoutPatch = Type.Object(
  { version: Type.Integer({ minimum: 1 }), layout: LayoutVersionBody },
  { additionalProperties: false },
);
export type AccountLayoutPatch = Static<typeof AccountLayoutPatch>;

/** DELETE /api/layouts/{id}?version=: the version the label saw, so a removal never hides a change. */
export const AccountLayoutRemoval = Type.Object(
  { version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

/** The record fields a column can be read as, beside the codes and the currency. */
export type ProposedField = SourceField;

/**
 * What a sample's column was mapped to: a kind of code, a record field, the currency, the sign, or
 * nothing.
 */
export const ColumnMapping = Type.Object({
  column: Type.String(),
  /**
   * `code`, a record field, `currency`, `sign` (its values make a row negative), or null when the
   * column is left unmapped.
   */
  field: Type.Union([Type.String(), Type.Null()]),
  /** The code's kind (`isrc`, `upc`, `custom`) for a code column. */
  kind: Type.Optional(Type.String()),
  /** True for a column subtracted from the field (a fee taken off a gross amount). */
  subtract: Type.Optional(Type.Boolean()),
});
export type ColumnMapping = Static<typeof ColumnMapping>;

/** A column that could hold revenue or units, with what it would read over the sample. */
export const ColumnCandidate = Type.Object({
  /** The column's name as the layout writes it (`Revenue {currency}` for `Revenue EUR`). */
  column: Type.String(),
  /** The name as the sample's header writes it. */
  header: Type.String(),
  /** True when the currency is read from this column's name (no currency column). */
  currencyFromHeader: Type.Boolean(),
  /** The sample's total of this column per currency (null: the sample does not say). */
  totals: Type.Array(
    Type.Object({ currency: Type.Union([Type.String(), Type.Null()]), total: Type.String() }),
  ),
});
export type ColumnCandidate = Static<typeof ColumnCandidate>;

/**
 * A money field the proposal does not choose alone: two columns could hold it, or the only one
 * reads as gross. The label picks one of the candidates (best first) before the layout is saved.
 */
export const FieldChoice = Type.Object({
  field: Type.Union([Type.Literal('revenue'), Type.Literal('units')]),
  candidates: Type.Array(ColumnCandidate),
});
export type FieldChoice = Static<typeof FieldChoice>;

/** A column named like revenue or units whose values are ids, codes, dates or text: not taken. */
export const SetAsideColumn = Type.Object({
  column: Type.String(),
  field: Type.Union([Type.Literal('revenue'), Type.Literal('units')]),
  looksLike: Type.Union([
    Type.Literal('ids'),
    Type.Literal('codes'),
    Type.Literal('dates'),
    Type.Literal('rates'),
    Type.Literal('text'),
    Type.Literal('amounts'),
  ]),
});
export type SetAsideColumn = Static<typeof SetAsideColumn>;

/** POST /api/layouts/proposal: a layout version proposed from a sample file's header. */
export const LayoutProposal = Type.Object({
  layout: LayoutVersionBody,
  /** The header row as the sample writes it. */
  header: Type.Array(Type.String()),
  /** 1-based row of the header in the sample (a spreadsheet's row, a text file's line). */
  headerRow: Type.Integer(),
  columns: Type.Array(ColumnMapping),
  /** Required fields no column could be mapped to: `codes`, `units`, `revenue`. */
  missing: Type.Array(Type.String()),
  /** Money fields left for the label to pick (not in the layout until picked). */
  choices: Type.Array(FieldChoice),
  /** Columns whose name fits revenue or units and whose values do not. */
  setAside: Type.Array(SetAsideColumn),
  /** Null for a spreadsheet, whose cells carry their own text. */
  encoding: Type.Union([Encoding, Type.Null()]),
  encodingSure: Type.Boolean(),
  /** What the sample's amounts say; null when none of them tells. */
  decimalSeparator: Type.Union([Type.Literal('point'), Type.Literal('comma'), Type.Null()]),
});
export type LayoutProposal = Static<typeof LayoutProposal>;

/** The part of POST /api/layouts/proposal: the sample statement whose header is read. */
export const LayoutSampleParts = Type.Object({ file: FileBytes });
