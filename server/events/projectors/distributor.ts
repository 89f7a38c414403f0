import type { DistributorEvent } from '../types';
import type { Projector } from './projector';

export const distributorProjector: Projector<DistributorEvent> = {
  async DistributorCreated(tx, { data }, { at, version }) {
    await tx.query(
      `insert into distributors (id, name, uploadable, template, created_at, version)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        data.distributorId,
        data.name,
        data.uploadable,
        data.template ? JSON.stringify(data.template) : null,
        at,
        version,
      ],
    );
  },
  async DistributorChanged(tx, { data: { after } }, { id, version }) {
    await tx.query(
      `update distributors set name = coalesce($2, name), uploadable = coalesce($3, uploadable),
              template = case when $4::boolean then $5::jsonb else template end, version = $6
        where id = $1`,
      [
        id,
        after.name ?? null,
        after.uploadable ?? null,
        after.template !== undefined,
        after.template ? JSON.stringify(after.template) : null,
        version,
      ],
    );
  },
};
