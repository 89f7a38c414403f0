import {
  resources,
  roles,
  type Access,
  type Permission,
  type Resource,
  type Role,
} from '../../rules/permissions';

export { resources, roles };
export type { Access, Permission, Resource };

const all = (access: Access): Permission[] =>
  resources.map((resource): Permission => `${resource}:${access}`);

/** What each named role may do; a user holds the union of their roles' permissions. */
const rolePermissions: Record<Role, Permission[]> = {
  admin: all('rw'),
  overseer: [
    ...all('ro').filter((permission) => permission !== 'emulate:ro'),
    'emulate:ro',
    'product:rw',
    'distributor:rw',
    'recoup:rw',
  ],
  owner: [
    'dashboard:rw',
    'analytics:rw',
    'statement:rw',
    'payment:rw',
    'transaction:rw',
    'distributor:ro',
    'recoup:rw',
    'product:rw',
    'artist:rw',
    'account:rw',
    'user:rw',
    'import:rw',
    'payment-method:rw',
  ],
  payee: payeePermissions(),
  collaborator: payeePermissions(),
  artist: [...payeePermissions(), 'artist:ro'],
  warranter: ['dashboard:ro', 'recoup:ro', 'transaction:ro', 'account:rw', 'payment-method:ro'],
};

function payeePermissions(): Permission[] {
  return [
    'dashboard:ro',
    'analytics:ro',
    'product:ro',
    'recoup:ro',
    'payment:ro',
    'transaction:ro',
    'account:rw',
    'payment-method:rw',
  ];
}

export function permissionsOf(userRoles: readonly Role[]): Permission[] {
  const granted = new Set<Permission>();
  for (const role of userRoles)
    for (const permission of rolePermissions[role]) granted.add(permission);
  return [...granted].sort();
}

/** True when the holder may do what `required` asks: rw satisfies a request for ro. */
export function allows(held: readonly Permission[], required: Permission): boolean {
  if (held.includes(required)) return true;
  const [resource, access] = required.split(':') as [Resource, Access];
  return access === 'ro' && held.includes(`${resource}:rw`);
}

/** A route lists what it needs; any one of them is enough. */
export function allowsAny(held: readonly Permission[], required: readonly Permission[]): boolean {
  return required.some((permission) => allows(held, permission));
}
