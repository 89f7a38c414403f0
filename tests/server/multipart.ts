import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoggedIn } from './harness';

export type Part =
  | { name: string; value: string; type?: string }
  | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"`
        : `form-data; name="${part.name}"`;
    const type =
      'filename' in part
        ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : part.type
          ? `\r\nContent-Type: ${part.type}`
          : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    const content = 'filename' in part ? part.content : part.value;
    chunks.push(typeof content === 'string' ? Buffer.from(content) : content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * POST /api/statement/upload as `who`: the `body` part (left out when null) and one `file` part
 * per file, as the upload drawer sends them.
 */
export function uploadStatement(
  app: FastifyInstance,
  who: LoggedIn,
  body: object | null,
  files: { filename: string; content: Buffer | string }[],
) {
  const { payload, headers } = multipart([
    ...(body ? [{ name: 'body', value: JSON.stringify(body) }] : []),
    ...files.map((file) => ({ name: 'file', ...file })),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/statement/upload',
    cookies: who.cookies,
    headers: { ...headers, 'x-csrf-token': who.csrf },
    payload,
  });
}
