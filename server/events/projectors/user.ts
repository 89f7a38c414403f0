import type { UserEvent } from '../types';
import { bumpVersion, type Projection, type Projector } from './projector';

type PasswordEvent = Extract<
  UserEvent,
  { type: 'UserPasswordSet' | 'UserClaimed' | 'UserActivated' }
>;

/** Setting, claiming with or activating with a password all leave an active, unlocked user. */
const passwordSet: Projection<PasswordEvent> = async (tx, { data }, { id, version }) => {
  await tx.query(
    `update users set password_hash = $2, status = 'active', failed_logins = 0,
                      locked_until = null, version = $3 where id = $1`,
    [id, data.passwordHash, version],
  );
};

/** Kept for the audit trail; only the stream version moves. */
const auditOnly: Projection<UserEvent> = async (tx, _event, { id, version }) => {
  await bumpVersion(tx, 'users', id, version);
};

export const userProjector: Projector<UserEvent> = {
  async UserRegistered(tx, { data }, { at, version }) {
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
  },
  UserPasswordSet: passwordSet,
  UserClaimed: passwordSet,
  UserActivated: passwordSet,
  async UserDeleted(tx, _event, { id, at, version }) {
    await tx.query(
      "update users set status = 'deleted', deleted_at = $2, version = $3 where id = $1",
      [id, at, version],
    );
  },
  async UserLoggedIn(tx, _event, { id, at, version }) {
    await tx.query(
      `update users set failed_logins = 0, locked_until = null, last_login = $2, version = $3
        where id = $1`,
      [id, at, version],
    );
  },
  async UserLoginFailed(tx, { data }, { id, at, version }) {
    // A lock that had run out by this failure is gone: the count starts again and may lock again.
    await tx.query(
      `update users set failed_logins = $2, version = $3,
                        locked_until = case when locked_until <= $4 then null else locked_until end
        where id = $1`,
      [id, data.failedLogins, version, at],
    );
  },
  async UserLocked(tx, { data }, { id, version }) {
    await tx.query('update users set locked_until = $2, version = $3 where id = $1', [
      id,
      data.until,
      version,
    ]);
  },
  async UserUnlocked(tx, _event, { id, version }) {
    await tx.query(
      'update users set failed_logins = 0, locked_until = null, version = $2 where id = $1',
      [id, version],
    );
  },
  async UserProfileChanged(tx, { data }, { id, version }) {
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
  },
  async UserEmulationStarted(tx, { data }, { id, at, version }) {
    await tx.query(
      `insert into recent_emulations (admin_id, user_id, emulated_at) values ($1, $2, $3)
       on conflict (admin_id, user_id) do update set emulated_at = excluded.emulated_at`,
      [id, data.targetUserId, at],
    );
    await bumpVersion(tx, 'users', id, version);
  },
  UserEmulationStopped: auditOnly,
  UserLinkSent: auditOnly,
  async UserNamesChanged(tx, { data }, { id, version }) {
    await tx.query(
      `update users set first_name = $2, middle_initial = $3, last_name = $4, display_name = $5,
                        fullname = $6, version = $7 where id = $1`,
      [
        id,
        data.firstName,
        data.middleInitial,
        data.lastName,
        data.displayName,
        data.fullname,
        version,
      ],
    );
  },
  async UserPreferencesChanged(tx, { data }, { id, version }) {
    await tx.query(
      `update users set language = $2, timezone = $3, clock = $4, currency = $5, version = $6
        where id = $1`,
      [id, data.language, data.timezone, data.clock, data.currency, version],
    );
  },
  UserUsernameChangeRequested: auditOnly,
  async UserUsernameChanged(tx, { data }, { id, version }) {
    await tx.query('update users set username = $2, version = $3 where id = $1', [
      id,
      data.to,
      version,
    ]);
  },
};
