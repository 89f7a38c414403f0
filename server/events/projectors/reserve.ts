import type { Queryable } from '../../db/database';
import { postTransfers } from '../readModels/ledgerTransfers';
import type { ReserveRulesEvent, ReservesEvent, ScheduledRelease } from '../types';
import type { Projector } from './projector';

export const reserveRulesProjector: Projector<ReserveRulesEvent> = {
  async ReserveRuleSet(tx, { data, actor }, { id, at }) {
    await tx.query(
      `insert into reserve_rules (account_id, scope, target, percent, release_kind,
                                  release_periods, changed_at, changed_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (account_id, scope, target) do update
         set percent = excluded.percent, release_kind = excluded.release_kind,
             release_periods = excluded.release_periods, changed_at = excluded.changed_at,
             changed_by = excluded.changed_by`,
      [
        id,
        data.scope,
        data.target,
        data.percent,
        data.release.kind,
        data.release.periods,
        at,
        actor,
      ],
    );
  },
  async ReserveRuleCleared(tx, { data }, { id }) {
    await tx.query(
      'delete from reserve_rules where account_id = $1 and scope = $2 and target = $3',
      [id, data.scope, data.target],
    );
  },
};

export const reservesProjector: Projector<ReservesEvent> = {
  async ReservesReleased(tx, { data }, { at }) {
    await postTransfers(tx, data.transfers, { statementId: null, at });
    await takeFromReleases(tx, data.releases, 'released', at);
  },
};

/** Adds each amount to the releases' `charged` or `released`; a release made is dated. */
export async function takeFromReleases(
  tx: Queryable,
  amounts: readonly { releaseId: string; amount: string }[],
  column: 'charged' | 'released',
  at: string,
): Promise<void> {
  if (amounts.length === 0) return;
  await tx.query(
    `update reserve_releases r
        set ${column} = r.${column} + t.amount,
            released_at = case when $4 then $3::timestamptz else r.released_at end
       from unnest($1::text[], $2::numeric[]) as t(id, amount)
      where r.id = t.id`,
    [
      amounts.map((amount) => amount.releaseId),
      amounts.map((amount) => amount.amount),
      at,
      column === 'released',
    ],
  );
}

/** The releases a statement's approval scheduled. */
export async function insertReleases(
  tx: Queryable,
  accountId: string,
  statementId: string,
  releases: readonly ScheduledRelease[],
  at: string,
): Promise<void> {
  for (const release of releases) {
    await tx.query(
      `insert into reserve_releases (id, account_id, payee_id, currency, statement_id, period,
                                     due_period, due_on, amount, withheld_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        release.releaseId,
        accountId,
        release.payeeId,
        release.currency,
        statementId,
        release.period,
        release.duePeriod,
        release.dueOn,
        release.amount,
        at,
      ],
    );
  }
}
