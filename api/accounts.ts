// Accounts: every account for admins and overseers, else the own one.
import { Type, type Static } from 'typebox';
import { EpochSeconds, ListOf } from './common';

export const Account = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  status: Type.String(),
  createdAt: EpochSeconds,
});
export type Account = Static<typeof Account>;

export const AccountList = ListOf(Account);
export type AccountList = Static<typeof AccountList>;
