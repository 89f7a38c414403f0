import type {} from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BankFile, BankFileList, BankReturnParts, BankReturnsApplied } from '../../api/bankFiles';
import { errorResponses, IdParams, inMediaTypes, multipartBody } from '../../api/common';
import { BadRequestError, NotFoundError } from '../errors';
import {
  applyBankReturns,
  downloadBankFile,
  listBankFiles,
  submitBankFile,
} from '../payments/bankfile/files';
import { readBankReturns } from '../payments/bankfile/returnFile';
import { BankFileUnreadable, type BankFileProblem } from '../payments/bankfile/types';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';

// A label's bank files are its owner's (an admin emulates the owner), as its payment settings
// are: payees, who hold account:rw for their own profile, are no owners.
const bankFileAccess: RouteAccess = {
  session: true,
  permissions: ['account:rw'],
  roles: ['owner'],
};

/** The largest return file read: a bank's returns of a batch are a few kilobytes. */
const RETURN_FILE_BYTES = 5 * 1024 * 1024;

export const RETURN_FILE_MISSING = 'Choose the return file your bank sent.';
export const NO_RETURNS_IN_FILE =
  'This file returns no payment: upload the return file your bank sent for a submitted bank file.';

/** What the label reads when its bank's file cannot be read; where, in the answer's errors. */
export const UNREADABLE_RETURN_FILE: Readonly<Record<BankFileProblem, string>> = {
  'not-a-return-file':
    'This file is not a return file: upload the NACHA return file, pain.002 status report or camt.054 notification your bank sent.',
  'malformed-record':
    'A record of this return file cannot be read: upload the file exactly as your bank sent it.',
  'control-totals-differ':
    'The totals of this return file do not match its entries: ask your bank for the file again.',
  'unknown-format':
    'The portal does not read this kind of file: upload a NACHA return file, a pain.002 status report or a camt.054 notification.',
};

/** The media type a file downloads as. */
const MEDIA_TYPES = { nacha: 'text/plain; charset=us-ascii', sepa: 'application/xml' } as const;

/** The types a return file may come in as the whole body, instead of multipart. */
const RAW_TYPES = ['application/octet-stream', 'application/xml', 'text/xml'];

const bankFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(RAW_TYPES, { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  /** The rail of bank files, or not found: a sandbox portal has no bank files. */
  const rail = () => {
    if (!app.bankFiles) throw new NotFoundError();
    return app.bankFiles;
  };
  const deps = () => ({
    db: app.db,
    partner: app.partner,
    now: app.now,
    rail: app.paymentRail,
    bankFiles: rail(),
  });
  const labelOf = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).user.accountId;

  app.get(
    '/api/bank-files',
    {
      config: { access: bankFileAccess },
      schema: {
        tags: ['payments'],
        summary:
          "The label's bank files, newest first: open (not yet sent to the bank) or submitted",
        response: { 200: BankFileList, ...errorResponses },
      },
    },
    async (request) => {
      rail();
      return listBankFiles(request.reads, labelOf(request));
    },
  );

  app.get(
    '/api/bank-files/:id/download',
    {
      config: { access: bankFileAccess },
      schema: {
        tags: ['payments'],
        summary:
          'The bank file exactly as written, to upload to the bank; the download is recorded',
        params: IdParams,
        response: {
          200: inMediaTypes({
            'text/plain': { type: 'string' },
            'application/xml': { type: 'string' },
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      rail();
      const file = await downloadBankFile(
        app.db,
        labelOf(request),
        request.params.id,
        commandMetadata(request, app.now()),
      );
      return reply
        .header('content-type', MEDIA_TYPES[file.format])
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.post(
    '/api/bank-files/:id/submitted',
    {
      config: { access: bankFileAccess },
      schema: {
        tags: ['payments'],
        summary:
          'The label sent the file to its bank: its payments wait on the bank; marking it again changes nothing',
        params: IdParams,
        response: { 200: BankFile, ...errorResponses },
      },
    },
    (request) =>
      submitBankFile(
        deps(),
        labelOf(request),
        request.params.id,
        commandMetadata(request, app.now()),
      ),
  );

  app.post(
    '/api/bank-files/returns',
    {
      config: { access: bankFileAccess },
      bodyLimit: RETURN_FILE_BYTES,
      schema: {
        tags: ['payments'],
        summary:
          "The bank's return file (`file` part, or the whole body): each return applied to its payment, once",
        body: multipartBody(BankReturnParts),
        response: { 200: BankReturnsApplied, ...errorResponses },
      },
    },
    async (request) => {
      const context = deps();
      let bytes: Buffer | null = null;
      if (request.isMultipart()) {
        const partOptions = { limits: { fileSize: RETURN_FILE_BYTES, files: 1 } } as Parameters<
          typeof request.parts
        >[0];
        for await (const part of request.parts(partOptions)) {
          if (part.type === 'file') bytes = await part.toBuffer();
        }
      } else if (Buffer.isBuffer(request.body)) {
        bytes = request.body;
      }
      if (!bytes || bytes.length === 0) throw new BadRequestError(RETURN_FILE_MISSING);
      let returns;
      try {
        returns = readBankReturns(bytes);
      } catch (error) {
        if (!(error instanceof BankFileUnreadable)) throw error;
        const message = UNREADABLE_RETURN_FILE[error.problem];
        request.log.info({ problem: error.problem, at: error.at }, error.message);
        throw new BadRequestError(message, [{ path: error.at ?? '', message }]);
      }
      if (returns.length === 0) throw new BadRequestError(NO_RETURNS_IN_FILE);
      return { returns: await applyBankReturns(context, labelOf(request), returns) };
    },
  );
};

export default bankFileRoutes;
