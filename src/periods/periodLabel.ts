import type { TFunction } from 'i18next';

/** A period as a reader names it: "March 2026" in their language, or "Q1 2026". */
export function periodLabel(t: TFunction, language: string, key: string): string {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(key);
  if (quarter) return t('periods.label.quarter', { quarter: quarter[2], year: quarter[1] });
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  if (!month) return key;
  const date = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1));
  return new Intl.DateTimeFormat(language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
