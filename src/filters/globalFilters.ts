import type { GlobalFilterQuery } from '../api/client';

/**
 * SPEC section 3's global filters: a timeframe (12 months by default), a selected month, an
 * artist and, for staff, a payee. They live in the address (`?months=6&month=2026-09&artist=…`)
 * so a filtered view can be shared, kept on reload and walked back with the back button; the
 * default values are left out of it.
 */
export interface GlobalFilters {
  /** The timeframe in months, or 'all' for every month. */
  months: number | 'all';
  /** A selected month, `YYYY-MM`; it overrides the timeframe. */
  month: string | null;
  artist: string | null;
  payee: string | null;
}

export const DEFAULT_MONTHS = 12;
export const TIMEFRAME_CHOICES = [1, 3, 6, 12, 24, 36, 'all'] as const;
export const FILTER_PARAMS = ['months', 'month', 'artist', 'payee'] as const;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const ID = /^[\w-]{1,100}$/;

/** How far back the Month filter offers months: as far as the longest timeframe reaches. */
export const MONTH_CHOICES = 36;

/**
 * The months the Month filter offers, newest first: this month and the `count - 1` before it
 * (UTC), and the chosen month wherever it falls, so an address naming an older one still shows.
 */
export function monthChoices(today: Date, chosen: string | null, count = MONTH_CHOICES): string[] {
  const months: string[] = [];
  for (let back = 0; back < count; back++) {
    const at = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    months.push(`${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  if (chosen && !months.includes(chosen)) months.push(chosen);
  return months.sort().reverse();
}

/** The filters an address holds; anything unreadable is its default. */
export function readFilters(params: URLSearchParams): GlobalFilters {
  const months = params.get('months');
  const month = params.get('month');
  const artist = params.get('artist');
  const payee = params.get('payee');
  const timeframe: GlobalFilters['months'] =
    months === 'all'
      ? 'all'
      : (TIMEFRAME_CHOICES as readonly (number | string)[]).includes(Number(months))
        ? Number(months)
        : DEFAULT_MONTHS;
  return {
    months: timeframe,
    month: month && MONTH.test(month) ? month : null,
    artist: artist && ID.test(artist) ? artist : null,
    payee: payee && ID.test(payee) ? payee : null,
  };
}

/** The address's other parameters with these filters in place of the ones it had. */
export function writeFilters(params: URLSearchParams, filters: GlobalFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_PARAMS) next.delete(name);
  if (filters.months !== DEFAULT_MONTHS) next.set('months', String(filters.months));
  if (filters.month) next.set('month', filters.month);
  if (filters.artist) next.set('artist', filters.artist);
  if (filters.payee) next.set('payee', filters.payee);
  return next;
}

/** Only the filter parameters of an address, to carry them from page to page. */
export function filterSearch(params: URLSearchParams): string {
  const kept = writeFilters(new URLSearchParams(), readFilters(params));
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** What GETs append (SPEC section 7): the month when one is chosen, otherwise the timeframe. */
export function filterQuery(filters: GlobalFilters): GlobalFilterQuery {
  return {
    ...(filters.month
      ? { month: filters.month }
      : filters.months === 'all'
        ? {}
        : { months: filters.months }),
    ...(filters.artist ? { artist: filters.artist } : {}),
  };
}
