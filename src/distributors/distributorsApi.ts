import { ApiError, readDocumentCookie, type ApiClient } from '../api/client';
import { CSRF_COOKIE, CSRF_HEADER } from '../api/csrf';
import { parseErrorBody } from '../api/responses';
import type { DistributorSummary, ListAnswer } from '../import/importApi';
import type { DistributorTemplate } from './templateDraft';

export type { DistributorSummary };

/** GET /api/distributors/{id}. */
export interface DistributorDetail extends DistributorSummary {
  /** Sent back with a change, so two overseers cannot overwrite each other. */
  version: number;
  template: DistributorTemplate | null;
}

export interface DistributorChanges {
  name: string;
  uploadable: boolean;
  template: DistributorTemplate | null;
}

/** One record read through the template, as the preview answers it. */
export interface PreviewRecord {
  row: number;
  code: string;
  codeKind: string;
  title: string;
  artist: string;
  service: string;
  format: string;
  /** stream, download, physical, video or other: what plays triggers and analytics go by. */
  formatKind: string;
  territory: string | null;
  units: number | string;
  /** Exact decimal string. */
  revenue: string;
  date: string | null;
  kind: string;
  currency: string | null;
}

export interface PreviewAnswer {
  /** The layout version that matched, when the server says. */
  version?: string;
  header?: string[];
  records: PreviewRecord[];
  errors: Array<{ row: number; field: string; message: string }>;
  summary: Record<string, unknown> | null;
}

export const listDistributors = (api: ApiClient) =>
  api.get<ListAnswer<DistributorSummary>>('distributors', { query: { limit: 1000 } });

export const getDistributor = (api: ApiClient, id: string) =>
  api.get<DistributorDetail>(`distributors/${encodeURIComponent(id)}`);

/** The page shows what went wrong beside the form: no toast. */
export const createDistributor = (api: ApiClient, changes: DistributorChanges) =>
  api.post<DistributorSummary>(
    'distributors',
    { name: changes.name, uploadable: changes.uploadable, template: changes.template },
    { quiet: true },
  );

export const updateDistributor = (
  api: ApiClient,
  id: string,
  version: number,
  changes: DistributorChanges,
) =>
  api.patch<DistributorDetail>(
    `distributors/${encodeURIComponent(id)}`,
    { version, ...changes },
    { quiet: true },
  );

export interface PreviewRequest {
  /** Read through this template (the one being edited) rather than the saved one. */
  template: DistributorTemplate;
  file: File;
  /** The distributor being edited, when it exists. */
  distributorId?: string;
  signal?: AbortSignal;
}

/**
 * POST distributors/preview (or distributors/{id}/preview): a multipart call, which the JSON
 * client does not send; it rejects with an ApiError carrying the server's message.
 */
export async function previewTemplate(
  request: PreviewRequest,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<PreviewAnswer> {
  const form = new FormData();
  form.append('template', JSON.stringify(request.template));
  form.append('file', request.file, request.file.name);
  const path = request.distributorId
    ? `/api/distributors/${encodeURIComponent(request.distributorId)}/preview`
    : '/api/distributors/preview';
  const csrf = readDocumentCookie(CSRF_COOKIE);
  const response = await fetchImpl(path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
    ...(request.signal ? { signal: request.signal } : {}),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, parseErrorBody(text), '');
  }
  return JSON.parse(text) as PreviewAnswer;
}
