// The artist calls of the API (server/routes/artists.ts), typed by the contract in api/artists.ts.
import type { ApiClient } from '../api/client';
import type { ArtistDetail, ArtistList } from '../../api/artists';

const artistPath = (id: string) => `artists/${encodeURIComponent(id)}`;

/** The timeframe of the global filters is added by the client: it sets the revenue column. */
export const listArtists = (api: ApiClient, q: string, signal?: AbortSignal) =>
  api.get<ArtistList>('artists', {
    query: { q, limit: 1000 },
    filters: true,
    ...(signal ? { signal } : {}),
  });

export const readArtist = (api: ApiClient, id: string) => api.get<ArtistDetail>(artistPath(id));

export const createArtist = (api: ApiClient, name: string) =>
  api.post<ArtistDetail>('artists', { name });

export const linkUser = (api: ApiClient, artistId: string, userId: string) =>
  api.post<ArtistDetail>(`${artistPath(artistId)}/users`, { userId });

export const unlinkUser = (api: ApiClient, artistId: string, userId: string) =>
  api.delete<ArtistDetail>(`${artistPath(artistId)}/users/${encodeURIComponent(userId)}`);
