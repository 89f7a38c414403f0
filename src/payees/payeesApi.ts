// The payee calls of the API (server/routes/users.ts), typed once.
import type { ApiClient } from '../api/client';
import type { ListAnswer, Payee } from '../catalog/catalogApi';

export type { Payee };

export const INVITABLE_ROLES = ['payee', 'collaborator', 'artist', 'warranter'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** The e-mails a manager sends a payee, each through the outbox. */
export type PayeeMail = 'claim-notification' | 'password-reset' | 'activation';

export const listPayees = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api.get<ListAnswer<Payee>>('users', {
    query: { q, limit: 1000 },
    ...(signal ? { signal } : {}),
  });

export const invitePayee = (
  api: ApiClient,
  invitation: { email: string; fullname?: string; role: InvitableRole },
) => api.post<Payee>('users', invitation);

export const sendPayeeMail = (api: ApiClient, userId: string, mail: PayeeMail) =>
  api.post<{ status: 'sent' }>(`users/${encodeURIComponent(userId)}/${mail}`);
