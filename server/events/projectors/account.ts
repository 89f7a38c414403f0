import type { AccountEvent } from '../types';
import { bumpVersion, type Projector } from './projector';
import { productRequestProjector } from './productRequest';
import { insertSplitSets } from './splitSets';

export const accountProjector: Projector<AccountEvent> = {
  ...productRequestProjector,
  async AccountOpened(tx, { data }, { at, version }) {
    await tx.query(
      `insert into accounts (id, name, type, status, created_at, version)
       values ($1, $2, $3, 'active', $4, $5)`,
      [data.accountId, data.name, data.accountType, at, version],
    );
  },
  async DefaultSplitsChanged(tx, { data }, { id, version }) {
    await tx.query(
      'delete from split_sets where account_id = $1 and product_id is null and code is null',
      [id],
    );
    await insertSplitSets(tx, id, null, data.after);
    await bumpVersion(tx, 'accounts', id, version);
  },
  async PresetCreated(tx, { data }, { id, at, version }) {
    await tx.query(
      'insert into presets (id, account_id, name, shares, created_at) values ($1, $2, $3, $4, $5)',
      [data.presetId, id, data.name, JSON.stringify(data.shares), at],
    );
    await bumpVersion(tx, 'accounts', id, version);
  },
  async AccountPayeeAdded(tx, { data }, { id, version }) {
    await tx.query(
      `insert into account_payees (account_id, user_id, status) values ($1, $2, 'accepted')
       on conflict (account_id, user_id) do update set status = 'accepted'`,
      [id, data.userId],
    );
    await bumpVersion(tx, 'accounts', id, version);
  },
  async AccountPayeeInvited(tx, { data }, { id, version }) {
    await tx.query(
      `insert into account_payees (account_id, user_id, status) values ($1, $2, 'invited')
       on conflict do nothing`,
      [id, data.userId],
    );
    await bumpVersion(tx, 'accounts', id, version);
  },
  async AccountPayeeAccepted(tx, { data }, { id, version }) {
    await tx.query(
      `update account_payees set status = 'accepted' where account_id = $1 and user_id = $2`,
      [id, data.userId],
    );
    await bumpVersion(tx, 'accounts', id, version);
  },
  async DistributorTakeSet(tx, { data }, { id, version }) {
    if (data.takePct === null) {
      await tx.query(
        'delete from distributor_takes where account_id = $1 and distributor_id = $2',
        [id, data.distributorId],
      );
    } else {
      await tx.query(
        `insert into distributor_takes (account_id, distributor_id, take_pct) values ($1, $2, $3)
         on conflict (account_id, distributor_id) do update set take_pct = excluded.take_pct`,
        [id, data.distributorId, data.takePct],
      );
    }
    await bumpVersion(tx, 'accounts', id, version);
  },
};
