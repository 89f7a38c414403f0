import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../api/common';
import { PaymentSettings, PaymentSettingsChange } from '../../api/paymentSettings';
import { changePaymentSettings, readPaymentSettings } from '../payments/settings';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';

// SPEC section 9: the payment minimum is set by the label's staff (the account permission of a
// label owner; an admin emulates the owner) and is not shown to payees, who hold account:rw for
// their own profile but are no owners.
const settingsAccess: RouteAccess = {
  session: true,
  permissions: ['account:rw'],
  roles: ['owner'],
};

const paymentSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/payment-settings',
    {
      config: { access: settingsAccess },
      schema: {
        tags: ['payments'],
        summary: "The label's payment minimum per currency and passback mode",
        response: { 200: PaymentSettings, ...errorResponses },
      },
    },
    (request) => readPaymentSettings(app.db, sessionOf(request).user.accountId),
  );

  app.put(
    '/api/payment-settings',
    {
      config: { access: settingsAccess },
      schema: {
        tags: ['payments'],
        summary: "Set the label's payment minimums and passback mode; a currency left out is 0",
        body: PaymentSettingsChange,
        response: { 200: PaymentSettings, ...errorResponses },
      },
    },
    async (request) => {
      const accountId = sessionOf(request).user.accountId;
      await changePaymentSettings(
        app.db,
        accountId,
        request.body,
        commandMetadata(request, app.now()),
      );
      return readPaymentSettings(app.db, accountId);
    },
  );
};

export default paymentSettingsRoutes;
