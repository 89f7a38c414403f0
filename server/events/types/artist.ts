/** The `artist-<id>` stream. */
export type ArtistEvent =
  | { type: 'ArtistCreated'; data: { artistId: string; accountId: string; name: string } }
  | { type: 'ArtistUserLinked'; data: { userId: string } }
  | { type: 'ArtistUserUnlinked'; data: { userId: string } };
