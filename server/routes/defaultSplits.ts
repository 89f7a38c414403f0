import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { allows } from '../auth/permissions';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import { readDefaultSplitSets, readPayeeNames, setDefaultSplits } from '../catalog/splitSets';
import { fullView, limitedView } from '../catalog/visibility';
import type { Queryable } from '../db/database';
import { NotFoundError } from '../errors';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { accountVersion } from '../queries/accounts';
import { errorResponses } from '../../api/common';
import { DefaultSplits } from '../../api/defaultSplits';
import { SplitsBody } from '../../api/splits';

/**
 * The caller's account's default split sets with the account's version: in full for who may
 * edit them, otherwise as under limited visibility (their own share, the others as one line).
 */
async function defaultSplitsView(db: Queryable, user: SessionUser): Promise<DefaultSplits> {
  const accountId = user.accountId;
  const version = await accountVersion(db, accountId);
  if (version === null) throw new NotFoundError();
  const sets = await readDefaultSplitSets(db, accountId);
  const names = await readPayeeNames(db, sets, {
    account: seesAllAccounts(user) ? null : accountId,
    person: user.id,
  });
  return {
    version,
    splitSets: sets.map((set) =>
      allows(user.permissions, 'product:rw')
        ? fullView(set, names)
        : limitedView(set, user.id, names),
    ),
  };
}

/**
 * The account-wide default split sets (ENGINE.md scope `{ default: true }`): they allocate
 * records whose product and code have no set of their own.
 */
const defaultSplitRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (
  app,
  options,
) => {
  app.get(
    '/api/default-splits',
    {
      config: { access: { session: true, permissions: ['product:ro'] } },
      schema: {
        tags: ['products'],
        summary: "The account's default split sets, for records whose product has none",
        response: { 200: DefaultSplits, ...errorResponses },
      },
    },
    async (request) => defaultSplitsView(request.reads, sessionOf(request).user),
  );

  app.put(
    '/api/default-splits',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['products'],
        summary:
          "Replace the account's default split sets; `version` must be the account's version",
        body: SplitsBody,
        response: { 200: DefaultSplits, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const accountId = user.accountId;
      await app.db.transaction((tx) =>
        setDefaultSplits(
          tx,
          {
            accountId,
            version: request.body.version,
            splitSets: request.body.splitSets,
            publicUrl: options.publicUrl,
          },
          commandMetadata(request, app.now()),
        ),
      );
      return defaultSplitsView(app.db, user);
    },
  );
};

export default defaultSplitRoutes;
