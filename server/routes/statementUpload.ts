import type {} from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BlobTooLargeError, type BlobStore } from '../blobs';
import type { SessionUser } from '../auth/sessions';
import { seesAllAccounts } from '../auth/scope';
import type { Queryable } from '../db/database';
import { BadRequestError, ConflictError, ForbiddenError } from '../errors';
import { appendToStream } from '../events/store';
import type { EventMetadata, UploadedFile } from '../events/types';
import { lockLiveIntakeKey, STATEMENT_UPLOADERS, type IntakeCaller } from '../auth/intakeKeys';
import { fileTypeOf, SUPPORTED_TYPES } from '../import/fileType';
import { enqueueJob } from '../jobs/queue';
import { uploadCandidates } from '../queries/accountLayouts';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { errorResponses, multipartBody } from '../../api/common';
import { isTextEncoding, TEXT_ENCODINGS, type TextEncoding } from '../../rules/encodings';
import {
  MAX_STATEMENT_FILES,
  UploadedStatements,
  UploadParts,
  type ExchangeRate,
  type UploadRequest,
} from '../../api/statementUpload';

/** SPEC section 8: no distributor supports upload. */
export const NO_UPLOADABLE_DISTRIBUTOR =
  'No distributor supports upload: configure one before importing statements.';
/** An admin or overseer files a statement under a label account, never the portal's own. */
export const CHOOSE_LABEL_ACCOUNT = 'Choose the label account this statement belongs to.';
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
const MAX_FILES = MAX_STATEMENT_FILES;

/** The upload request as the route reads it: `cashless` is false when left out. */
type UploadBody = Required<Omit<UploadRequest, 'accountId'>> & { accountId: string | null };

function readBody(text: string, defaultDistributor: string | null): UploadBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError('The upload details are not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError('The upload details must be a JSON object.');
  }
  const body = { ...(value as Partial<UploadBody>) };
  if (body.distributor === undefined && defaultDistributor !== null) {
    body.distributor = defaultDistributor;
  }
  if (typeof body.distributor !== 'string' || body.distributor === '') {
    throw new BadRequestError('Choose a distributor.');
  }
  if (typeof body.report_month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(body.report_month)) {
    throw new BadRequestError('The report month must be a month (YYYY-MM).');
  }
  const expected = body.expected ?? null;
  if (
    expected !== null &&
    (typeof expected !== 'string' || !/^\d{1,18}(\.\d{1,12})?$/.test(expected))
  ) {
    throw new BadRequestError('An amount must be positive.');
  }
  if (
    body.accountId !== undefined &&
    (typeof body.accountId !== 'string' || body.accountId === '' || body.accountId.length > 100)
  ) {
    throw new BadRequestError(CHOOSE_LABEL_ACCOUNT);
  }
  if (body.cashless !== undefined && typeof body.cashless !== 'boolean') {
    throw new BadRequestError('cashless must be true or false.');
  }
  return {
    distributor: body.distributor,
    report_month: body.report_month,
    expected,
    cashless: body.cashless ?? false,
    exchange: readExchange(body.exchange),
    accountId: body.accountId ?? null,
    encodings: readEncodings(body.encodings),
  };
}

export const UNKNOWN_ENCODING = `An encoding must be one of ${TEXT_ENCODINGS.join(', ')}.`;

/** The encodings the uploader confirmed, by file name. */
function readEncodings(value: unknown): Record<string, TextEncoding> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new BadRequestError(UNKNOWN_ENCODING);
  const encodings: Record<string, TextEncoding> = {};
  for (const [name, encoding] of Object.entries(value)) {
    if (!isTextEncoding(encoding)) throw new BadRequestError(UNKNOWN_ENCODING);
    encodings[name] = encoding;
  }
  return encodings;
}

const CURRENCY_CODE = /^[A-Z]{3}$/;
const RATE = /^\d{1,18}(\.\d{1,12})?$/;

/** The uploader's exchange rate: two different currencies and a rate above zero. */
function readExchange(value: unknown): ExchangeRate | null {
  if (value === undefined || value === null) return null;
  const exchange = value as Partial<ExchangeRate>;
  if (
    typeof exchange.from !== 'string' ||
    typeof exchange.to !== 'string' ||
    !CURRENCY_CODE.test(exchange.from) ||
    !CURRENCY_CODE.test(exchange.to) ||
    exchange.from === exchange.to
  ) {
    throw new BadRequestError(EXCHANGE_CURRENCIES);
  }
  if (
    typeof exchange.rate !== 'string' ||
    !RATE.test(exchange.rate) ||
    /^0*(\.0*)?$/.test(exchange.rate)
  ) {
    throw new BadRequestError(EXCHANGE_RATE);
  }
  return { from: exchange.from, to: exchange.to, rate: exchange.rate };
}

