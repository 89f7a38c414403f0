// The journals' calls (server/routes/journals.ts), typed by the contract in api/.
import type { ApiClient } from '../api/client';
import type { BookSettings, BookSettingsChange, JournalFormat } from '../../api/journals';

export const readBookSettings = (api: ApiClient) => api.get<BookSettings>('book-settings');

/** The form shows a refused value beside it: no toast. */
export const saveBookSettings = (api: ApiClient, change: BookSettingsChange) =>
  api.put<BookSettings>('book-settings', change, { quiet: true });

/** A closed period's journal as the file the label's books import; saved as a download. */
export const downloadJournal = (api: ApiClient, period: string, format: JournalFormat) =>
  api.get(`periods/${encodeURIComponent(period)}/journal`, { format: 'csv', query: { format } });
