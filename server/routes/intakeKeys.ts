import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { errorResponses, IdParams, multipartBody } from '../../api/common';
import {
  CreatedIntakeKey,
  IntakeKey,
  IntakeKeyList,
  IntakeKeyQuery,
  NewIntakeKey,
} from '../../api/intakeKeys';
import { UploadedStatements, UploadParts } from '../../api/statementUpload';
import { STATEMENT_UPLOADERS, newIntakeKey } from '../auth/intakeKeys';
import { seesAllAccounts } from '../auth/scope';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  TOO_MANY_REQUESTS,
} from '../errors';
import { appendAfterCheck, appendToStream } from '../events/store';
import { commandMetadata, intakeCallerOf, sessionOf, type RouteAccess } from '../plugins/auth';
import { uploadCandidates } from '../queries/accountLayouts';
import { findIntakeKey, listIntakeKeys } from '../queries/intakeKeys';
import { fileStatement, uploadAccount } from '../statements/upload';

export const INTAKE_KEY_NAME_TAKEN =
  'A key of this distributor already has this name: choose another.';
export const INTAKE_KEY_NAME_REQUIRED = 'Give the key a name.';
export const INTAKE_KEY_ALREADY_REVOKED = 'This key was already revoked.';
export const INTAKE_DISTRIBUTOR_NOT_UPLOADABLE =
  'This distributor does not support upload: statements cannot be received from it.';

const managers: RouteAccess = { session: true, permissions: STATEMENT_UPLOADERS };

export interface IntakeRouteOptions {
  /** Statements one key may send per window, whoever sends them. */
  rateLimit: { max: number; timeWindow: number };
}

/**
 * Intake keys (created, listed and revoked by those who may upload the account's statements)
 * and the intake itself, where a partner distributor sends a statement with its key.
 */
const intakeKeyRoutes: FastifyPluginAsyncTypebox<IntakeRouteOptions> = async (app, options) => {
  /** The label account a key command is about: one's own, or the one an admin names. */
  const scopeOf = (request: FastifyRequest, requested: string | undefined) => {
    const user = sessionOf(request).user;
    if (requested !== undefined && requested !== user.accountId && !seesAllAccounts(user))
      throw new ForbiddenError();
    return requested ?? (seesAllAccounts(user) ? null : user.accountId);
  };

  app.get(
    '/api/intake-keys',
    {
      config: { access: managers },
      schema: {
        tags: ['intake'],
        summary:
          "An account's intake keys (never the keys themselves): name, first characters, creation, last use, revocation",
        querystring: IntakeKeyQuery,
        response: { 200: IntakeKeyList, ...errorResponses },
      },
    },
    async (request) =>
      listIntakeKeys(
        request.reads,
        scopeOf(request, request.query.accountId),
        request.query.distributorId ?? null,
        request.query,
      ),
  );

  app.post(
    '/api/intake-keys',
    {
      config: { access: managers },
      schema: {
        tags: ['intake'],
        summary:
          'A new intake key for one distributor of the account; the answer is the only time the key is shown',
        body: NewIntakeKey,
        response: { 201: CreatedIntakeKey, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = sessionOf(request).user;
      const name = request.body.name.trim();
      if (name === '') {
        throw new BadRequestError(INTAKE_KEY_NAME_REQUIRED, [
          { path: 'name', message: INTAKE_KEY_NAME_REQUIRED },
        ]);
      }
      const accountId = await uploadAccount(app.db, user, request.body.accountId ?? null);
      const distributors = await app.db.query<{ id: string }>(
        'select id from distributors where id = $1',
        [request.body.distributorId],
      );
      if (!distributors[0]) throw new BadRequestError('This distributor does not exist.');
      // Uploadable, with a layout of its own or one of the account's.
      const candidates = await uploadCandidates(app.db, accountId);
      if (!candidates.some((candidate) => candidate.id === request.body.distributorId)) {
        throw new BadRequestError(INTAKE_DISTRIBUTOR_NOT_UPLOADABLE);
      }
      const keyId = randomUUID();
      const { secret, prefix, keyHash } = newIntakeKey();
      await app.db.transaction(async (tx) => {
        const taken = await tx.query(
          `select 1 from intake_keys where account_id = $1 and distributor_id = $2
              and lower(name) = lower($3) and revoked_at is null`,
          [accountId, request.body.distributorId, name],
        );
        if (taken.length > 0) throw new ConflictError(INTAKE_KEY_NAME_TAKEN);
        await appendToStream(
          tx,
          `intakekey-${keyId}`,
          0,
          [
            {
              type: 'IntakeKeyCreated',
              data: {
                keyId,
                accountId,
                distributorId: request.body.distributorId,
                name,
                prefix,
                keyHash,
              },
            },
          ],
          commandMetadata(request, app.now()),
        );
      });
      const key = await findIntakeKey(app.db, accountId, keyId);
      if (!key) throw new NotFoundError();
      return reply.status(201).send({ key, secret });
    },
  );

  app.post(
    '/api/intake-keys/:id/revoke',
    {
      config: { access: managers },
      schema: {
        tags: ['intake'],
        summary:
          'Revoke an intake key: from now on it is refused (401); statements it sent stay as they are',
        params: IdParams,
        response: { 200: IntakeKey, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const scope = seesAllAccounts(user) ? null : user.accountId;
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const rows = await tx.query<{ revoked_at: Date | null; version: number }>(
          `select revoked_at, version from intake_keys
            where id = $1 and ($2::text is null or account_id = $2) for update`,
          [id, scope],
        );
        const key = rows[0];
        if (!key) throw new NotFoundError();
        if (key.revoked_at !== null) throw new ConflictError(INTAKE_KEY_ALREADY_REVOKED);
        await appendAfterCheck(
          tx,
          `intakekey-${id}`,
          Number(key.version),
          [{ type: 'IntakeKeyRevoked', data: {} }],
          commandMetadata(request, app.now()),
        );
      });
      const key = await findIntakeKey(app.db, scope, id);
      if (!key) throw new NotFoundError();
      return key;
    },
  );

  // One key's pace, counted once the key is known (the per-client limit applies before that).
  const keyLimit = app.createRateLimit({
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.timeWindow,
    keyGenerator: (request) => `intake-key:${intakeCallerOf(request).keyId}`,
  });

  app.post(
    '/api/intake/statements',
    {
      config: { access: { intakeKey: true } },
      preHandler: async (request, reply) => {
        const limit = await keyLimit(request);
        // `isAllowed` only says whether the key is on an allow list: the count decides.
        if (!limit.isAllowed && limit.isExceeded) {
          void reply.header('retry-after', String(limit.ttlInSeconds));
          throw new HttpError(429, TOO_MANY_REQUESTS);
        }
      },
      schema: {
        tags: ['intake'],
        summary:
          "A partner distributor sends one statement with its intake key (`Authorization: Bearer <key>`): the upload's `body` part (distributor may be left out) and `file` parts",
        body: multipartBody(UploadParts),
        response: { 201: UploadedStatements, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = intakeCallerOf(request);
      const filed = await fileStatement(
        app,
        request,
        { kind: 'intake', caller },
        { actor: null, emulatingActor: null },
      );
      return reply.status(201).send(filed);
    },
  );
};

export default intakeKeyRoutes;
