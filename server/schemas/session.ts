import { Type, type Static } from 'typebox';
import { resources } from '../auth/permissions';
import { roles } from '../auth/permissions';
import type { Role } from '../events/types';

export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

const RoleSchema = Type.Unsafe<Role>({ type: 'string', enum: [...roles] });
const PermissionSchema = Type.String({
  pattern: `^(${resources.join('|')}):(ro|rw)$`,
});

export const SessionBody = Type.Object({
  status: Type.Literal('ok'),
  account: Type.Object({ id: Type.String(), name: Type.String() }),
  fullname: Type.String(),
  username: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(RoleSchema),
  permissions: Type.Array(PermissionSchema),
  settings: Type.Object({ language: Type.String() }),
  /** The account being emulated, with the roles and permissions requests now act with. */
  emulation: Type.Union([
    Type.Null(),
    Type.Object({
      account: Type.Object({ id: Type.String(), name: Type.String() }),
      username: Type.Union([Type.String(), Type.Null()]),
      fullname: Type.String(),
      roles: Type.Array(RoleSchema),
      permissions: Type.Array(PermissionSchema),
    }),
  ]),
  environment: Type.String(),
  /** Seconds until the session expires. */
  expiry: Type.Integer(),
});

export type SessionBody = Static<typeof SessionBody>;
