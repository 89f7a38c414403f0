import Decimal from 'decimal.js';

/**
 * Decimals exact for the ledger's amounts and their sums: 15 digits before the point and 12 after
 * overflow decimal.js's default 20 significant digits, which would round a sum of them.
 */
export const Exact = Decimal.clone({ precision: 64 });
export type Exact = Decimal;
