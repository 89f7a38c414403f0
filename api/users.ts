// Users of an account and the payees who work with it (SPEC section 4, Account).
import { Type, type Static } from 'typebox';
import { LANGUAGES, type Language } from '../rules/languages';
import { payeeRoles, type PayeeRole } from '../rules/permissions';
import { EpochSeconds, ListOf } from './common';

export const User = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  fullname: Type.String(),
  roles: Type.Array(Type.String()),
  status: Type.String(),
  language: Type.String(),
  warranter: Type.Boolean(),
  lastLogin: Type.Union([EpochSeconds, Type.Null()]),
  createdAt: EpochSeconds,
  version: Type.Integer(),
});
export type User = Static<typeof User>;

export const UserList = ListOf(User);
export type UserList = Static<typeof UserList>;

export const UserPatch = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The version the change was made on' }),
    fullname: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    language: Type.Optional(Type.Unsafe<Language>({ type: 'string', enum: [...LANGUAGES] })),
  },
  { additionalProperties: false },
);
export type UserPatch = Static<typeof UserPatch>;

/** The roles a manager may give a payee they invite. */
export const INVITABLE_ROLES = payeeRoles;
export type InvitableRole = PayeeRole;

/**
 * A payee the manager adds: by e-mail (invited, with an activation link), or by name alone, with
 * a blank username to be claimed later (SPEC section 4, Account).
 */
export const NewUser = Type.Object(
  {
    email: Type.Optional(Type.String({ maxLength: 320 })),
    fullname: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    role: Type.Optional(Type.Unsafe<InvitableRole>({ type: 'string', enum: [...INVITABLE_ROLES] })),
  },
  { additionalProperties: false },
);
export type NewUser = Static<typeof NewUser>;

/** The e-mail given later to a person added by name alone: their username once they claim. */
export const PersonEmail = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);
export type PersonEmail = Static<typeof PersonEmail>;

/** The e-mails a manager sends a payee, each through the outbox. */
export type UserMail = 'claim-notification' | 'password-reset' | 'activation';

export const MailSent = Type.Object({ status: Type.Literal('sent') });
export type MailSent = Static<typeof MailSent>;
