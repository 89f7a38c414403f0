// The wallet balance of the account (SPEC section 7, GET payment-method/balance).
import { Type, type Static } from 'typebox';

export const Money = Type.Object({
  amount: Type.String({ description: 'Exact decimal amount' }),
  currency: Type.String(),
});
export type Money = Static<typeof Money>;

export const WalletBalance = Type.Object({ total: Money });
export type WalletBalance = Static<typeof WalletBalance>;

/** One item per currency, the default currency first. */
export const WalletBalances = Type.Array(WalletBalance);
export type WalletBalances = Static<typeof WalletBalances>;
