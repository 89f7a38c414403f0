/** SPEC section 9: the emulate search answers at most 250 users. */
export const EMULATE_LIMIT = 250;

/** SPEC section 5: the emulate search sends its text only when longer than 2 characters. */
export const EMULATE_MIN_SEARCH = 3;
