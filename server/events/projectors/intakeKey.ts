import type { IntakeKeyEvent } from '../types';
import type { Projector } from './projector';

export const intakeKeyProjector: Projector<IntakeKeyEvent> = {
  async IntakeKeyCreated(tx, { data, actor }, { at, version }) {
    await tx.query(
      `insert into intake_keys (id, account_id, distributor_id, name, prefix, key_hash, created_at,
                                created_by, version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        data.keyId,
        data.accountId,
        data.distributorId,
        data.name,
        data.prefix,
        data.keyHash,
        at,
        actor,
        version,
      ],
    );
  },
  async IntakeKeyRevoked(tx, { actor }, { id, at, version }) {
    await tx.query(
      'update intake_keys set revoked_at = $2, revoked_by = $3, version = $4 where id = $1',
      [id, at, actor, version],
    );
  },
};
