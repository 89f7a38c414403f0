import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsvText, errorResponses, IdParams, inMediaTypes } from '../../api/common';
import {
  BatchRun,
  PaymentDetail,
  PaymentList,
  PaymentListQuery,
  TransactionDetail,
  TransactionList,
  TransactionListQuery,
  Wallet,
} from '../../api/payments';
import { ConflictError, NotFoundError } from '../errors';
import { cancelPayment, retryPayment } from '../payments/payments';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import {
  allTransactions,
  listPayments,
  listTransactions,
  paymentScope,
  seesFees,
  readPayment,
  readTransaction,
} from '../queries/payments';
import { readWallet } from '../queries/wallet';
import { toCsv } from '../format/csv';

// SPEC section 2: the payments and transactions ledgers are for transaction ro/rw holders; a
// payee's payment:ro reads their own payments too.
const paymentAccess: RouteAccess = {
  session: true,
  permissions: ['payment:ro', 'transaction:ro'],
};
const transactionAccess: RouteAccess = { session: true, permissions: ['transaction:ro'] };
// SPEC section 6: running the batch now and clearing a failed payment are the admin's.
const adminAccess: RouteAccess = { session: true, permissions: ['payment:rw'], roles: ['admin'] };

// A payment whose transfer has not reached the bank is cancelled by an admin or its label's owner.
const cancelAccess: RouteAccess = {
  session: true,
  permissions: ['payment:rw'],
  roles: ['admin', 'owner'],
};

/** Only a payment on its way to the bank, not yet with it, can be cancelled. */
export const NOT_CANCELLABLE =
  'Only a payment on its way to the bank can be cancelled, before the bank has it.';

/** The partner's answer to a cancel: the bank has the transfer already. */
export const WITH_THE_BANK =
  'This payment can no longer be cancelled: its transfer has reached the bank.';

/** Only a failed payment is cleared and tried again. */
export const NOT_FAILED = 'Only a failed payment can be cleared and tried again.';

/** A retry never moves more than the money its return put back still holds. */
export const NOT_COVERED =
  'This payment cannot be tried again: the money the bank returned is no longer in the payee’s balance (a later payment paid it).';

const CSV_HEADER = [
  'id',
  'payment',
  'statement',
  'account',
  'payee',
  'amount',
  'fee',
  'total',
  'currency',
  'status',
  'passback',
  'trace id',
  'bank transfer id',
  'transferred',
  'created',
];

const isoDate = (seconds: number | null) =>
  seconds === null ? null : new Date(seconds * 1000).toISOString();

