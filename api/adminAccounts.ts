// The admin's view of any account: its people, how complete it is before it can be paid, and
// the admin's actions on a person (lock, unlock, e-mails, delete after typing DELETE).
import { Type, type Static } from 'typebox';
import { Account } from './accounts';
import { BusinessStateSchema } from './business';
import { EpochSeconds } from './common';

/** What is still missing before the account can be paid. */
export const completionItems = [
  'claimed-login',
  'verified-bank-account',
  'business-details',
  'beneficial-owners',
  'certification',
] as const;
export type CompletionItem = (typeof completionItems)[number];

export const AccountPerson = Type.Object({
  id: Type.String(),
  fullname: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  /** pending (not yet activated or claimed), active, deleted. */
  status: Type.String(),
  lastLogin: Type.Union([EpochSeconds, Type.Null()]),
  lockedUntil: Type.Union([EpochSeconds, Type.Null()]),
  failedLogins: Type.Integer(),
  bankAccount: Type.Union([
    Type.Literal('none'),
    Type.Literal('verification-pending'),
    Type.Literal('verified'),
  ]),
  /** What this person still needs before they can be paid. */
  missing: Type.Array(Type.Unsafe<CompletionItem>({ type: 'string', enum: [...completionItems] })),
});
export type AccountPerson = Static<typeof AccountPerson>;

export const AdminAccount = Type.Object({
  account: Account,
  isBusiness: Type.Boolean(),
  businessState: Type.Union([BusinessStateSchema, Type.Null()]),
  /** What the account itself (its business) still needs. */
  missing: Type.Array(Type.Unsafe<CompletionItem>({ type: 'string', enum: [...completionItems] })),
  people: Type.Array(AccountPerson),
});
export type AdminAccount = Static<typeof AdminAccount>;

/** An admin deletes a person only after typing DELETE (SPEC section 5). */
export const DeleteConfirmation = Type.Object(
  { confirmation: Type.String({ maxLength: 20 }) },
  { additionalProperties: false },
);
export type DeleteConfirmation = Static<typeof DeleteConfirmation>;

export const DELETE_WORD = 'DELETE';
export const DELETE_NOT_CONFIRMED = 'An admin account delete requires the user to type DELETE.';
