import type { ArtistEvent } from '../types';
import { bumpVersion, type Projector } from './projector';

export const artistProjector: Projector<ArtistEvent> = {
  async ArtistCreated(tx, { data }, { at, version }) {
    await tx.query(
      'insert into artists (id, account_id, name, created_at, version) values ($1, $2, $3, $4, $5)',
      [data.artistId, data.accountId, data.name, at, version],
    );
  },
  async ArtistUserLinked(tx, { data }, { id, at, version }) {
    await tx.query(
      `insert into artist_users (artist_id, user_id, linked_at) values ($1, $2, $3)
       on conflict do nothing`,
      [id, data.userId, at],
    );
    await bumpVersion(tx, 'artists', id, version);
  },
  async ArtistUserUnlinked(tx, { data }, { id, version }) {
    await tx.query('delete from artist_users where artist_id = $1 and user_id = $2', [
      id,
      data.userId,
    ]);
    await bumpVersion(tx, 'artists', id, version);
  },
};
