import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionOf } from '../plugins/auth';
import { walletBalances } from '../queries/wallet';
import { errorResponses } from '../../api/common';
import { WalletBalances } from '../../api/wallet';

const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // SPEC section 7 names this path; the answer is a list whose first item has total.amount.
  app.get(
    '/api/payment-method/balance',
    {
      config: { access: { session: true, permissions: ['payment-method:ro'] } },
      schema: {
        tags: ['wallet'],
        summary: "The caller's exact balance, one item per currency, the default currency first",
        response: { 200: WalletBalances, ...errorResponses },
      },
    },
    async (request) => walletBalances(request.reads, sessionOf(request).user.id),
  );
};

export default walletRoutes;
