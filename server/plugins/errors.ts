import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { HttpError, type FieldError } from '../errors';
import { refusalText } from '../validationTexts';
import { redactedUrl } from './logging';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the route tells of a field its schema refuses, by field name, where the field's name
     * alone does not say it (an e-mailed link's token: "Password reset link …").
     */
    fieldTexts?: Readonly<Record<string, string>>;
  }
}

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again later.';
export const NOT_FOUND = 'The requested resource was not found.';
export const MALFORMED_UPLOAD =
  'The upload is not a complete multipart form. Choose the files again and retry.';

// What the multipart reader says of a body that is not a whole multipart form: no boundary, or one
// past the 256 characters it searches for (RFC 2046 allows 70), a form cut short before or inside
// a part (the latter once the route is reading that part), a broken part header.
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|The needle cannot have a length bigger than 256|Unexpected end of (multipart data|form)|Part terminated early due to unexpected end of multipart data|Malformed part header|Malformed urlencoded form)/;

/** One error handler: the message for statuses below 500, a generic text above, context in the log. */
export default fp(
  (app, _options, done) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const statusCode = statusOf(error);
      if (statusCode >= 500) {
        request.log.error(
          { err: error, url: redactedUrl(request.url), method: request.method },
          'request failed',
        );
        return reply.status(statusCode).send({ message: UNEXPECTED_ERROR });
      }
      request.log.info({ statusCode, message: error.message }, 'request refused');
      if ('validation' in error && error.validation) {
        // The checker's words name fields as code does: they stay in the log line above.
        const refusal = refusalText(error.validation, {
          context: error.validationContext,
          body: request.body,
          fieldTexts: request.routeOptions.config.fieldTexts,
        });
        return reply.status(refusal.statusCode).send({
          message: refusal.message,
          ...(refusal.errors ? { errors: refusal.errors } : {}),
        });
      }
      const body: { message: string; title?: string; errors?: FieldError[] } = {
        message: messageOf(error),
      };
      if (error instanceof HttpError && error.title) body.title = error.title;
      if (error instanceof HttpError && error.errors) body.errors = error.errors;
      return reply.status(statusCode).send(body);
    });
    done();
  },
  { name: 'errors' },
);

function statusOf(error: FastifyError | HttpError): number {
  if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) return 400;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}

function messageOf(error: FastifyError | HttpError): string {
  if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message))
    return MALFORMED_UPLOAD;
  return error.message;
}
