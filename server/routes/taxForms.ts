import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsvText, errorResponses, FileBytes, inMediaTypes } from '../../api/common';
import {
  PayeeTaxFormStatuses,
  TaxFormAnswer,
  TaxFormInput,
  TaxYearParams,
  TaxYearQuery,
} from '../../api/taxForms';
import { TAX_FORM_SIGNER_ONLY } from '../../rules/taxForms';
import { ForbiddenError, NotFoundError } from '../errors';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';
import { payeeTaxFormStatuses, readTaxForms, signTaxForm } from '../taxForms/forms';
import { form1042Csv, form1099Csv, payeeTaxDocumentPdf } from '../taxForms/yearEnd';

/** One's own tax form: every signed-in person who may be paid reads and signs their own. */
const ownRead: RouteAccess = { session: true, permissions: ['account:ro'] };
const ownWrite: RouteAccess = { session: true, permissions: ['account:rw'] };
/** The label's view of its payees' forms: its staff, who read its statements (payees do not). */
const labelRead: RouteAccess = { session: true, permissions: ['statement:ro'] };
/** The accountant's year-end files, TINs included: who runs the label's payments. */
const labelExport: RouteAccess = { session: true, permissions: ['payment:rw'] };

export const LABEL_ACCOUNT_ONLY = "Only a label's people read its payees' tax forms.";

const attachment = (name: string) => `attachment; filename="${name}"`;

const taxFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const answer = async (userId: string) => {
    const found = await readTaxForms(app.db, userId, app.now());
    if (!found) throw new NotFoundError();
    return found;
  };
  /** The caller's label account: a payee's own account has no payees to report on. */
  const labelAccountOf = async (accountId: string) => {
    const rows = await app.db.query<{ type: string }>('select type from accounts where id = $1', [
      accountId,
    ]);
    if (rows[0]?.type !== 'label') throw new ForbiddenError(LABEL_ACCOUNT_ONLY);
    return accountId;
  };

  app.get(
    '/api/tax-form',
    {
      config: { access: ownRead },
      schema: {
        tags: ['tax-forms'],
        summary:
          "The caller's tax forms: the form asked, the current one and its status, the history, the year-end copies",
        response: { 200: TaxFormAnswer, ...errorResponses },
      },
    },
    (request) => answer(sessionOf(request).user.id),
  );

  // One signs one's own form: the route names nobody else, and an emulating admin signs nothing.
  app.post(
    '/api/tax-form',
    {
      config: { access: ownWrite },
      schema: {
        tags: ['tax-forms'],
        summary: 'Sign a W-9, W-8BEN or W-8BEN-E; it supersedes the form signed before',
        body: TaxFormInput,
        response: { 200: TaxFormAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (session.emulating) throw new ForbiddenError(TAX_FORM_SIGNER_ONLY);
      await app.db.transaction((tx) =>
        signTaxForm(
          tx,
          app.paymentDataKey,
          session.user.id,
          request.body,
          commandMetadata(request, app.now()),
        ),
      );
      return answer(session.user.id);
    },
  );

  app.get(
    '/api/tax-form/documents/:year',
    {
      config: { access: ownRead },
      schema: {
        tags: ['tax-forms'],
        summary:
          "The caller's own year-end copy (1099-MISC or 1042-S figures) as a PDF, the TIN masked",
        params: TaxYearParams,
        response: { 200: inMediaTypes({ 'application/pdf': FileBytes }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const rows = await app.db.query<{ language: string | null }>(
        'select language from users where id = $1',
        [user.id],
      );
      const pdf = await payeeTaxDocumentPdf(
        app.db,
        user.id,
        request.params.year,
        rows[0]?.language ?? 'en',
      );
      if (!pdf) throw new NotFoundError();
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(`tax-${request.params.year}.pdf`))
        .send(pdf);
    },
  );

  app.get(
    '/api/tax-forms',
    {
      config: { access: labelRead },
      schema: {
        tags: ['tax-forms'],
        summary: "The label's payees and the status of each one's tax form; never a TIN",
        response: { 200: PayeeTaxFormStatuses, ...errorResponses },
      },
    },
    async (request) => {
      const accountId = await labelAccountOf(sessionOf(request).user.accountId);
      return { items: await payeeTaxFormStatuses(app.db, accountId, app.now()) };
    },
  );

  app.get(
    '/api/tax-forms/1099-misc.csv',
    {
      config: { access: labelExport },
      schema: {
        tags: ['tax-forms'],
        summary:
          "The label's 1099-MISC figures of a year for its accountant, TINs included: US payees paid $10 or more in royalties",
        querystring: TaxYearQuery,
        response: { 200: inMediaTypes({ 'text/csv': CsvText }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const accountId = await labelAccountOf(sessionOf(request).user.accountId);
      const { year } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`1099-misc-${year}.csv`))
        .send(await form1099Csv(app.db, app.paymentDataKey(), accountId, year));
    },
  );

  app.get(
    '/api/tax-forms/1042-s.csv',
    {
      config: { access: labelExport },
      schema: {
        tags: ['tax-forms'],
        summary:
          "The label's 1042-S figures of a year: payees abroad, royalties paid and the tax withheld (none)",
        querystring: TaxYearQuery,
        response: { 200: inMediaTypes({ 'text/csv': CsvText }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const accountId = await labelAccountOf(sessionOf(request).user.accountId);
      const { year } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`1042-s-${year}.csv`))
        .send(await form1042Csv(app.db, accountId, year));
    },
  );
};

export default taxFormRoutes;
