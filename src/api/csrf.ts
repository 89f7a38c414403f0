/** The csrf value comes from this readable cookie (SPEC section 7). */
export const CSRF_COOKIE = 'portal_csrf';
/** Writes carry it in this header; GETs carry it as the `csrf` query parameter. */
export const CSRF_HEADER = 'x-csrf-token';
