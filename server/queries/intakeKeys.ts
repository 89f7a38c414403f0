import { epochSeconds } from '../../api/common';
import type { IntakeKey, IntakeKeyList } from '../../api/intakeKeys';
import type { Queryable } from '../db/database';
import { pagedList, type Page } from './pagedList';

interface IntakeKeyRow extends Record<string, unknown> {
  id: string;
  name: string;
  prefix: string;
  account_id: string;
  account_name: string;
  distributor_id: string;
  distributor_name: string;
  created_at: Date | string;
  created_by: string | null;
  creator_name: string | null;
  revoked_at: Date | string | null;
  revoked_by: string | null;
  revoker_name: string | null;
  last_used_at: Date | string | null;
}

// Never the hash: what leaves the server is the key's name, its first characters and its story.
const KEYS = `
  select k.id, k.name, k.prefix, k.account_id, a.name as account_name, k.distributor_id,
         d.name as distributor_name, k.created_at, k.created_by, creator.fullname as creator_name,
         k.revoked_at, k.revoked_by, revoker.fullname as revoker_name, uses.last_used_at
    from intake_keys k
    join accounts a on a.id = k.account_id
    join distributors d on d.id = k.distributor_id
    left join users creator on creator.id = k.created_by
    left join users revoker on revoker.id = k.revoked_by
    left join intake_key_uses uses on uses.key_id = k.id`;

const person = (id: string | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

function toIntakeKey(row: IntakeKeyRow): IntakeKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    account: { id: row.account_id, name: row.account_name },
    distributor: { id: row.distributor_id, name: row.distributor_name },
    createdAt: epochSeconds(row.created_at) ?? 0,
    createdBy: person(row.created_by, row.creator_name),
    lastUsedAt: epochSeconds(row.last_used_at),
    revokedAt: epochSeconds(row.revoked_at),
    revokedBy: person(row.revoked_by, row.revoker_name),
  };
}

/** The keys of `accountId` (every account's when null), of one distributor when named; live first. */
export function listIntakeKeys(
  db: Queryable,
  accountId: string | null,
  distributorId: string | null,
  page: Page,
): Promise<IntakeKeyList> {
  return pagedList(
    db,
    {
      sql: `${KEYS} where ($1::text is null or k.account_id = $1)
                      and ($2::text is null or k.distributor_id = $2)`,
      params: [accountId, distributorId],
      orderBy: '(revoked_at is not null), created_at desc, id',
    },
    page,
    toIntakeKey,
  );
}

/** One key, when it belongs to `accountId` (any account's when null). */
export async function findIntakeKey(
  db: Queryable,
  accountId: string | null,
  id: string,
): Promise<IntakeKey | null> {
  const rows = await db.query<IntakeKeyRow>(
    `${KEYS} where k.id = $1 and ($2::text is null or k.account_id = $2)`,
    [id, accountId],
  );
  return rows[0] ? toIntakeKey(rows[0]) : null;
}
