import { actingAs, canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import { useSession } from '../session/useSession';

export interface CatalogAccess {
  /** /products/add: product:rw and the overseer role (SPEC section 6). */
  canAdd: boolean;
  /** Changing products, codes and splits: product:rw. */
  canEdit: boolean;
  /** Inviting payees and sending them account e-mails: user:rw. */
  canManageUsers: boolean;
  canEditArtists: boolean;
}

export function useCatalogAccess(): CatalogAccess {
  const { session } = useSession();
  if (!session)
    return { canAdd: false, canEdit: false, canManageUsers: false, canEditArtists: false };
  const { permissions } = actingAs(session);
  return {
    canAdd: canOpen(routeById('product-add'), session),
    canEdit: permissions.includes('product:rw'),
    canManageUsers: permissions.includes('user:rw'),
    canEditArtists: permissions.includes('artist:rw'),
  };
}