const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/payments',
    {
      config: { access: paymentAccess },
      schema: {
        tags: ['payments'],
        summary: "Payments the caller may see: staff all, a label its account's, a payee their own",
        querystring: PaymentListQuery,
        response: { 200: PaymentList, ...errorResponses },
      },
    },
    (request) => listPayments(request.reads, paymentScope(sessionOf(request).user), request.query),
  );

  app.get(
    '/api/payments/:id',
    {
      config: { access: paymentAccess },
      schema: {
        tags: ['payments'],
        summary: 'One payment with its transactions, ledger transfers and history',
        params: IdParams,
        response: { 200: PaymentDetail, ...errorResponses },
      },
    },
    async (request) => {
      const found = await readPayment(
        request.reads,
        paymentScope(sessionOf(request).user),
        request.params.id,
      );
      if (!found) throw new NotFoundError();
      return found;
    },
  );

  app.post(
    '/api/payments/batch',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['payments'],
        summary: 'Run the payment batch now instead of at the end of its period',
        response: { 200: BatchRun, ...errorResponses },
      },
    },
    () => app.runPaymentBatch(),
  );

  app.post(
    '/api/payments/:id/retry',
    {
      config: { access: adminAccess },
      schema: {
        tags: ['payments'],
        summary: 'Clear a failed payment and try it again in the next batch',
        params: IdParams,
        response: { 200: PaymentDetail, ...errorResponses },
      },
    },
    async (request) => {
      const scope = paymentScope(sessionOf(request).user);
      if (!(await readPayment(app.db, scope, request.params.id))) throw new NotFoundError();
      const outcome = await app.db.transaction((tx) =>
        retryPayment(tx, request.params.id, commandMetadata(request, app.now())),
      );
      if (outcome === 'not-failed') throw new ConflictError(NOT_FAILED);
      if (outcome === 'not-covered') throw new ConflictError(NOT_COVERED);
      const found = await readPayment(app.db, scope, request.params.id);
      if (!found) throw new NotFoundError();
      return found;
    },
  );

  app.post(
    '/api/payments/:id/cancel',
    {
      config: { access: cancelAccess },
      schema: {
        tags: ['payments'],
        summary:
          'Cancel a payment whose transfer has not reached the bank: it fails as cancelled, its money goes back as for a return, and an admin can retry it',
        params: IdParams,
        response: { 200: PaymentDetail, ...errorResponses },
      },
    },
    async (request) => {
      const scope = paymentScope(sessionOf(request).user);
      if (!(await readPayment(app.db, scope, request.params.id))) throw new NotFoundError();
      const outcome = await cancelPayment(
        { db: app.db, partner: app.partner, now: app.now, rail: app.paymentRail },
        request.params.id,
        commandMetadata(request, app.now()),
      );
      if (outcome === 'not-cancellable') throw new ConflictError(NOT_CANCELLABLE);
      if (outcome === 'with-the-bank') throw new ConflictError(WITH_THE_BANK);
      const found = await readPayment(app.db, scope, request.params.id);
      if (!found) throw new NotFoundError();
      return found;
    },
  );

  app.get(
    '/api/transactions',
    {
      config: { access: transactionAccess },
      schema: {
        tags: ['payments'],
        summary:
          'Transactions the caller may see; format=csv (or accept: text/csv) answers every matching row as a file',
        querystring: TransactionListQuery,
        response: {
          200: inMediaTypes({ 'application/json': TransactionList, 'text/csv': CsvText }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = paymentScope(sessionOf(request).user);
      const wantsCsv =
        request.query.format === 'csv' ||
        (request.query.format === undefined &&
          String(request.headers.accept ?? '').startsWith('text/csv'));
      if (!wantsCsv) return listTransactions(request.reads, scope, request.query);
      const rows = await allTransactions(request.reads, scope, request.query);
      // A payee's file has what they receive, not the label's fee.
      const fees = seesFees(scope);
      const csv = toCsv(
        fees ? CSV_HEADER : CSV_HEADER.filter((name) => name !== 'fee' && name !== 'total'),
        rows.map((row) => [
          { text: row.id },
          { text: row.paymentId },
          { text: row.statementId },
          { text: row.accountName },
          { text: row.payeeName },
          { decimal: row.amount },
          ...(fees ? [{ decimal: row.fee ?? '' }, { decimal: row.total ?? '' }] : []),
          { text: row.currency },
          { text: row.status },
          { text: row.passback ? 'on' : 'off' },
          { text: row.traceId },
          { text: row.bankTransferId },
          { text: isoDate(row.transferredAt) },
          { text: isoDate(row.createdAt) },
        ]),
      );
      const day = app.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/api/transactions/:id',
    {
      config: { access: transactionAccess },
      schema: {
        tags: ['payments'],
        summary: 'One transaction with its history',
        params: IdParams,
        response: { 200: TransactionDetail, ...errorResponses },
      },
    },
    async (request) => {
      const found = await readTransaction(
        request.reads,
        paymentScope(sessionOf(request).user),
        request.params.id,
      );
      if (!found) throw new NotFoundError();
      return found;
    },
  );

  app.get(
    '/api/wallet',
    {
      config: { access: { session: true, permissions: ['payment-method:ro'] } },
      schema: {
        tags: ['wallet'],
        summary:
          "The caller's balance (exact, payable in whole minor units, and the rest kept), payouts in, transactions on their way",
        response: { 200: Wallet, ...errorResponses },
      },
    },
    (request) => {
      const { user } = sessionOf(request);
      return readWallet(request.reads, user.id, paymentScope(user));
    },
  );
};

export default paymentRoutes;
