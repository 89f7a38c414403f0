import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../api/common';
import { BankFileOriginator, BankFileOriginatorChange } from '../../api/bankFileOriginator';
import { changeBankFileOriginator, readBankFileOriginator } from '../payments/bankfile/originator';
import { nachaProblemText, type NachaOriginatorFields } from '../../rules/bankFileOriginator';
import { ForbiddenError } from '../errors';
import { checkNachaOriginator } from '../payments/bankfile/nacha';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';

// The label's own bank details are the label's owner's to set: an admin emulating the owner reads
// them and sets none (where the label's money leaves from is the label's to say, as a payee's
// bank account is the payee's); payees, who hold account:rw for their own profile, are no owners.
const originatorAccess: RouteAccess = {
  session: true,
  permissions: ['account:rw'],
  roles: ['owner'],
};

/** What the NACHA writer itself refuses of these fields, in the form's texts. */
const nachaWriterCheck = (fields: NachaOriginatorFields) =>
  checkNachaOriginator(fields).map((problem) => ({
    path: `nacha/${problem.field}`,
    message: nachaProblemText(problem),
  }));

const bankFileOriginatorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/bank-file-originator',
    {
      config: { access: originatorAccess },
      schema: {
        tags: ['payments'],
        summary: "The label's bank details its bank files carry; the IBAN as its last 4",
        response: { 200: BankFileOriginator, ...errorResponses },
      },
    },
    (request) => readBankFileOriginator(app.db, sessionOf(request).user.accountId),
  );

  app.put(
    '/api/bank-file-originator',
    {
      config: { access: originatorAccess },
      schema: {
        tags: ['payments'],
        summary:
          "Set the label's NACHA originator and SEPA debtor, each field checked as a bank would",
        body: BankFileOriginatorChange,
        response: { 200: BankFileOriginator, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (session.emulating) throw new ForbiddenError();
      const accountId = session.user.accountId;
      await changeBankFileOriginator(
        { db: app.db, dataKey: app.paymentDataKey, extraNachaCheck: nachaWriterCheck },
        accountId,
        request.body,
        commandMetadata(request, app.now()),
      );
      return readBankFileOriginator(app.db, accountId);
    },
  );
};

export default bankFileOriginatorRoutes;
