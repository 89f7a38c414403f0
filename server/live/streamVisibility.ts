import { DISTRIBUTOR_READERS } from '../../rules/permissions';
import { allows, allowsAny, type Permission } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
import { findArtist } from '../queries/artists';
import { paymentIsVisible, paymentScope } from '../queries/payments';
import { catalogScope, findProduct } from '../queries/products';
import { recoupmentIsVisible, recoupmentScope } from '../queries/recoupments';
import { statementIsVisible } from '../queries/statements';
import { isPersonOf } from '../queries/users';
import type { StreamKind } from '../events/types';
import { STATEMENT_UPLOADERS } from '../auth/intakeKeys';

/** The kind and the id of a stream id, `statement-s1` → `statement` and `s1`. */
export function splitStreamId(streamId: string): { kind: string; id: string } {
  const dash = streamId.indexOf('-');
  return dash < 0
    ? { kind: streamId, id: '' }
    : { kind: streamId.slice(0, dash), id: streamId.slice(dash + 1) };
}

/** Who reads the whole audit log, data included: the same check as `GET /api/events`. */
export function readsAuditLog(user: SessionUser): boolean {
  return allows(user.permissions, 'emulate:rw');
}

type StreamCheck = (db: Queryable, user: SessionUser, id: string) => Promise<boolean> | boolean;

const needs =
  (permissions: readonly Permission[], check: StreamCheck): StreamCheck =>
  async (db, user, id) =>
    allowsAny(user.permissions, permissions) && check(db, user, id);

/** The account-wide streams whose API reads only the caller's own account. */
const ownAccount =
  (permissions: readonly Permission[]): StreamCheck =>
  (_db, user, id) =>
    allowsAny(user.permissions, permissions) && user.accountId === id;

/** A person's own details and bank account: only they themselves read them. */
const ownPerson: StreamCheck = (_db, user, id) => user.id === id;

/**
 * Whether `user` may learn of an event of each stream kind: the same permission and the same
 * scope as the API that reads what the stream changes (a statement's GET, a product's, ...), so
 * the live stream tells nobody of anything they could not read.
 */
const CHECKS: Record<StreamKind, StreamCheck> = {
  statement: needs(['statement:ro', 'import:ro'], (db, user, id) =>
    statementIsVisible(db, user, id),
  ),
  product: needs(
    ['product:ro'],
    async (db, user, id) => (await findProduct(db, catalogScope(user), id)) !== null,
  ),
  recoupment: needs(['recoup:ro'], (db, user, id) =>
    recoupmentIsVisible(db, recoupmentScope(user), id),
  ),
  payment: needs(['payment:ro', 'transaction:ro'], (db, user, id) =>
    paymentIsVisible(db, paymentScope(user), id),
  ),
  artist: needs(['artist:ro'], async (db, user, id) => (await findArtist(db, user, id)) !== null),
  distributor: (_db, user) => allowsAny(user.permissions, DISTRIBUTOR_READERS),
  // A person's logins, failed logins and profile reach them and their own account's people: not
  // a label that invited or works with them (that relationship is on the label's account stream).
  user: async (db, user, id) =>
    user.id === id ||
    (allows(user.permissions, 'user:ro') &&
      (seesAllAccounts(user) || (await isPersonOf(db, id, user.accountId)))),
  account: (_db, user, id) =>
    allows(user.permissions, 'account:ro') && (seesAllAccounts(user) || user.accountId === id),
  // A label's periods reach its people who read its statements, as the periods page does.
  period: needs(
    ['statement:ro'],
    (_db, user, id) => seesAllAccounts(user) || user.accountId === id,
  ),
  paymentsettings: async (db, user, id) =>
    user.roles.includes('owner') && (await ownAccount(['account:rw'])(db, user, id)),
  // A bank file is its label owner's, as the bank-file routes are.
  bankfile: async (db, user, id) => {
    if (!user.roles.includes('owner') || !allows(user.permissions, 'account:rw')) return false;
    const rows = await db.query<{ account_id: string }>(
      'select account_id from bank_files where id = $1',
      [id],
    );
    return rows[0]?.account_id === user.accountId;
  },
  business: ownAccount(['account:ro']),
  bankfileoriginator: async (db, user, id) =>
    user.roles.includes('owner') && (await ownAccount(['account:rw'])(db, user, id)),
  // A label's reserve rules and the releases of its reserves, as its reserve settings are read.
  reserverules: async (db, user, id) =>
    user.roles.includes('owner') && (await ownAccount(['account:rw'])(db, user, id)),
  reserves: async (db, user, id) =>
    user.roles.includes('owner') && (await ownAccount(['account:rw'])(db, user, id)),
  // The label's chart of accounts for its journals, set by its owner as payment settings are.
  books: async (db, user, id) =>
    user.roles.includes('owner') && (await ownAccount(['account:rw'])(db, user, id)),
  bankaccount: ownPerson,
  person: ownPerson,
  taxform: ownPerson,
  intakekey: needs(STATEMENT_UPLOADERS, async (db, user, id) => {
    const rows = await db.query<{ account_id: string }>(
      'select account_id from intake_keys where id = $1',
      [id],
    );
    const accountId = rows[0]?.account_id;
    return accountId !== undefined && (seesAllAccounts(user) || accountId === user.accountId);
  }),
  // A banner message reaches the people it is for: everyone, or one account's people.
  message: async (db, user, id) => {
    const rows = await db.query<{ audience: string; account_id: string | null }>(
      'select audience, account_id from messages where id = $1',
      [id],
    );
    const message = rows[0];
    if (!message) return false;
    return message.audience !== 'account' || message.account_id === user.accountId;
  },
  // A removed layout leaves no row: only staff who see every account learn of its removal.
  layout: needs(STATEMENT_UPLOADERS, async (db, user, id) => {
    if (seesAllAccounts(user)) return true;
    const rows = await db.query<{ account_id: string }>(
      'select account_id from account_layouts where id = $1',
      [id],
    );
    return rows[0]?.account_id === user.accountId;
  }),
};

/**
 * Whether an event of `streamId` may reach `user`. Whoever reads the audit log learns of every
 * event; a stream kind not listed reaches nobody else.
 */
export async function mayLearnOf(
  db: Queryable,
  user: SessionUser,
  streamId: string,
): Promise<boolean> {
  if (readsAuditLog(user)) return true;
  const { kind, id } = splitStreamId(streamId);
  const check = (CHECKS as Record<string, StreamCheck | undefined>)[kind];
  return check ? check(db, user, id) : false;
}
