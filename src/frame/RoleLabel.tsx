import { useTranslation } from 'react-i18next';

/** Static keys for the roles of SPEC section 6; an unknown role shows as the server spells it. */
const ROLE_KEYS: Readonly<Record<string, string>> = {
  admin: 'roles.name.admin',
  overseer: 'roles.name.overseer',
  owner: 'roles.name.owner',
  payee: 'roles.name.payee',
  collaborator: 'roles.name.collaborator',
  artist: 'roles.name.artist',
  warranter: 'roles.name.warranter',
};

export function useRoleLabel(): (role: string) => string {
  const { t } = useTranslation();
  return (role) => {
    const key = ROLE_KEYS[role];
    return key ? t(key) : role;
  };
}

export function RoleLabel({ role }: { role: string }) {
  const label = useRoleLabel();
  return <>{label(role)}</>;
}
