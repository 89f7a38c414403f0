// The period calls of the API (server/routes/periods.ts), typed by the contract in api/.
import type { ApiClient } from '../api/client';
import type { PeriodDetail, PeriodLengthChange, PeriodsOverview } from '../../api/periods';

export const readPeriods = (api: ApiClient) => api.get<PeriodsOverview>('periods');

export const readPeriod = (api: ApiClient, period: string) =>
  api.get<PeriodDetail>(`periods/${encodeURIComponent(period)}`);

/** The page shows a refusal in its dialog: no toast. */
export const closePeriod = (api: ApiClient, period: string) =>
  api.post<PeriodDetail>(`periods/${encodeURIComponent(period)}/close`, undefined, {
    quiet: true,
  });

/** Saves the summary's CSV under the name the server gives it. */
export const downloadPeriodSummary = (api: ApiClient, period: string) =>
  api.get(`periods/${encodeURIComponent(period)}/summary.csv`, { format: 'file' });

export const savePeriodLength = (api: ApiClient, change: PeriodLengthChange) =>
  api.put<PeriodsOverview>('periods/length', change, { quiet: true });
