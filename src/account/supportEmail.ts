/** Where a support contact is written in the failure texts (SPEC section 8, {email}). */
export const SUPPORT_EMAIL =
  (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) || 'support@royalty-portal.example';
