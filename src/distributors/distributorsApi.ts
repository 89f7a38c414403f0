import { ApiError, readDocumentCookie, type ApiClient } from '../api/client';
import { CSRF_COOKIE, CSRF_HEADER } from '../api/csrf';
import { parseErrorBody } from '../api/responses';
import type {
  DistributorDetail,
  DistributorList,
  NewDistributor,
  TemplatePreviewAnswer,
} from '../../api/distributors';
import type {
  CreatedIntakeKey,
  IntakeKey,
  IntakeKeyList,
  NewIntakeKey,
} from '../../api/intakeKeys';
import type { DistributorTemplate } from './templateDraft';

export const listDistributors = (api: ApiClient) =>
  api.get<DistributorList>('distributors', { query: { limit: 1000 } });

export const getDistributor = (api: ApiClient, id: string) =>
  api.get<DistributorDetail>(`distributors/${encodeURIComponent(id)}`);

/** The page shows what went wrong beside the form: no toast. */
export const createDistributor = (api: ApiClient, changes: Required<NewDistributor>) =>
  api.post<DistributorDetail>(
    'distributors',
    { name: changes.name, uploadable: changes.uploadable, template: changes.template },
    { quiet: true },
  );

export const updateDistributor = (
  api: ApiClient,
  id: string,
  version: number,
  changes: Required<NewDistributor>,
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
): Promise<TemplatePreviewAnswer> {
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
  return JSON.parse(text) as TemplatePreviewAnswer;
}

/** GET intake-keys: the keys of the session's account (or of the account an admin names). */
export const listIntakeKeys = (
  api: ApiClient,
  distributorId: string,
  accountId: string | null,
  signal?: AbortSignal,
) =>
  api.get<IntakeKeyList>('intake-keys', {
    query: { distributorId, accountId: accountId ?? undefined },
    ...(signal ? { signal } : {}),
  });

/** POST intake-keys: the answer holds the key itself, which is never shown again. */
export const createIntakeKey = (api: ApiClient, key: NewIntakeKey) =>
  api.post<CreatedIntakeKey>('intake-keys', key, { quiet: true });

export const revokeIntakeKey = (api: ApiClient, id: string) =>
  api.post<IntakeKey>(`intake-keys/${encodeURIComponent(id)}/revoke`, undefined, { quiet: true });
