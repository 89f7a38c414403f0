import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../api/common';
import { Dashboard, DashboardQuery } from '../../api/dashboard';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
import { ForbiddenError, NotFoundError } from '../errors';
import { sessionOf } from '../plugins/auth';
import { periodWindow } from '../queries/dashboardWindow';
import { readLabelDashboard } from '../queries/labelDashboard';
import { readPersonalDashboard } from '../queries/personalDashboard';
import { nameSeenBy, seesWhole } from '../queries/users';

/**
 * The person a label or staff member asked for with the User filter: one of the label's own
 * people or payees (any person for staff). Anyone else is not found, so no other account's
 * person can be probed. A person the label only invited shows by their address, as one of its
 * payees, not with their home account.
 */
async function chosenPayee(db: Queryable, account: string | null, id: string) {
  const rows = await db.query<{ id: string; fullname: string; account: string }>(
    `select u.id, ${nameSeenBy('$2', 'u')} as fullname,
            case when ${seesWhole('$2', 'u')} then a.name
                 else (select viewer.name from accounts viewer where viewer.id = $2) end as account
       from users u join accounts a on a.id = u.account_id
      where u.id = $1 and ($2::text is null or u.account_id = $2 or exists (
        select 1 from account_payees ap where ap.account_id = $2 and ap.user_id = u.id))`,
    [id, account],
  );
  const found = rows[0];
  if (!found) throw new NotFoundError('User not found');
  return found;
}

/** A label's people and staff read the label's figures; everyone else their own. */
const readsLabel = (user: SessionUser) => allows(user.permissions, 'statement:ro');

const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: { session: true, permissions: ['dashboard:ro'] } },
      schema: {
        tags: ['dashboard'],
        summary:
          "The home dashboard of the caller (the emulated person while emulating): a label's figures, or a payee's own",
        querystring: DashboardQuery,
        response: { 200: Dashboard, ...errorResponses },
      },
    },
    async (request): Promise<Dashboard> => {
      const user = sessionOf(request).user;
      const { query } = request;
      const window = periodWindow(query, app.now());
      const artist = query.artist ?? null;
      const currency = user.currency;
      const own = { id: user.id, fullname: user.fullname, account: user.accountName };
      if (!readsLabel(user)) {
        if (query.payee && query.payee !== user.id) throw new ForbiddenError();
        return {
          person: own,
          label: null,
          personal: await readPersonalDashboard(request.reads, {
            person: user.id,
            account: null,
            artist,
            window,
            currency,
          }),
        };
      }
      const account = seesAllAccounts(user) ? null : user.accountId;
      if (query.payee) {
        const person = await chosenPayee(request.reads, account, query.payee);
        return {
          person,
          label: null,
          personal: await readPersonalDashboard(request.reads, {
            person: person.id,
            account,
            artist,
            window,
            currency,
          }),
        };
      }
      return {
        person: own,
        label: await readLabelDashboard(request.reads, { account, artist, window, currency }),
        personal: null,
      };
    },
  );
};

export default dashboardRoutes;
