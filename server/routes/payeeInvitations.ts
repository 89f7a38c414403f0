import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../api/common';
import { InvitationAcceptance, InvitationAccepted } from '../../api/payeeInvitations';
import { BadRequestError } from '../errors';
import { acceptPayeeInvitation } from '../services/payeeInvitations';

export const INVITATION_EXPIRED = 'This invitation has expired. Ask the label to invite you again.';
export const INVITATION_INVALID = 'This invitation is not valid or was already used.';

/** The e-mailed link's token is the proof: whoever holds the person's inbox accepts. */
const payeeInvitationRoutes: FastifyPluginAsyncTypebox<{
  rateLimit: { max: number; timeWindow: number };
}> = async (app, options) => {
  app.post(
    '/api/payee-invitations/accept',
    {
      config: { access: 'public', rateLimit: options.rateLimit },
      schema: {
        tags: ['account links'],
        summary: 'Accept a label’s invitation to be paid through it',
        body: InvitationAcceptance,
        response: { 200: InvitationAccepted, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const answer = await app.db.transaction((tx) =>
        acceptPayeeInvitation(tx, request.body.token, app.now()),
      );
      if (answer.status === 'expired') throw new BadRequestError(INVITATION_EXPIRED);
      if (answer.status === 'invalid') throw new BadRequestError(INVITATION_INVALID);
      return answer;
    },
  );
};

export default payeeInvitationRoutes;
