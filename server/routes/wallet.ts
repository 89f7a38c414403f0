import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionOf } from '../plugins/auth';
import { errorResponses } from '../../api/common';

const Balance = Type.Object({
  total: Type.Object({
    amount: Type.String({ description: 'Exact decimal amount' }),
    currency: Type.String(),
  }),
});

/** The account's default currency until accounts choose their own (SPEC section 9: USD). */
const DEFAULT_CURRENCY = 'USD';

const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // SPEC section 7 names this path; the answer is a list whose first item has total.amount.
  app.get(
    '/api/payment-method/balance',
    {
      config: { access: { session: true, permissions: ['payment-method:ro'] } },
      schema: {
        tags: ['wallet'],
        summary: 'Wallet balance of the account, one item per currency, the default currency first',
        response: { 200: Type.Array(Balance), ...errorResponses },
      },
    },
    async (request) => {
      const accountId = sessionOf(request).user.accountId;
      const rows = await app.db.query<{ currency: string; amount: string }>(
        `select currency, trim_scale(sum(amount))::text as amount from wallet_entries
          where account_id = $1 group by currency`,
        [accountId],
      );
      const byCurrency = new Map(rows.map((row) => [row.currency, row.amount]));
      const currencies = [
        DEFAULT_CURRENCY,
        ...[...byCurrency.keys()].filter((c) => c !== DEFAULT_CURRENCY).sort(),
      ];
      return currencies.map((currency) => ({
        total: { amount: byCurrency.get(currency) ?? '0', currency },
      }));
    },
  );
};

export default walletRoutes;
