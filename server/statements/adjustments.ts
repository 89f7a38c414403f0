/** Before calculation starts, lines can still be added by hand. */
export const EDITABLE_STATES = new Set(['needsAttention', 'pending', 'awaitingFunds', 'funded']);
