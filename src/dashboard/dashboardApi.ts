import type { ApiClient } from '../api/client';
import type { Dashboard } from '../../api/dashboard';

/** The month or months and the artist of the global filters are added by the client; the User filter here. */
export const readDashboard = (api: ApiClient, payee: string | null, signal?: AbortSignal) =>
  api.get<Dashboard>('dashboard', {
    query: payee ? { payee } : {},
    filters: true,
    ...(signal ? { signal } : {}),
  });
