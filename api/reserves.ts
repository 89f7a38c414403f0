// Reserves against returns (README "Reserves against returns"): a label's rules, set by its
// staff as the payment settings are, and the reserve each payee is withheld on a statement.
import { Type, type Static } from 'typebox';

export const ReserveRule = Type.Object(
  {
    scope: Type.Union([Type.Literal('product'), Type.Literal('format')]),
    /** The product's id, or the format: physical, download, video or other. */
    target: Type.String({ minLength: 1, maxLength: 100 }),
    /** Of the payee's earnings on the lines the rule covers: 0 to 100, up to 4 decimals. */
    percent: Type.String({ minLength: 1, maxLength: 10 }),
    release: Type.Object(
      {
        /** `after`: all after `periods` periods; `spread`: equal parts over `periods` periods. */
        kind: Type.Union([Type.Literal('after'), Type.Literal('spread')]),
        periods: Type.Integer({ minimum: 1, maximum: 120 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type ReserveRule = Static<typeof ReserveRule>;

export const ReserveRules = Type.Object({
  rules: Type.Array(
    Type.Intersect([
      ReserveRule,
      Type.Object({ productTitle: Type.Union([Type.String(), Type.Null()]) }),
    ]),
  ),
  /** The rules' version: a change names the one it was made from. */
  version: Type.Integer({ minimum: 0 }),
});
export type ReserveRules = Static<typeof ReserveRules>;

export const ReserveRulesChange = Type.Object(
  {
    version: Type.Integer({ minimum: 0 }),
    rules: Type.Array(ReserveRule, { maxItems: 500 }),
  },
  { additionalProperties: false },
);
export type ReserveRulesChange = Static<typeof ReserveRulesChange>;

/** What one payee's reserve takes on a statement, and when what is withheld comes back. */
export const PayeeReserve = Type.Object({
  payeeId: Type.String(),
  /** Returns charged to the reserve before the payee's balance. */
  charged: Type.String(),
  withheld: Type.String(),
  releases: Type.Array(
    Type.Object({ period: Type.String(), dueOn: Type.String(), amount: Type.String() }),
  ),
});
export type PayeeReserve = Static<typeof PayeeReserve>;
