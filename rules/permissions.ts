// The roles and resources of the permission model (SPEC section 6), shared by the server's checks
// and the contract's session schema.

export const roles = [
  'admin',
  'overseer',
  'owner',
  'payee',
  'collaborator',
  'artist',
  'warranter',
] as const;

export type Role = (typeof roles)[number];

/** The roles paid out of statements: a manager invites a payee with one of them. */
export const payeeRoles = [
  'payee',
  'collaborator',
  'artist',
  'warranter',
] as const satisfies readonly Role[];
export type PayeeRole = (typeof payeeRoles)[number];

/** The 14 resources of the permission model (SPEC section 6). */
export const resources = [
  'dashboard',
  'analytics',
  'statement',
  'payment',
  'transaction',
  'distributor',
  'recoup',
  'product',
  'artist',
  'emulate',
  'account',
  'user',
  'import',
  'payment-method',
] as const;

export type Resource = (typeof resources)[number];
export type Access = 'ro' | 'rw';
export type Permission = `${Resource}:${Access}`;

/**
 * Who may upload an account's statements (`POST /api/statement/upload`), and so create, list and
 * revoke the intake keys a distributor sends them with. Reading imports (`import:ro`) is not enough.
 */
export const STATEMENT_UPLOADERS = [
  'statement:rw',
  'import:rw',
] as const satisfies readonly Permission[];

/** Who reads the distributor list: its own readers, and those who import or read statements. */
export const DISTRIBUTOR_READERS = [
  'distributor:ro',
  'import:ro',
  'statement:ro',
] as const satisfies readonly Permission[];
