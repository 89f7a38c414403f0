// Journals for the books: a closed period's journal as JSON or as the files QuickBooks Online and
// Xero import, its trial balance, and the label's chart of accounts the journals post to.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsvText, errorResponses, inMediaTypes } from '../../api/common';
import {
  BookSettings,
  BookSettingsChange,
  Journal,
  JournalParams,
  JournalQuery,
} from '../../api/journals';
import { translator } from '../i18n';
import { quickbooksCsv, trialBalanceCsv, xeroCsv } from '../journals/exports';
import { buildJournal } from '../journals/journal';
import { changeBookSettings, readBookSettings } from '../journals/settings';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';

/** The label's statement readers read its books; a payee, who reads no statement, never. */
const journalAccess: RouteAccess = { session: true, permissions: ['statement:ro'] };

/** The chart of accounts is set as the label's payment settings are: by its owner. */
const settingsAccess: RouteAccess = {
  session: true,
  permissions: ['account:rw'],
  roles: ['owner'],
};

const FILE_NAMES = {
  quickbooks: 'quickbooks-journal',
  xero: 'xero-manual-journal',
  'trial-balance': 'trial-balance',
} as const;

const journalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/periods/:period/journal',
    {
      config: { access: journalAccess },
      schema: {
        tags: ['journals'],
        summary:
          "A closed period's journal entries; format=quickbooks, xero or trial-balance answers that CSV file",
        params: JournalParams,
        querystring: JournalQuery,
        response: {
          200: inMediaTypes({ 'application/json': Journal, 'text/csv': CsvText }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const { period } = request.params;
      const { format, currency } = request.query;
      const whole = await buildJournal(app.db, user.accountId, period, user.language);
      const journal = currency
        ? { ...whole, entries: whole.entries.filter((entry) => entry.currency === currency) }
        : whole;
      if (format === undefined) return journal;
      const csv =
        format === 'quickbooks'
          ? quickbooksCsv(journal)
          : format === 'xero'
            ? xeroCsv(journal, (await readBookSettings(app.db, user.accountId)).xeroTaxRate)
            : trialBalanceCsv(journal, translator(user.language)('journals.trial-balance.total'));
      const name = `${FILE_NAMES[format]}-${period}${currency ? `-${currency}` : ''}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.get(
    '/api/book-settings',
    {
      config: { access: settingsAccess },
      schema: {
        tags: ['journals'],
        summary: "The label's account code and name per book category, and its Xero tax rate",
        response: { 200: BookSettings, ...errorResponses },
      },
    },
    (request) => readBookSettings(app.db, sessionOf(request).user.accountId),
  );

  app.put(
    '/api/book-settings',
    {
      config: { access: settingsAccess },
      schema: {
        tags: ['journals'],
        summary: "Map the label's book accounts; a category left out keeps its account",
        body: BookSettingsChange,
        response: { 200: BookSettings, ...errorResponses },
      },
    },
    async (request) => {
      const accountId = sessionOf(request).user.accountId;
      await changeBookSettings(
        app.db,
        accountId,
        request.body,
        commandMetadata(request, app.now()),
      );
      return readBookSettings(app.db, accountId);
    },
  );
};

export default journalRoutes;
