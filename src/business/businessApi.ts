// The business and admin-account calls of the API (server/routes/business.ts, adminAccounts.ts),
// typed by the contract in api/. Forms show their own failures: no toast.
import type { ApiClient } from '../api/client';
import type { AccountList } from '../../api/accounts';
import type { AdminAccount } from '../../api/adminAccounts';
import type {
  BeneficialOwnerInput,
  Business,
  BusinessDetailsInput,
  CertificationInput,
} from '../../api/business';

const quiet = { quiet: true };
const owner = (id: string) => `business/owners/${encodeURIComponent(id)}`;

export const readBusiness = (api: ApiClient) => api.get<Business>('business');

export const saveBusinessDetails = (api: ApiClient, details: BusinessDetailsInput) =>
  api.put<Business>('business/details', details, quiet);

export const saveOwner = (api: ApiClient, id: string | null, input: BeneficialOwnerInput) =>
  id === null
    ? api.post<Business>('business/owners', input, quiet)
    : api.put<Business>(owner(id), input, quiet);

export const removeOwner = (api: ApiClient, id: string) => api.delete<Business>(owner(id), quiet);

export const certifyBusiness = (api: ApiClient, input: CertificationInput) =>
  api.post<Business>('business/certification', input, quiet);

export const searchAccounts = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api.get<AccountList>('admin/accounts', {
    query: { q, limit: 50 },
    ...(signal ? { signal } : {}),
  });

export const readAdminAccount = (api: ApiClient, id: string) =>
  api.get<AdminAccount>(`admin/accounts/${encodeURIComponent(id)}`);

const user = (id: string, action: string) => `users/${encodeURIComponent(id)}/${action}`;

export const lockPerson = (api: ApiClient, id: string) =>
  api.post<AdminAccount>(`admin/${user(id, 'lock')}`, undefined, quiet);

export const deletePerson = (api: ApiClient, id: string, confirmation: string) =>
  api.post<AdminAccount>(`admin/${user(id, 'delete')}`, { confirmation }, quiet);

export const unlockPerson = (api: ApiClient, id: string) =>
  api.post(user(id, 'unlock'), undefined, quiet);

export const sendPersonMail = (
  api: ApiClient,
  id: string,
  mail: 'claim-notification' | 'password-reset',
) => api.post(user(id, mail), undefined, quiet);
