import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from '../../api/common';
import {
  AcceptPaymentTerms,
  BankAccount,
  BankAccountAnswer,
  MicroDepositAmounts,
  NewBankAccount,
  PaymentTermsAnswer,
} from '../../api/bankAccount';
import { ForbiddenError, NotFoundError } from '../errors';
import {
  addBankAccount,
  currenciesOf,
  fundingSourceOf,
  readBankAccount,
  verifyBankAccount,
} from '../payments/bankAccounts';
import { acceptPaymentTerms, paymentTermsOf } from '../payments/terms';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';

const readAccess: RouteAccess = { session: true, permissions: ['payment-method:ro'] };
const writeAccess: RouteAccess = { session: true, permissions: ['payment-method:rw'] };

/** Where one is paid is one's own to set: nobody sets it for another, an emulating admin neither. */
function ownPerson(request: FastifyRequest): string {
  const session = sessionOf(request);
  if (session.emulating) throw new ForbiddenError();
  return session.user.id;
}

const bankAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({ db: app.db, partner: app.partner, dataKey: app.paymentDataKey });

  app.get(
    '/api/payment-method/bank-account',
    {
      config: { access: readAccess },
      schema: {
        tags: ['wallet'],
        summary:
          "The caller's bank account: what identifies the bank, the last 4 characters of the number, and how each currency is paid",
        response: { 200: BankAccountAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const person = sessionOf(request).user.id;
      // The amounts are told only by the sandbox, whose bank is a test one: a real bank's
      // deposits are what proves the account is the person's.
      const source = app.paymentRail === 'sandbox' ? await fundingSourceOf(app.db, person) : null;
      return {
        bankAccount: await readBankAccount(app.db, person, app.paymentRail, app.partner),
        // Only the sandbox's test bank answers what it deposited; a real rail's are never shown.
        testDeposits:
          source && app.sandboxPartner
            ? await app.sandboxPartner.testDeposits(source, app.now())
            : null,
        rail: app.paymentRail,
        currencies: await currenciesOf(app.db, person),
      };
    },
  );

  app.put(
    '/api/payment-method/bank-account',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['wallet'],
        summary: 'Add or replace the bank account; the partner sends two micro-deposits to it',
        body: NewBankAccount,
        response: { 200: BankAccount, ...errorResponses },
      },
    },
    async (request) => {
      const person = ownPerson(request);
      await addBankAccount(deps(), person, request.body, commandMetadata(request, app.now()));
      const saved = await readBankAccount(app.db, person, app.paymentRail, app.partner);
      if (!saved) throw new NotFoundError();
      return saved;
    },
  );

  app.post(
    '/api/payment-method/bank-account/verify',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['wallet'],
        summary: 'Confirm the two micro-deposit amounts; a verified account can be paid',
        body: MicroDepositAmounts,
        response: { 200: BankAccount, ...errorResponses },
      },
    },
    async (request) => {
      const person = ownPerson(request);
      await verifyBankAccount(
        deps(),
        person,
        request.body.amounts,
        commandMetadata(request, app.now()),
      );
      const saved = await readBankAccount(app.db, person, app.paymentRail, app.partner);
      if (!saved) throw new NotFoundError();
      return saved;
    },
  );

  app.get(
    '/api/payment-method/terms',
    {
      config: { access: readAccess },
      schema: {
        tags: ['wallet'],
        summary: "The payment terms in force and the caller's latest acceptance",
        response: { 200: PaymentTermsAnswer, ...errorResponses },
      },
    },
    (request) => paymentTermsOf(app.db, sessionOf(request).user.id),
  );

  // One accepts one's own terms: the route names nobody else. An admin emulating the person may,
  // and the event records the admin as the emulating actor.
  app.post(
    '/api/payment-method/terms',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['wallet'],
        summary:
          'Accept the payment terms in force, as shown in a language; payments wait until then',
        body: AcceptPaymentTerms,
        response: { 200: PaymentTermsAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const person = sessionOf(request).user.id;
      await app.db.transaction((tx) =>
        acceptPaymentTerms(tx, person, request.body, commandMetadata(request, app.now())),
      );
      return paymentTermsOf(app.db, person);
    },
  );
};

export default bankAccountRoutes;
