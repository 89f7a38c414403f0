// The bank-file calls of the API (server/routes/bankFiles.ts), typed by the contract in api/.
import type { ApiClient } from '../api/client';
import { sendForm } from '../api/upload';
import type { BankFile, BankFileList, BankReturnsApplied } from '../../api/bankFiles';

export const listBankFiles = (api: ApiClient) => api.get<BankFileList>('bank-files');

/** Saves the file under the name the server gives it; the server records who downloaded it. */
export const downloadBankFile = (api: ApiClient, id: string) =>
  api.get(`bank-files/${encodeURIComponent(id)}/download`, { format: 'file' });

/** The page shows a refusal in its dialog: no toast. */
export const markBankFileSubmitted = (api: ApiClient, id: string) =>
  api.post<BankFile>(`bank-files/${encodeURIComponent(id)}/submitted`, undefined, { quiet: true });

/** The bank's return file, as a multipart upload; a refusal rejects with the server's text. */
export const uploadBankReturns = (api: ApiClient, file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  // The page shows why a file was refused beside its input, in place of a toast.
  const transport = api.uploadTransport({ path: 'bank-files/returns', onError: () => {} });
  return sendForm<BankReturnsApplied>(transport, form, {});
};
