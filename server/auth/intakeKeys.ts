import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { UnauthorizedError } from '../errors';

export { STATEMENT_UPLOADERS } from '../../rules/permissions';

/** Every intake key starts with this, so a leaked one is recognised for what it is. */
export const INTAKE_KEY_PREFIX = 'rpi_';
/** How many characters of a key are kept in the clear to recognise it by. */
const SHOWN_CHARACTERS = 8;

export const INTAKE_KEY_MISSING =
  'Send the intake key as the header "Authorization: Bearer <key>".';
export const INTAKE_KEY_UNKNOWN = 'This intake key is not valid. Check that it was copied whole.';
export const INTAKE_KEY_REVOKED =
  'This intake key was revoked by the label. Ask the label for a new key.';

/** The distributor and label account a request's intake key files statements for. */
export interface IntakeCaller {
  keyId: string;
  keyName: string;
  accountId: string;
  distributorId: string;
}

/**
 * A key carries 256 random bits, so one round of SHA-256 is enough to keep a copy of the table
 * from being used: no one can search 2^256 candidates, which is what the slow hashes of passwords
 * make up for. A fast hash also lets each request find its key by an index.
 */
export const intakeKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: the secret shown once, what is kept in the clear, and its hash. */
export function newIntakeKey(): { secret: string; prefix: string; keyHash: string } {
  const secret = `${INTAKE_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return {
    secret,
    prefix: secret.slice(0, INTAKE_KEY_PREFIX.length + SHOWN_CHARACTERS),
    keyHash: intakeKeyHash(secret),
  };
}

/** The key of an `Authorization: Bearer <key>` header, or null when there is none. */
export function bearerOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1] ?? null;
}

/**
 * The caller a request's intake key stands for, its use recorded; 401 when the key is missing,
 * unknown or revoked. The key is looked up by its hash and never written anywhere.
 */
export async function authenticateIntakeKey(
  db: Queryable,
  header: string | string[] | undefined,
  now: Date,
): Promise<IntakeCaller> {
  const key = bearerOf(header);
  if (!key) throw new UnauthorizedError(INTAKE_KEY_MISSING);
  const rows = await db.query<{
    id: string;
    name: string;
    account_id: string;
    distributor_id: string;
    revoked_at: Date | string | null;
  }>(
    'select id, name, account_id, distributor_id, revoked_at from intake_keys where key_hash = $1',
    [intakeKeyHash(key)],
  );
  const found = rows[0];
  if (!found) throw new UnauthorizedError(INTAKE_KEY_UNKNOWN);
  if (found.revoked_at !== null) throw new UnauthorizedError(INTAKE_KEY_REVOKED);
  await db.query(
    `insert into intake_key_uses (key_id, last_used_at) values ($1, $2)
     on conflict (key_id) do update set last_used_at = greatest(intake_key_uses.last_used_at, excluded.last_used_at)`,
    [found.id, now.toISOString()],
  );
  return {
    keyId: found.id,
    keyName: found.name,
    accountId: found.account_id,
    distributorId: found.distributor_id,
  };
}

/** Holds the key against a revocation until the transaction ends; 401 when it was revoked. */
export async function lockLiveIntakeKey(tx: Queryable, keyId: string): Promise<void> {
  const rows = await tx.query<{ revoked_at: Date | string | null }>(
    'select revoked_at from intake_keys where id = $1 for share',
    [keyId],
  );
  if (rows[0]?.revoked_at !== null) throw new UnauthorizedError(INTAKE_KEY_REVOKED);
}
