import type { Queryable } from '../db/database';
import { ForbiddenError, NotFoundError } from '../errors';
import { findArtist } from '../queries/artists';
import { paymentIsVisible, paymentScope } from '../queries/payments';
import { catalogScope, findProduct } from '../queries/products';
import { statementIsVisible } from '../queries/statements';
import { findVisibleUser } from '../queries/users';
import { seesAllAccounts } from './scope';
import type { SessionUser } from './sessions';

type FilterCheck = (db: Queryable, user: SessionUser, id: string) => Promise<boolean> | boolean;

const ownAccount: FilterCheck = (_db, user, id) => id === user.accountId;

/**
 * A statement the caller reads (their account's), or one that pays them: a payee reads their own
 * payments of any label's statement.
 */
const statementOfCaller: FilterCheck = async (db, user, id) => {
  if (await statementIsVisible(db, user, id)) return true;
  const rows = await db.query(
    `select 1 from statements s join statement_payees sp on sp.calculation_id = s.calculation_id
      where s.id = $1 and sp.payee_id = $2
     union all
     select 1 from payments p where p.statement_id = $1 and p.payee_id = $2`,
    [id, user.id],
  );
  return rows.length > 0;
};

/**
 * The query parameters of a read that name a row of some account, each with who may name it: the
 * same scope as the read of that row itself (an artist's GET, a product's, ...).
 */
const FILTERS: Record<string, FilterCheck> = {
  account: ownAccount,
  accountId: ownAccount,
  artist: async (db, user, id) => (await findArtist(db, user, id)) !== null,
  product: async (db, user, id) => (await findProduct(db, catalogScope(user), id)) !== null,
  // The caller themselves, or one of the people their account sees (its own and its payees).
  payee: async (db, user, id) =>
    id === user.id || (await findVisibleUser(db, id, user.accountId)) !== null,
  statement: statementOfCaller,
  payment: (db, user, id) => paymentIsVisible(db, paymentScope(user), id),
};

/**
 * Refuses a read whose query names a row the caller may not read (another account's artist,
 * payee, statement...), so no filter ever narrows to, widens to, or tells the existence of
 * another account's rows. A row the caller does not see is as unknown as one that does not
 * exist: 404; naming another account outright is 403, as the routes that take one answer.
 * Staff read every account; only the parameters the route's query schema declares are looked at.
 */
export async function checkQueryFilters(
  db: Queryable,
  user: SessionUser,
  query: Readonly<Record<string, unknown>>,
  declared: ReadonlySet<string>,
): Promise<void> {
  if (seesAllAccounts(user)) return;
  for (const [name, value] of Object.entries(query)) {
    const check = FILTERS[name];
    if (!check || !declared.has(name) || typeof value !== 'string') continue;
    if (await check(db, user, value)) continue;
    throw name === 'account' || name === 'accountId' ? new ForbiddenError() : new NotFoundError();
  }
}
