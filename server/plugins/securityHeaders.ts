import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** Served over TLS (directly or behind a proxy): browsers are told to keep to HTTPS. */
  overTls: boolean;
}

/**
 * The policy the built app passes: its scripts, styles, worker and WebAssembly engine come from
 * the portal itself, nothing runs inline, and no other site may frame it.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  // The engine compiles WebAssembly; that needs this keyword and nothing as broad as eval.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every answer, API and pages alike. API answers are a person's own (their
 * earnings, payments, bank and tax details, documents): no browser or proxy keeps a copy of one,
 * unless its route says otherwise.
 */
export default fp<SecurityHeadersOptions>(
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      referrerPolicy: { policy: 'same-origin' },
      hsts: options.overTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers' },
);
