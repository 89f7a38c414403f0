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
import type {
  AccountLayout,
  AccountLayoutList,
  AccountLayoutPatch,
  LayoutProposal,
  NewAccountLayout,
} from '../../api/layouts';
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
  /** A label's own layout, tried through the label's route. */
  ownLayout?: boolean;
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
  const path = request.ownLayout
    ? '/api/layouts/preview'
    : request.distributorId
      ? `/api/distributors/${encodeURIComponent(request.distributorId)}/preview`
      : '/api/distributors/preview';
  return postForm<TemplatePreviewAnswer>(path, form, request.signal, fetchImpl);
}

/** A multipart POST, which the JSON client does not send; failures are ApiErrors. */
async function postForm<T>(
  path: string,
  form: FormData,
  signal: AbortSignal | undefined,
  fetchImpl: typeof fetch,
): Promise<T> {
  const csrf = readDocumentCookie(CSRF_COOKIE);
  const response = await fetchImpl(path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
    ...(signal ? { signal } : {}),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(response.status, parseErrorBody(text), '');
  }
  return JSON.parse(text) as T;
}

/** POST layouts/proposal: the layout the sample's header suggests, for the label to check. */
export function proposeLayout(
  file: File,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<LayoutProposal> {
  const form = new FormData();
  form.append('file', file, file.name);
  return postForm<LayoutProposal>('/api/layouts/proposal', form, undefined, fetchImpl);
}

/** GET layouts: the label's own layouts of a distributor (of the account an admin names). */
export const listOwnLayouts = (
  api: ApiClient,
  distributorId: string,
  accountId: string | null,
  signal?: AbortSignal,
) =>
  api.get<AccountLayoutList>('layouts', {
    query: { distributorId, accountId: accountId ?? undefined },
    ...(signal ? { signal } : {}),
  });

export const addOwnLayout = (api: ApiClient, layout: NewAccountLayout) =>
  api.post<AccountLayout>('layouts', layout, { quiet: true });

export const changeOwnLayout = (api: ApiClient, id: string, change: AccountLayoutPatch) =>
  api.patch<AccountLayout>(`layouts/${encodeURIComponent(id)}`, change, { quiet: true });

export const removeOwnLayout = (api: ApiClient, id: string) =>
  api.delete<AccountLayout>(`layouts/${encodeURIComponent(id)}`, { quiet: true });

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
