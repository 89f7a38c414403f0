import type { ApiClient } from '../api/client';
import type { AnalyticsList, AnalyticsSubject, AnalyticsView } from '../../api/analytics';

/** What narrows a view besides the global filters: one artist's or one product's figures. */
export interface AnalyticsSubjectFilter {
  artist?: string;
  product?: string;
  pending?: boolean;
}

const query = (subject: AnalyticsSubjectFilter) => ({
  ...(subject.artist ? { artist: subject.artist } : {}),
  ...(subject.product ? { product: subject.product } : {}),
  ...(subject.pending ? { pending: true } : {}),
});

/** One view's figures under the page's global filters (SPEC section 7). */
export const readAnalytics = (
  api: ApiClient,
  view: AnalyticsView,
  subject: AnalyticsSubjectFilter,
  signal?: AbortSignal,
) =>
  api.get<AnalyticsList>(`analytics/${view}`, {
    filters: true,
    query: query(subject),
    ...(signal ? { signal } : {}),
  });

/** The same figures as a CSV file, saved under the name the server gives it. */
export const downloadAnalytics = (
  api: ApiClient,
  view: AnalyticsView,
  subject: AnalyticsSubjectFilter,
) =>
  api.get(`analytics/${view}`, {
    format: 'csv',
    filters: true,
    query: { ...query(subject), format: 'csv' },
  });

export const readAnalyticsArtist = (api: ApiClient, id: string) =>
  api.get<AnalyticsSubject>(`analytics/artists/${encodeURIComponent(id)}`);

export const readAnalyticsProduct = (api: ApiClient, id: string) =>
  api.get<AnalyticsSubject>(`analytics/products/${encodeURIComponent(id)}`);
