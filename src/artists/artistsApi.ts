// The artist calls of the API (server/routes/artists.ts), typed once.
import type { ApiClient } from '../api/client';
import type { ListAnswer } from '../catalog/catalogApi';

export interface Artist {
  id: string;
  name: string;
  accountId: string;
}

export interface ArtistDetail extends Artist {
  users: { id: string; fullname: string; username: string | null }[];
  products: { id: string; title: string; type: string }[];
  version: number;
}

const artistPath = (id: string) => `artists/${encodeURIComponent(id)}`;

export const listArtists = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api.get<ListAnswer<Artist>>('artists', {
    query: { q, limit: 1000 },
    ...(signal ? { signal } : {}),
  });

export const readArtist = (api: ApiClient, id: string) => api.get<ArtistDetail>(artistPath(id));

export const createArtist = (api: ApiClient, name: string) =>
  api.post<ArtistDetail>('artists', { name });

export const linkUser = (api: ApiClient, artistId: string, userId: string) =>
  api.post<ArtistDetail>(`${artistPath(artistId)}/users`, { userId });

export const unlinkUser = (api: ApiClient, artistId: string, userId: string) =>
  api.delete<ArtistDetail>(`${artistPath(artistId)}/users/${encodeURIComponent(userId)}`);