export const EXCHANGE_CURRENCIES =
  'An exchange rate converts one currency into another: name two different currencies.';
export const EXCHANGE_RATE =
  'An exchange rate must be a number above zero, with at most 12 decimals (e.g. 1.0832).';

// Control characters (a NUL among them) and the marks that reverse the direction of text: a name
// such as 'invoice\u202Efdp.csv' would otherwise display as 'invoicevsc.pdf'.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The file name as stored and shown: without characters that cannot be stored or that spoof. */
export function cleanFileName(name: string): string {
  return name.replace(UNSAFE_NAME_CHARACTERS, '').trim();
}

/**
 * The file part's name, cleaned, when the portal reads files of its type; otherwise the part's
 * bytes are drained and the request refused, naming the types it reads.
 */
export function supportedFileName(part: { filename: string; file: { resume(): unknown } }): string {
  const name = cleanFileName(part.filename);
  try {
    fileTypeOf(name);
  } catch {
    part.file.resume();
    throw new BadRequestError(
      `The file '${name}' is not a supported type: upload ${SUPPORTED_TYPES}.`,
    );
  }
  return name;
}

/**
 * Streams the `file` parts of a statement request into the blob store (kept byte for byte)
 * and returns them with the `body` part's text. Refuses unsupported types and oversized files.
 */
export async function receiveStatementFiles(
  request: FastifyRequest,
  blobs: BlobStore,
): Promise<{ bodyText: string | null; files: UploadedFile[] }> {
  if (!request.isMultipart())
    throw new BadRequestError('Send the statement as multipart/form-data.');
  let bodyText: string | null = null;
  const files: UploadedFile[] = [];
  try {
    await readParts(request, blobs, files, (text) => (bodyText = text));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') {
      throw new BadRequestError(TOO_MANY_FILES);
    }
    throw error;
  }
  return { bodyText, files };
}

/** SPEC section 8's upload failure, with the limit named. */
export const TOO_MANY_FILES = `At most ${MAX_FILES} files can be uploaded in one request: upload the others in another.`;

