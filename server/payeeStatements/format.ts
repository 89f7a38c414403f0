import { minorUnitsOf } from '../../rules/currencies';
import { LANGUAGES } from '../../rules/languages';

/** The reader's language when the portal speaks it, English otherwise. */
export const languageOf = (language: string): string =>
  LANGUAGES.includes(language as never) ? language : 'en';

/**
 * Money as the browser's Money widget shows it: the currency's minor units in the reader's
 * locale, a negative amount in parentheses. The amount stays a decimal string throughout.
 */
export function formatMoney(amount: string, currency: string, language: string): string {
  const minorUnits = minorUnitsOf(currency);
  const negative = amount.startsWith('-') && /[1-9]/.test(amount);
  const text = new Intl.NumberFormat(languageOf(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: minorUnits,
    maximumFractionDigits: minorUnits,
  }).format(amount.replace(/^-/, '') as Intl.StringNumericLiteral);
  return negative ? `(${text})` : text;
}

/** The exact amount, every decimal the ledger keeps, for what a rounded figure would hide. */
export function formatExact(amount: string, currency: string, language: string): string {
  const negative = amount.startsWith('-') && /[1-9]/.test(amount);
  const text = new Intl.NumberFormat(languageOf(language), {
    style: 'currency',
    currency,
    minimumFractionDigits: minorUnitsOf(currency),
    maximumFractionDigits: 12,
  }).format(amount.replace(/^-/, '') as Intl.StringNumericLiteral);
  return negative ? `(${text})` : text;
}

export function formatUnits(units: number, language: string): string {
  return new Intl.NumberFormat(languageOf(language)).format(units);
}

/** A period `2026-09` as the reader names the month: `September 2026`, `2026年9月`. */
export function formatPeriod(period: string, language: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  if (!year || !month) return period;
  return new Intl.DateTimeFormat(languageOf(language), {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
