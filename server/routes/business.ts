import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  BeneficialOwnerInput,
  Business,
  BusinessDetailsInput,
  CertificationInput,
  OwnerParams,
} from '../../api/business';
import { errorResponses } from '../../api/common';
import type { Queryable } from '../db/database';
import { ForbiddenError, NotFoundError } from '../errors';
import {
  certifyBusiness,
  removeBeneficialOwner,
  saveBeneficialOwner,
  setBusinessDetails,
} from '../business/commands';
import { readBusiness } from '../business/read';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';

const readAccess: RouteAccess = { session: true, permissions: ['account:ro'] };
const writeAccess: RouteAccess = { session: true, permissions: ['account:rw'] };

export const LABEL_OWNER_ONLY = "Only the label's owner changes or certifies its business details.";

/**
 * The account whose business the caller changes: their own, never while emulating (the signer is
 * the person themself), and for a label only its owner: its payees do not speak for it.
 */
async function ownBusinessAccount(db: Queryable, request: FastifyRequest): Promise<string> {
  const session = sessionOf(request);
  if (session.emulating) throw new ForbiddenError();
  const rows = await db.query<{ type: string }>('select type from accounts where id = $1', [
    session.user.accountId,
  ]);
  if (rows[0]?.type === 'label' && !session.user.roles.includes('owner'))
    throw new ForbiddenError(LABEL_OWNER_ONLY);
  return session.user.accountId;
}

const businessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({ db: app.db, dataKey: app.paymentDataKey });
  const answer = async (accountId: string) => {
    const business = await readBusiness(app.db, accountId);
    if (!business) throw new NotFoundError();
    return business;
  };
  const response = { 200: Business, ...errorResponses };

  app.get(
    '/api/business',
    {
      config: { access: readAccess },
      schema: {
        tags: ['business'],
        summary: "The caller's business: details (EIN as its last 4), owners, certification",
        response,
      },
    },
    async (request) => answer(sessionOf(request).user.accountId),
  );

  app.put(
    '/api/business/details',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['business'],
        summary: 'Set the business details; a change voids a certification given before it',
        body: BusinessDetailsInput,
        response,
      },
    },
    async (request) => {
      const accountId = await ownBusinessAccount(app.db, request);
      await setBusinessDetails(
        deps(),
        accountId,
        request.body,
        commandMetadata(request, app.now()),
      );
      return answer(accountId);
    },
  );

  app.post(
    '/api/business/owners',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['business'],
        summary: 'List a beneficial owner (SPEC section 9: 25% or more must be listed)',
        body: BeneficialOwnerInput,
        response,
      },
    },
    async (request) => {
      const accountId = await ownBusinessAccount(app.db, request);
      const metadata = commandMetadata(request, app.now());
      await saveBeneficialOwner(deps(), accountId, null, request.body, metadata);
      return answer(accountId);
    },
  );

  app.put(
    '/api/business/owners/:ownerId',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['business'],
        summary: 'Change a beneficial owner',
        params: OwnerParams,
        body: BeneficialOwnerInput,
        response,
      },
    },
    async (request) => {
      const accountId = await ownBusinessAccount(app.db, request);
      const metadata = commandMetadata(request, app.now());
      await saveBeneficialOwner(deps(), accountId, request.params.ownerId, request.body, metadata);
      return answer(accountId);
    },
  );

  app.delete(
    '/api/business/owners/:ownerId',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['business'],
        summary: 'Remove a beneficial owner',
        params: OwnerParams,
        response,
      },
    },
    async (request) => {
      const accountId = await ownBusinessAccount(app.db, request);
      const metadata = commandMetadata(request, app.now());
      await removeBeneficialOwner(deps(), accountId, request.params.ownerId, metadata);
      return answer(accountId);
    },
  );

  app.post(
    '/api/business/certification',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['business'],
        summary: "Sign the certification, with 'I accept the agreement' checked",
        body: CertificationInput,
        response,
      },
    },
    async (request) => {
      const accountId = await ownBusinessAccount(app.db, request);
      await certifyBusiness(deps(), accountId, request.body, commandMetadata(request, app.now()));
      return answer(accountId);
    },
  );
};

export default businessRoutes;
