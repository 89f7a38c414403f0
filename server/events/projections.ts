import type { Queryable } from '../db/database';
import type { SplitSet } from '../../engine/types';
import type { CodeEntry, ProductDetails, StoredEvent } from './types';

/** Product detail fields and their columns, in the order detailValues lists them. */
const detailColumns: [keyof ProductDetails, string][] = [
  ['title', 'title'],
  ['altTitle', 'alt_title'],
  ['subtitle', 'subtitle'],
  ['productType', 'type'],
  ['genre', 'genre'],
  ['durationSeconds', 'duration_seconds'],
  ['copyright', 'copyright'],
  ['territory', 'territory'],
  ['label', 'label'],
  ['labelArtist', 'label_artist'],
  ['artistId', 'artist_id'],
  ['tags', 'tags'],
  ['visibility', 'visibility'],
  ['revenueView', 'revenue_view'],
];

function detailValues(details: ProductDetails): unknown[] {
  return detailColumns.map(([field]) =>
    field === 'tags' ? JSON.stringify(details.tags) : details[field],
  );
}

async function insertCodes(tx: Queryable, productId: string, codes: CodeEntry[]): Promise<void> {
  for (const code of codes) {
    await tx.query('insert into product_codes (code, product_id, kind) values ($1, $2, $3)', [
      code.code,
      productId,
      code.kind,
    ]);
  }
}

/** Payees of a set, group members included: who may see the product. */
function payeesOf(set: SplitSet): string[] {
  return set.shares.flatMap((share) =>
    'members' in share ? share.members.map((member) => member.payeeId) : [share.payeeId],
  );
}

