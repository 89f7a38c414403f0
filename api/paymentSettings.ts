// How a label pays its payees (SPEC sections 3 "Account: passback mode", 4 "Passback mode", 9
// "Values of payment minimum ... are configurable amounts"): set by the label's staff, never
// shown to payees.
import { Type, type Static } from 'typebox';

export const PaymentMinimum = Type.Object(
  {
    currency: Type.String({ minLength: 1, maxLength: 10 }),
    /** Exact decimal text; a payee's payments wait while what they are owed is below it. */
    amount: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type PaymentMinimum = Static<typeof PaymentMinimum>;

export const PaymentSettings = Type.Object({
  /** On: a returned transfer goes back to the label's funds; off: it is kept for its retry. */
  passback: Type.Boolean(),
  /** One per currency set; a currency not listed has a minimum of 0. */
  paymentMinimums: Type.Array(PaymentMinimum),
  /** The settings' version: a change names the one it was made from. */
  version: Type.Integer({ minimum: 0 }),
});
export type PaymentSettings = Static<typeof PaymentSettings>;

export const PaymentSettingsChange = Type.Object(
  {
    version: Type.Integer({ minimum: 0 }),
    passback: Type.Boolean(),
    paymentMinimums: Type.Array(PaymentMinimum, { maxItems: 50 }),
  },
  { additionalProperties: false },
);
export type PaymentSettingsChange = Static<typeof PaymentSettingsChange>;
