import type { Share } from '../../engine/types';
import type { Queryable } from '../db/database';

export interface PresetRow {
  id: string;
  name: string;
  shares: Share[];
}

/** Every preset of the account, by name: an account keeps a handful, so the list is whole. */
export function accountPresets(db: Queryable, accountId: string): Promise<PresetRow[]> {
  return db.query<PresetRow>(
    'select id, name, shares from presets where account_id = $1 order by name',
    [accountId],
  );
}
