import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../api/common';
import { NotFoundError, UnauthorizedError } from '../errors';
import {
  PARTNER_WEBHOOK_TOPICS,
  WEBHOOK_SIGNATURE_HEADER,
  type PartnerWebhook,
} from '../payments/partner';
import { applyPartnerTransfer } from '../payments/payments';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

const WebhookBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  topic: Type.Unsafe<PartnerWebhook['topic']>(
    Type.Union(PARTNER_WEBHOOK_TOPICS.map((topic) => Type.Literal(topic))),
  ),
  transferId: Type.String({ minLength: 1, maxLength: 100 }),
});

/**
 * The payment partner's webhooks. Only a body signed with the shared secret is read, and it is
 * only a hint: the portal asks the partner for the transfer and applies what it answers, so a
 * webhook sent twice, late or out of order changes nothing twice.
 */
const partnerWebhookRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The signature covers the bytes sent: this plugin keeps them beside the parsed body.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    try {
      done(null, text === '' ? undefined : JSON.parse(text));
    } catch {
      const error = new Error('The body is not valid JSON.') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.post(
    '/api/partner/webhooks',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: "The payment partner's signed notice that a transfer changed",
        body: WebhookBody,
        response: { 200: Type.Object({ applied: Type.Boolean() }), ...errorResponses },
      },
      // Signature first: an unsigned body is refused before its shape is looked at.
      preValidation: async (request) => {
        // Only the sandbox partner sends webhooks; under bank files nothing is signed here.
        const sandbox = app.sandboxPartner;
        if (!sandbox) throw new NotFoundError();
        const given = Buffer.from(String(request.headers[WEBHOOK_SIGNATURE_HEADER] ?? ''), 'utf8');
        const expected = Buffer.from(sandbox.sign(request.rawBody ?? ''), 'utf8');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          throw new UnauthorizedError('The webhook signature does not match.');
        }
      },
    },
    async (request) => {
      const webhook: PartnerWebhook = request.body;
      const transfer = await app.partner.getTransfer(webhook.transferId);
      if (!transfer) return { applied: false };
      return {
        applied: await applyPartnerTransfer(
          { db: app.db, partner: app.partner, now: app.now },
          transfer,
        ),
      };
    },
  );
};

export default partnerWebhookRoutes;
