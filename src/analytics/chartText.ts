import { abbreviateNumber, formatCurrency } from '../format/formatters';

/**
 * A chart's short text for an amount (SPEC section 9): below a thousand the currency with 2
 * decimals, above it abbreviated with K, M, B…; negatives in parentheses. Tables show the exact.
 */
export function shortMoney(amount: number, currency: string, locale: string): string {
  const magnitude = Math.abs(amount);
  if (magnitude < 1000) {
    return formatCurrency(String(amount.toFixed(2)), {
      currency,
      locale,
      maximumFractionDigits: 2,
    });
  }
  const symbol = formatCurrency('0', {
    currency,
    locale,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).replace(/[\d\s.,]/g, '');
  const text = `${symbol}${abbreviateNumber(magnitude)}`;
  return amount < 0 ? `(${text})` : text;
}

/** Units on a chart: abbreviated above a thousand. */
export const shortUnits = (units: number) => abbreviateNumber(units);
