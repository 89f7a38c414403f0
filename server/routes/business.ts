import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  BeneficialOwnerInput,
  Business,
  BusinessDetailsInput,
  CertificationInput,
} from '../../api/business';
import { errorResponses, IdParams } from '../../api/common';
import type { Queryable } from '../db/database';
import { ForbiddenError, NotFoundError } from '../errors';
import {
  certifyBusiness,
  removeBeneficialOwner,
  saveBeneficialOwner,
  setBusinessDetails,
} from '../business/commands';
import { readBusiness } from '../queries/business';
import { NOT_A_BUSINESS } from '../../rules/business';
import { commandMetadata, sessionOf, type RouteAccess } from '../plugins/auth';

const readAccess: RouteAccess = { session: true, permissions: ['account:ro'] };
const writeAccess: RouteAccess = { session: true, permissions: ['account:rw'] };

export const LABEL_OWNER_ONLY = "Only the label's owner changes or certifies its business details.";

/**
 * The account whose business the caller changes: their own, never while emulating (the signer is
 * the person themself), and for a label only its owner: its payees do not speak for it.
 */
async function ownBusinessAccount(db: Queryable, request: FastifyRequest): Promise<string> {
  const refusal = await editRefusal(db, request);
  if (refusal) throw new ForbiddenError(refusal);
  return sessionOf(request).user.accountId;
}

/** Why the caller may not change their account's business, or null. */
async function editRefusal(db: Queryable, request: FastifyRequest): Promise<string | null> {
  const session = sessionOf(request);
  if (session.emulating) return new ForbiddenError().message;
  const rows = await db.query<{ type: string }>('select type from accounts where id = $1', [
    session.user.accountId,
  ]);
  const type = rows[0]?.type;
  if (type === 'label' && !session.user.roles.includes('owner')) return LABEL_OWNER_ONLY;
  // The portal's own staff account is no business, and a payee's is theirs to make one.
  if (type === 'admin') return NOT_A_BUSINESS;
  return null;
}

const businessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({ db: app.db, dataKey: app.paymentDataKey });
  const answer = async (accountId: string, request: FastifyRequest) => {
    const editable = (await editRefusal(app.db, request)) === null;
    const business = await readBusiness(app.db, accountId, editable);
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
    async (request) => answer(sessionOf(request).user.accountId, request),
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
      return answer(accountId, request);
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
      return answer(accountId, request);
    },
  );

  app.put(
    '/api/business/owners/:id',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['business'],
        summary: 'Change a beneficial owner',
        params: IdParams,
        body: BeneficialOwnerInput,
        response,
      },
    },
    async (request) => {
      const accountId = await ownBusinessAccount(app.db, request);
      const metadata = commandMetadata(request, app.now());
      await saveBeneficialOwner(deps(), accountId, request.params.id, request.body, metadata);
      return answer(accountId, request);
    },
  );

  app.delete(
    '/api/business/owners/:id',
    {
      config: { access: writeAccess },
      schema: {
        tags: ['business'],
        summary: 'Remove a beneficial owner',
        params: IdParams,
        response,
      },
    },
    async (request) => {
      const accountId = await ownBusinessAccount(app.db, request);
      const metadata = commandMetadata(request, app.now());
      await removeBeneficialOwner(deps(), accountId, request.params.id, metadata);
      return answer(accountId, request);
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
      return answer(accountId, request);
    },
  );
};

export default businessRoutes;
