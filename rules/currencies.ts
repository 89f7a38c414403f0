/**
 * How many minor units a currency has (2 for USD, 0 for JPY, 3 for KWD), from the ISO 4217 data
 * every Intl implementation carries; a code Intl does not know counts as 2.
 */
export function minorUnitsOf(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}
