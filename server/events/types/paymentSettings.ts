/**
 * The `paymentsettings-<account id>` stream: how a label pays its payees. Neither value is shown
 * to payees (SPEC section 9: the payment minimum is a configurable amount, not shown).
 */
export type PaymentSettingsEvent =
  /** Below this payable amount in the currency a payee's payments wait; 0 pays every cent. */
  | { type: 'PaymentMinimumSet'; data: { currency: string; amount: string } }
  /** On: a returned transfer goes back to the label's funds; off: it is kept for its retry. */
  | { type: 'PassbackModeSet'; data: { passback: boolean } };
