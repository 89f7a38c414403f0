// What an overseer works on (/overseer): accounts whose statements need attention, the
// distributors and their templates, and the codes statements name that no product has yet.
import { Type, type Static } from 'typebox';

const Count = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const AttentionAccount = Type.Object({
  accountId: Type.String(),
  name: Type.String(),
  /** The account's owner to emulate, by username; null when it has no owner with a login. */
  ownerUsername: Nullable(Type.String()),
  needsAttention: Count,
  failed: Count,
  waitingForFunds: Count,
  pendingApproval: Count,
  /** Statements of the account with codes no product of it has. */
  missingCodes: Count,
  /** The statement to open first: the oldest that needs something. */
  firstStatementId: Nullable(Type.String()),
});
export type AttentionAccount = Static<typeof AttentionAccount>;

export const OverseerDistributor = Type.Object({
  id: Type.String(),
  name: Type.String(),
  uploadable: Type.Boolean(),
  hasTemplate: Type.Boolean(),
  statements: Count,
});
export type OverseerDistributor = Static<typeof OverseerDistributor>;

export const WaitingCode = Type.Object({
  code: Type.String(),
  kind: Type.String(),
  rows: Count,
  /** Exact decimal revenue of the code's rows, in the statement's currency. */
  revenue: Type.String(),
  currency: Nullable(Type.String()),
  statementId: Type.String(),
  statementTitle: Type.String(),
  accountName: Type.String(),
});
export type WaitingCode = Static<typeof WaitingCode>;

export const OverseerDesk = Type.Object({
  accounts: Type.Array(AttentionAccount),
  distributors: Type.Array(OverseerDistributor),
  /** The codes waiting for a product, the largest revenue first, at most `codesShown`. */
  codes: Type.Array(WaitingCode),
  codesTotal: Count,
});
export type OverseerDesk = Static<typeof OverseerDesk>;
