// The Account page's calls (server/routes/settings.ts), typed by the contract in api/.
import { ApiError, readDocumentCookie, type ApiClient } from '../api/client';
import { CSRF_COOKIE, CSRF_HEADER } from '../api/csrf';
import type {
  IdDocument,
  IdDocuments,
  PasswordChange,
  PersonDetails,
  PersonDetailsChange,
  Profile,
  ProfileAnswer,
  UsernameChange,
} from '../../api/settings';
import type { DocumentKind } from '../../rules/personDetails';

/** Each call shows its failure beside its form, so none of them raises a toast. */
const quiet = { quiet: true } as const;

export const readProfile = (api: ApiClient, signal?: AbortSignal) =>
  api.get<ProfileAnswer>('settings/profile', signal ? { signal } : {});

export const saveProfile = (api: ApiClient, profile: Profile) =>
  api.patch<ProfileAnswer>('settings/profile', profile, quiet);

export const changePassword = (api: ApiClient, change: PasswordChange) =>
  api.post<{ status: 'changed' }>('settings/password', change, quiet);

export const requestUsernameChange = (api: ApiClient, change: UsernameChange) =>
  api.post<{ status: 'sent'; pendingUsername: string }>('settings/username', change, quiet);

export const confirmUsernameChange = (api: ApiClient, token: string) =>
  api.post<{ status: 'done'; username: string }>('settings/username/confirm', { token }, quiet);

export const readPerson = (api: ApiClient, signal?: AbortSignal) =>
  api.get<PersonDetails>('settings/person', signal ? { signal } : {});

export const savePerson = (api: ApiClient, change: PersonDetailsChange) =>
  api.patch<PersonDetails>('settings/person', change, quiet);

export const readDocuments = (api: ApiClient, signal?: AbortSignal) =>
  api.get<IdDocuments>('settings/documents', signal ? { signal } : {});

export const removeDocument = (api: ApiClient, id: string) =>
  api.delete<IdDocuments>(`settings/documents/${encodeURIComponent(id)}`, quiet);

export const documentUrl = (id: string) =>
  `/api/settings/documents/${encodeURIComponent(id)}/file?csrf=${encodeURIComponent(
    readDocumentCookie(CSRF_COOKIE) ?? '',
  )}`;

/** The kind as a form field before the file, as the server reads them. */
export async function uploadDocument(kind: DocumentKind, file: File): Promise<IdDocument> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  const csrf = readDocumentCookie(CSRF_COOKIE);
  const response = await fetch('/api/settings/documents', {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
    body: form,
  });
  const body = (await response.json().catch(() => undefined)) as
    IdDocument | { message: string } | undefined;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body && 'message' in body ? body : undefined,
      'Failed to complete the requested action.',
    );
  }
  return body as IdDocument;
}