async function insertSplitSets(
  tx: Queryable,
  accountId: string,
  productId: string | null,
  sets: SplitSet[],
): Promise<void> {
  for (const [position, set] of sets.entries()) {
    await tx.query(
      `insert into split_sets (id, account_id, product_id, code, kind, start_date, priority, trigger,
                               shares, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        set.id,
        accountId,
        productId,
        'code' in set.scope ? set.scope.code : null,
        set.kind,
        set.startDate,
        set.priority,
        set.trigger ? JSON.stringify(set.trigger) : null,
        JSON.stringify(set.shares),
        position,
      ],
    );
    for (const payeeId of new Set(payeesOf(set))) {
      await tx.query('insert into split_payees (split_set_id, payee_id) values ($1, $2)', [
        set.id,
        payeeId,
      ]);
    }
  }
}

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
    case 'ArtistUserLinked':
      await tx.query(
        `insert into artist_users (artist_id, user_id, linked_at) values ($1, $2, $3)
         on conflict do nothing`,
        [id, event.data.userId, at],
      );
      await tx.query('update artists set version = $2 where id = $1', [id, version]);
      return;
    case 'ArtistUserUnlinked':
      await tx.query('delete from artist_users where artist_id = $1 and user_id = $2', [
        id,
        event.data.userId,
      ]);
      await tx.query('update artists set version = $2 where id = $1', [id, version]);
      return;
    case 'DistributorCreated': {
      const data = event.data;
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
      return;
    }
    case 'DistributorChanged': {
      const { after } = event.data;
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
      return;
    }
    case 'StatementUploaded': {
      const data = event.data;
      await tx.query(
        `insert into statements (id, account_id, distributor_id, period, expected, title, received_at,
                                 parse_status, version, flags)
         values ($1, $2, $3, $4, $5, $6, $7, 'syncing', $8, $9)`,
        [
          data.statementId,
          data.accountId,
          data.distributorId,
          data.period,
          data.expected,
          data.title,
          at,
          version,
          JSON.stringify({ forced: false, expedited: false, cashless: data.cashless ?? false }),
        ],
      );
      for (const file of data.files) {
        await tx.query(
          `insert into statement_files (id, statement_id, account_id, name, sha256, size, status)
           values ($1, $2, $3, $4, $5, $6, 'queued')`,
          [file.fileId, data.statementId, data.accountId, file.name, file.sha256, file.size],
        );
      }
      return;
    }
    case 'StatementFileRead': {
      const data = event.data;
      await tx.query(
        `update statement_files set status = 'read', error = null, rows_read = $2, records = $3,
                errors = $4, summary = $5 where id = $1`,
        [data.fileId, data.rowsRead, data.records, data.errors, JSON.stringify(data.summary)],
      );
      await tx.query('update statements set version = $2 where id = $1', [id, version]);
      return;
    }
    case 'StatementFileRejected':
      await tx.query(`update statement_files set status = 'rejected', error = $2 where id = $1`, [
        event.data.fileId,
        event.data.error,
      ]);
      await tx.query('update statements set version = $2 where id = $1', [id, version]);
      return;
    case 'StatementParsed':
      await tx.query('update statements set parse_status = $2, version = $3 where id = $1', [
        id,
        event.data.outcome,
        version,
      ]);
      return;
    case 'StatementTransitioned':
      await tx.query('update statements set state = $2, flags = $3, version = $4 where id = $1', [
        id,
        event.data.to,
        JSON.stringify(event.data.flags),
        version,
      ]);
      return;
    case 'FundsReceived':
      await tx.query('update statements set received = $2, version = $3 where id = $1', [
        id,
        event.data.total,
        version,
      ]);
      return;
    case 'StatementCalculated': {
      const data = event.data;
      await tx.query(
        `insert into calculations (id, statement_id, input_sha256, output_sha256, backend, totals, state, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          data.calculationId,
          id,
          data.inputSha256,
          data.outputSha256,
          data.backend,
          JSON.stringify(data.totals),
          JSON.stringify(data.state),
          at,
        ],
      );
      await tx.query('update statements set calculation_id = $2, version = $3 where id = $1', [
        id,
        data.calculationId,
        version,
      ]);
      return;
    }
    case 'CalculationFailed':
      await tx.query('update statements set version = $2 where id = $1', [id, version]);
      return;
    case 'StatementApproved':
      await tx.query('update statements set approved_at = $2, version = $3 where id = $1', [
        id,
        at,
        version,
      ]);
      return;
    case 'PaymentsPrepared': {
      const currencyRow = await tx.query<{ id: string }>(
        'select id from statements where id = $1',
        [id],
      );
      if (currencyRow.length === 0) return;
      for (const payment of event.data.payments) {
        await tx.query(
          `insert into payments (id, statement_id, payee_id, amount, currency, state, origin, created_at)
           values ($1, $2, $3, $4, $5, 'NONE', 'proceeds', $6)`,
          [payment.paymentId, id, payment.payeeId, payment.amount, payment.currency, at],
        );
        await tx.query(
          `insert into transactions (id, payment_id, amount, currency, status, passback, created_at)
           values ($1, $2, $3, $4, 'PREPARE', false, $5)`,
          [payment.transactionId, payment.paymentId, payment.amount, payment.currency, at],
        );
      }
      await tx.query('update statements set version = $2 where id = $1', [id, version]);
      return;
    }
    case 'AdjustmentAdded': {
      const data = event.data;
      await tx.query(
        `insert into statement_adjustments (id, statement_id, code, units, amount, description, created_by, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          data.adjustmentId,
          id,
          data.code,
          data.units,
          data.amount,
          data.description,
          event.actor,
          at,
        ],
      );
      await tx.query('update statements set version = $2 where id = $1', [id, version]);
      return;
    }
    case 'StatementFilesReplaced': {
      await tx.query('delete from statement_files where id = any($1::text[])', [
        event.data.removed,
      ]);
      const owner = await tx.query<{ account_id: string }>(
        'select account_id from statements where id = $1',
        [id],
      );
      for (const file of event.data.added) {
        await tx.query(
          `insert into statement_files (id, statement_id, account_id, name, sha256, size, status)
           values ($1, $2, $3, $4, $5, $6, 'queued')`,
          [file.fileId, id, owner[0]?.account_id ?? '', file.name, file.sha256, file.size],
        );
      }
      await tx.query(`update statements set parse_status = 'syncing', version = $2 where id = $1`, [
        id,
        version,
      ]);
      return;
    }
    case 'StatementDateMoved':
      await tx.query('update statements set statement_date = $2, version = $3 where id = $1', [
        id,
        event.data.to,
        version,
      ]);
      return;
    case 'ProductCreated': {
      const { productId, accountId, details, codes } = event.data;
      await tx.query(
        `insert into products (id, account_id, created_at, version, title, alt_title, subtitle, type,
                               genre, duration_seconds, copyright, territory, label, label_artist,
                               artist_id, tags, visibility, revenue_view)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
        [productId, accountId, at, version, ...detailValues(details)],
      );
      await insertCodes(tx, productId, codes);
      return;
    }
    case 'ProductChanged': {
      const merged = await tx.query<{ details: ProductDetails }>(
        `select jsonb_build_object(${detailColumns
          .map(([field, column]) => `'${field}', ${column}`)
          .join(', ')}) as details from products where id = $1`,
        [id],
      );
      const details = { ...(merged[0]?.details as ProductDetails), ...event.data.after };
      await tx.query(
        `update products set version = $2, ${detailColumns
          .map(([, column], index) => `${column} = $${index + 3}`)
          .join(', ')} where id = $1`,
        [id, version, ...detailValues(details)],
      );
      return;
    }
    case 'ProductCodesChanged':
      for (const removed of event.data.removed) {
        await tx.query('delete from product_codes where code = $1 and product_id = $2', [
          removed.code,
          id,
        ]);
      }
      await insertCodes(tx, id, event.data.added);
      await tx.query('update products set version = $2 where id = $1', [id, version]);
      return;
    case 'ProductSplitsChanged': {
      const owner = await tx.query<{ account_id: string }>(
        'select account_id from products where id = $1',
        [id],
      );
      await tx.query('delete from split_sets where product_id = $1', [id]);
      await insertSplitSets(tx, owner[0]?.account_id ?? '', id, event.data.after);
      await tx.query('update products set version = $2 where id = $1', [id, version]);
      return;
    }
    case 'DefaultSplitsChanged':
      await tx.query(
        'delete from split_sets where account_id = $1 and product_id is null and code is null',
        [id],
      );
      await insertSplitSets(tx, id, null, event.data.after);
      await tx.query('update accounts set version = $2 where id = $1', [id, version]);
      return;
    case 'PresetCreated':
      await tx.query(
        'insert into presets (id, account_id, name, shares, created_at) values ($1, $2, $3, $4, $5)',
        [event.data.presetId, id, event.data.name, JSON.stringify(event.data.shares), at],
      );
      await tx.query('update accounts set version = $2 where id = $1', [id, version]);
      return;
    case 'AccountPayeeAdded':
      await tx.query(
        'insert into account_payees (account_id, user_id) values ($1, $2) on conflict do nothing',
        [id, event.data.userId],
      );
      await tx.query('update accounts set version = $2 where id = $1', [id, version]);
      return;
    default: {
      const _never: never = event;
      throw new Error(`No projection for event ${JSON.stringify(_never)}`);
    }
  }
}
