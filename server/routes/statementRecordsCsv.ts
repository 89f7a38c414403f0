// SPEC section 7's CSV download helper (`start` and `distributor` query): the records of a
// label's approved statements of one distributor, from a month on, streamed as one CSV file.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CsvText, errorResponses, inMediaTypes } from '../../api/common';
import { RecordsCsvQuery } from '../../api/recordsCsv';
import { seesAllAccounts } from '../auth/scope';
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors';
import { sessionOf } from '../plugins/auth';
import { exportedStatements, recordsCsvLines } from '../statements/recordsCsv';

export const RECORDS_CSV_ACCOUNT_REQUIRED = 'Choose the label account whose records to download.';

/** The label's own statement readers; a payee, who reads no statement, gets nothing. */
const access = { session: true, permissions: ['statement:ro'] } as const;

const attachment = (name: string) =>
  `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A file name's part from a distributor's name: letters and digits, the rest as dashes. */
const namePart = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'distributor';

const statementRecordsCsvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/statements/records',
    {
      config: { access },
      schema: {
        tags: ['statements'],
        summary:
          "The records of the account's approved statements of one distributor from a month on, as CSV",
        querystring: RecordsCsvQuery,
        response: { 200: inMediaTypes({ 'text/csv': CsvText }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const { start, distributor, account } = request.query;
      if (account !== undefined && account !== user.accountId && !seesAllAccounts(user))
        throw new ForbiddenError();
      // Staff belong to the portal's own account: they name the label.
      const accountId = account ?? (seesAllAccounts(user) ? null : user.accountId);
      if (accountId === null) throw new BadRequestError(RECORDS_CSV_ACCOUNT_REQUIRED);
      const found = await request.reads.query<{ name: string }>(
        'select name from distributors where id = $1',
        [distributor],
      );
      const distributorName = found[0]?.name;
      if (distributorName === undefined) throw new NotFoundError();
      const statements = await exportedStatements(request.reads, accountId, distributor, start);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            attachment(`records-${namePart(distributorName)}-from-${start}.csv`),
          )
          // The schema documents the text the stream carries; Fastify sends a stream as it comes.
          .send(Readable.from(recordsCsvLines(request.reads, statements)) as unknown as string)
      );
    },
  );
};

export default statementRecordsCsvRoutes;
