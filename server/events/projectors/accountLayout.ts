import type { AccountLayoutEvent } from '../types';
import type { Projector } from './projector';

export const accountLayoutProjector: Projector<AccountLayoutEvent> = {
  async AccountLayoutAdded(tx, { data, actor }, { at, version }) {
    await tx.query(
      `insert into account_layouts (id, account_id, distributor_id, name, layout, created_at,
                                    created_by, changed_at, version)
       values ($1, $2, $3, $4, $5, $6, $7, $6, $8)`,
      [
        data.layoutId,
        data.accountId,
        data.distributorId,
        data.layout.name,
        JSON.stringify(data.layout),
        at,
        actor,
        version,
      ],
    );
  },
  async AccountLayoutChanged(tx, { data: { after } }, { id, at, version }) {
    await tx.query(
      `update account_layouts set name = $2, layout = $3, changed_at = $4, version = $5
        where id = $1`,
      [id, after.name, JSON.stringify(after), at, version],
    );
  },
  async AccountLayoutRemoved(tx, _event, { id }) {
    await tx.query('delete from account_layouts where id = $1', [id]);
  },
};
