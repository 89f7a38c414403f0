import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UploadedStatements } from '../../api/statementUpload';
import { lockLiveIntakeKey, type IntakeCaller } from '../auth/intakeKeys';
import { seesAllAccounts } from '../auth/scope';
import type { SessionUser } from '../auth/sessions';
import type { Queryable } from '../db/database';
import { BadRequestError, ConflictError, ForbiddenError } from '../errors';
import { appendToStream } from '../events/store';
import type { EventMetadata } from '../events/types';
import { enqueueJob } from '../jobs/queue';
import { uploadCandidates } from '../queries/accountLayouts';
import { lockAccountFiles, refuseFilesInLiveStatements } from './replaceFile';
import { receiveStatementFiles } from './uploadFiles';
import { CHOOSE_LABEL_ACCOUNT, readUploadRequest, type UploadBody } from './uploadRequest';

/** SPEC section 8: no distributor supports upload. */
export const NO_UPLOADABLE_DISTRIBUTOR =
  'No distributor supports upload: configure one before importing statements.';

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
      : readUploadRequest(
          parts.bodyText,
          sender.kind === 'intake' ? sender.caller.distributorId : null,
        );
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
  const statementId = randomUUID();
  const now = app.now();
  await app.db.transaction(async (tx) => {
    // The files took a while to arrive: a key revoked meanwhile files nothing.
    if (sender.kind === 'intake') await lockLiveIntakeKey(tx, sender.caller.keyId);
    // A file a live statement holds is refused; a cancelled or deleted one has freed its files.
    await lockAccountFiles(tx, accountId);
    await refuseFilesInLiveStatements(tx, accountId, files);
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