async function readParts(
  request: FastifyRequest,
  blobs: BlobStore,
  files: UploadedFile[],
  setBody: (text: string) => void,
): Promise<void> {
  for await (const part of request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES },
  })) {
    if (part.type === 'field') {
      // Sent as text by browsers, or typed application/json (curl -F 'body=…;type=…'), which
      // the multipart reader has already parsed.
      if (part.fieldname === 'body') {
        setBody(typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      }
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    if (cleanFileName(part.filename) === '') {
      part.file.resume();
      throw new BadRequestError('A file has no name: give it a name that ends with its type.');
    }
    const name = supportedFileName(part);
    try {
      const stored = await blobs.put(part.file, MAX_UPLOAD_BYTES);
      if (part.file.truncated) throw new BlobTooLargeError('too large');
      files.push({ fileId: randomUUID(), name, sha256: stored.sha256, size: stored.size });
    } catch (error) {
      if (error instanceof BlobTooLargeError) {
        throw new BadRequestError(`The file '${name}' is larger than 1 GB.`);
      }
      throw error;
    }
  }
}

const formatDate = (value: Date | string) => {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}-${date.getUTCFullYear()}`;
};

/**
 * The label account the statement is filed under. Admins and overseers belong to the portal's
 * own account, which has no catalog: every code of a statement filed there would be missing,
 * so they name the label account (emulating, they act as the label's user and need not).
 */
export async function uploadAccount(
  db: Queryable,
  user: SessionUser,
  requested: string | null,
): Promise<string> {
  const accountId = requested ?? user.accountId;
  if (accountId !== user.accountId && !seesAllAccounts(user)) throw new ForbiddenError();
  const rows = await db.query<{ type: string }>('select type from accounts where id = $1', [
    accountId,
  ]);
  if (rows[0]?.type !== 'label') throw new BadRequestError(CHOOSE_LABEL_ACCOUNT);
  return accountId;
}

/** Who files a statement: a person through the upload, or a partner distributor's intake key. */
export type StatementSender =
  { kind: 'person'; user: SessionUser } | { kind: 'intake'; caller: IntakeCaller };

export const INTAKE_OTHER_ACCOUNT =
  'This intake key files statements for its own label account only: leave accountId out.';
export const INTAKE_OTHER_DISTRIBUTOR =
  "This intake key receives statements from its own distributor only: leave distributor out or name the key's.";

/** The account a sender's statement is filed under, refusing a body that names another. */
async function senderAccount(db: Queryable, sender: StatementSender, body: UploadBody) {
  if (sender.kind === 'person') return uploadAccount(db, sender.user, body.accountId);
  if (body.accountId !== null && body.accountId !== sender.caller.accountId) {
    throw new ForbiddenError(INTAKE_OTHER_ACCOUNT);
  }
  if (body.distributor !== sender.caller.distributorId) {
    throw new ForbiddenError(INTAKE_OTHER_DISTRIBUTOR);
  }
  return sender.caller.accountId;
}

/**
 * Files one statement from a multipart request (a `body` JSON part and `file` parts): checks,
 * stores the files, appends `StatementUploaded` and queues the parse. The upload drawer's route
 * and the partner intake both come through here.
 */
export async function fileStatement(
  app: FastifyInstance,
  request: FastifyRequest,
  sender: StatementSender,
  actors: Pick<EventMetadata, 'actor' | 'emulatingActor'>,
): Promise<UploadedStatements> {
  const parts = await receiveStatementFiles(request, app.blobs);
  const body =
    parts.bodyText === null
      ? null
      : readBody(parts.bodyText, sender.kind === 'intake' ? sender.caller.distributorId : null);
  // Each file the uploader confirmed an encoding for is read in it.
  const files = parts.files.map((file) => {
    const encoding = body?.encodings[file.name];
    return encoding ? { ...file, encoding } : file;
  });
  if (!body) throw new BadRequestError('The upload details (body) are missing.');
  if (files.length === 0) throw new BadRequestError('Choose at least one file to upload.');
  const upload = body;
  const accountId = await senderAccount(app.db, sender, upload);

  // A distributor reads through its layouts or the account's own.
  const distributors = await uploadCandidates(app.db, accountId);
  if (distributors.length === 0) throw new BadRequestError(NO_UPLOADABLE_DISTRIBUTOR);
  const distributor = distributors.find((candidate) => candidate.id === upload.distributor);
  if (!distributor) throw new BadRequestError('This distributor does not support upload.');

  const seen = new Map<string, string>();
  for (const file of files) {
    const twin = seen.get(file.sha256);
    if (twin) throw new ConflictError(`'${file.name}' is the same file as '${twin}'.`);
    seen.set(file.sha256, file.name);
  }
  const earlier = await app.db.query<{
    name: string;
    title: string;
    received_at: Date | string;
    sha256: string;
  }>(
    `select f.name, s.title, s.received_at, f.sha256 from statement_files f
       join statements s on s.id = f.statement_id
      where f.account_id = $1 and f.sha256 = any($2::text[]) order by s.received_at limit 1`,
    [accountId, files.map((file) => file.sha256)],
  );
  const duplicate = earlier[0];
  if (duplicate) {
    const file = files.find((candidate) => candidate.sha256 === duplicate.sha256);
    throw new ConflictError(
      `'${file?.name ?? duplicate.name}' was already uploaded on ${formatDate(duplicate.received_at)} with the statement '${duplicate.title}'.`,
    );
  }

  const statementId = randomUUID();
  const now = app.now();
  await app.db.transaction(async (tx) => {
    // The files took a while to arrive: a key revoked meanwhile files nothing.
    if (sender.kind === 'intake') await lockLiveIntakeKey(tx, sender.caller.keyId);
    await appendToStream(
      tx,
      `statement-${statementId}`,
      0,
      [
        {
          type: 'StatementUploaded',
          data: {
            statementId,
            accountId,
            distributorId: distributor.id,
            period: upload.report_month,
            expected: upload.expected,
            title: `${distributor.name} ${upload.report_month}`,
            cashless: upload.cashless,
            exchange: upload.exchange,
            files,
            ...(sender.kind === 'intake'
              ? { intake: { keyId: sender.caller.keyId, keyName: sender.caller.keyName } }
              : {}),
          },
        },
      ],
      { actor: actors.actor, emulatingActor: actors.emulatingActor, at: now },
    );
    await enqueueJob(tx, 'statement.parse', { statementId }, now);
  });
  app.jobs.poke();
  return [{ id: statementId, files: files.map((file) => ({ id: file.fileId, name: file.name })) }];
}

const statementUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // SPEC section 7 names this path; the answer is a list whose first item has an id.
  app.post(
    '/api/statement/upload',
    {
      config: { access: { session: true, permissions: STATEMENT_UPLOADERS } },
      schema: {
        tags: ['statements'],
        summary:
          'Upload the files of one statement: a `body` JSON part (distributor, report_month, expected) and `file` parts',
        body: multipartBody(UploadParts),
        response: { 201: UploadedStatements, ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const uploaded = await fileStatement(
        app,
        request,
        { kind: 'person', user: session.user },
        commandMetadata(request, app.now()),
      );
      return reply.status(201).send(uploaded);
    },
  );
};

export default statementUploadRoutes;
