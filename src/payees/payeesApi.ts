// The payee calls of the API (server/routes/users.ts), typed by the contract in api/users.ts.
import type { ApiClient } from '../api/client';
import type { InvitableRole, MailSent, User, UserList, UserMail } from '../../api/users';

export const listPayees = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api.get<UserList>('users', {
    query: { q, limit: 1000 },
    ...(signal ? { signal } : {}),
  });

export const invitePayee = (
  api: ApiClient,
  invitation: { email?: string; fullname?: string; role: InvitableRole },
) => api.post<User>('users', invitation);

export const sendPayeeMail = (api: ApiClient, userId: string, mail: UserMail) =>
  api.post<MailSent>(`users/${encodeURIComponent(userId)}/${mail}`);

/** The e-mail a payee added by name alone claims their account with. */
export const givePayeeEmail = (api: ApiClient, userId: string, email: string) =>
  api.put<User>(`users/${encodeURIComponent(userId)}/email`, { email });
