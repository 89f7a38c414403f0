import type { Queryable } from '../db/database';
import type { StoredEvent } from './types';

/** Stream ids are `<kind>-<entity id>`; the entity id is everything after the first dash. */
export function entityOf(streamId: string): string {
  return streamId.slice(streamId.indexOf('-') + 1);
}

/**
 * Updates the read-model tables for one event. Live commands and replay both call this,
 * so the tables depend on the log alone (times come from the event, never from now()).
 */
export async function project(tx: Queryable, event: StoredEvent): Promise<void> {
  const at = event.at.toISOString();
  const id = entityOf(event.streamId);
  const version = event.streamVersion;
  switch (event.type) {
    case 'AccountOpened': {
      const data = event.data;
      await tx.query(
        `insert into accounts (id, name, type, status, created_at, version)
         values ($1, $2, $3, 'active', $4, $5)`,
        [data.accountId, data.name, data.accountType, at, version],
      );
      return;
    }
    case 'UserRegistered': {
      const data = event.data;
      await tx.query(
        `insert into users (id, account_id, username, fullname, roles, status, password_hash,
                            language, created_at, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          data.userId,
          data.accountId,
          data.username,
          data.fullname,
          JSON.stringify(data.roles),
          data.passwordHash ? 'active' : 'pending',
          data.passwordHash,
          data.language,
          at,
          version,
        ],
      );
      return;
    }
    case 'UserPasswordSet':
    case 'UserClaimed':
    case 'UserActivated': {
      const data = event.data;
      await tx.query(
        `update users set password_hash = $2, status = 'active', failed_logins = 0,
                          locked_until = null, version = $3 where id = $1`,
        [id, data.passwordHash, version],
      );
      return;
    }
    case 'UserLoggedIn':
      await tx.query(
        `update users set failed_logins = 0, locked_until = null, last_login = $2, version = $3
          where id = $1`,
        [id, at, version],
      );
      return;
    case 'UserLoginFailed': {
      const data = event.data;
      await tx.query('update users set failed_logins = $2, version = $3 where id = $1', [
        id,
        data.failedLogins,
        version,
      ]);
      return;
    }
    case 'UserLocked': {
      const data = event.data;
      await tx.query('update users set locked_until = $2, version = $3 where id = $1', [
        id,
        data.until,
        version,
      ]);
      return;
    }
    case 'UserProfileChanged': {
      const data = event.data;
      await tx.query(
        `update users set fullname = coalesce($2, fullname), language = coalesce($3, language),
                          roles = coalesce($4::jsonb, roles), version = $5 where id = $1`,
        [
          id,
          data.fullname ?? null,
          data.language ?? null,
          data.roles ? JSON.stringify(data.roles) : null,
          version,
        ],
      );
      return;
    }
    case 'UserEmulationStarted':
      await tx.query(
        `insert into recent_emulations (admin_id, user_id, emulated_at) values ($1, $2, $3)
         on conflict (admin_id, user_id) do update set emulated_at = excluded.emulated_at`,
        [id, event.data.targetUserId, at],
      );
      await tx.query('update users set version = $2 where id = $1', [id, version]);
      return;
    case 'UserEmulationStopped':
    case 'UserLinkSent':
      // Kept for the audit trail; only the stream version moves.
      await tx.query('update users set version = $2 where id = $1', [id, version]);
      return;
    case 'ArtistCreated': {
      const data = event.data;
      await tx.query(
        'insert into artists (id, account_id, name, created_at, version) values ($1, $2, $3, $4, $5)',
        [data.artistId, data.accountId, data.name, at, version],
      );
      return;
    }
    case 'DistributorCreated': {
      const data = event.data;
      await tx.query(
        `insert into distributors (id, name, uploadable, created_at, version)
         values ($1, $2, $3, $4, $5)`,
        [data.distributorId, data.name, data.uploadable, at, version],
      );
      return;
    }
    case 'ProductCreated': {
      const data = event.data;
      await tx.query(
        `insert into products (id, account_id, title, type, artist_id, visibility, revenue_view,
                               created_at, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          data.productId,
          data.accountId,
          data.title,
          data.productType,
          data.artistId,
          data.visibility,
          data.revenueView,
          at,
          version,
        ],
      );
      for (const code of data.codes) {
        await tx.query('insert into product_codes (code, product_id, kind) values ($1, $2, $3)', [
          code.code,
          data.productId,
          code.kind,
        ]);
      }
      return;
    }
    case 'ProductSplitsSet': {
      const data = event.data;
      await tx.query('delete from product_splits where product_id = $1', [id]);
      for (const [position, share] of data.shares.entries()) {
        await tx.query(
          'insert into product_splits (product_id, position, payee_id, pct) values ($1, $2, $3, $4)',
          [id, position, share.payeeId, share.pct],
        );
      }
      await tx.query('update products set version = $2 where id = $1', [id, version]);
      return;
    }
    default: {
      const _never: never = event;
      throw new Error(`No projection for event ${JSON.stringify(_never)}`);
    }
  }
}
