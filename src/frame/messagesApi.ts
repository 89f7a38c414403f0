// The banner's and the login page's messages (server/routes/messages.ts), typed by api/messages.ts.
import type { ApiClient } from '../api/client';
import type {
  MessageFields,
  PostedMessage,
  PostedMessageList,
  ShownMessages,
} from '../../api/messages';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});
const messagePath = (id: string) => `messages/${encodeURIComponent(id)}`;

/** The signed-in person's banner: messages for everyone and their account, less those closed. */
export const readMyMessages = (api: ApiClient, signal?: AbortSignal) =>
  api.get<ShownMessages>('messages/mine', withSignal(signal));

/** The login page's announcement, read without a session. */
export const readLoginMessages = (api: ApiClient, signal?: AbortSignal) =>
  api.get<ShownMessages>('messages/login', { ...withSignal(signal), unauthorized: 'answer' });

export const dismissMessage = (api: ApiClient, id: string) =>
  api.post<void>(`${messagePath(id)}/dismiss`);

export const listPostedMessages = (api: ApiClient, signal?: AbortSignal) =>
  api.get<PostedMessageList>('messages', withSignal(signal));

export const postMessage = (api: ApiClient, fields: MessageFields) =>
  api.post<PostedMessage>('messages', fields);

export const editMessage = (api: ApiClient, id: string, fields: MessageFields) =>
  api.patch<PostedMessage>(messagePath(id), fields);

export const clearMessage = (api: ApiClient, id: string) => api.delete(messagePath(id));
