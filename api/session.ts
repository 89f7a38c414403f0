// The session calls: log in, read, renew and end a session, and change one's language
// (SPEC section 3, "Session and user preferences").
import { paymentRails, type PaymentRail } from '../rules/paymentRails';
import { Type, type Static } from 'typebox';
import { LANGUAGES, type Language } from '../rules/languages';
import { resources, roles, type Role } from '../rules/permissions';

export const Credentials = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type Credentials = Static<typeof Credentials>;

export const SessionSettings = Type.Object(
  { language: Type.Unsafe<Language>({ type: 'string', enum: [...LANGUAGES] }) },
  { additionalProperties: false },
);
export type SessionSettings = Static<typeof SessionSettings>;

const RoleName = Type.Unsafe<Role>({ type: 'string', enum: [...roles] });
/** `resource:ro` or `resource:rw`. */
const PermissionName = Type.String({ pattern: `^(${resources.join('|')}):(ro|rw)$` });
const AccountRef = Type.Object({ id: Type.String(), name: Type.String() });

/** The account being emulated: while set, the server acts with these roles and permissions. */
export const SessionEmulation = Type.Object({
  account: AccountRef,
  username: Type.Union([Type.String(), Type.Null()]),
  fullname: Type.String(),
  roles: Type.Array(RoleName),
  permissions: Type.Array(PermissionName),
});
export type SessionEmulation = Static<typeof SessionEmulation>;

/** The answer of every session call: the person logged in, and whom they emulate if anyone. */
export const Session = Type.Object({
  status: Type.Literal('ok'),
  account: AccountRef,
  fullname: Type.String(),
  /** Null while an account has not been claimed. */
  username: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(RoleName),
  permissions: Type.Array(PermissionName),
  /** The person's preferences (SPEC section 9): `auto` time zone, `12hour` clock, `USD` by default. */
  settings: Type.Object({
    language: Type.String(),
    timezone: Type.String(),
    clock: Type.String(),
    currency: Type.String(),
  }),
  emulation: Type.Union([Type.Null(), SessionEmulation]),
  environment: Type.String(),
  /** The partner music hub /ada leads to (SPEC section 2), present when the install configured one. */
  adaHubUrl: Type.Optional(Type.String()),
  /** How the portal pays (PAYMENT_RAIL): the label's bank-file pages show under 'bankfile' only. */
  paymentRail: Type.Optional(
    Type.Unsafe<PaymentRail>(Type.Union(paymentRails.map((rail) => Type.Literal(rail)))),
  ),
  /** Seconds until the session expires, counted from when the answer was sent. */
  expiry: Type.Integer(),
});
export type Session = Static<typeof Session>;
