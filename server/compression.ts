// How answers built on request are compressed: by the compression plugin for most (server/app.ts),
// by a route itself for an answer it keeps compressed (compressedAnswer).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteCache } from './byteCache';

/** Brotli at a quality made for answers built on request (4 of 11), else gzip at 6. */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS = { level: 6 };

type Encoding = 'br' | 'gzip';

// zlib's output is never a view of shared memory.
const brotli = promisify(zlib.brotliCompress) as (
  body: Buffer,
  options: zlib.BrotliOptions,
) => Promise<Buffer<ArrayBuffer>>;
const gzip = promisify(zlib.gzip) as (
  body: Buffer,
  options: zlib.ZlibOptions,
) => Promise<Buffer<ArrayBuffer>>;

/**
 * An answer not kept yet is compressed fast (brotli 1: 23 ms and 0.99 MB for a preview of
 * 100,000 records), then again, smaller, for the next times it is asked for (brotli 5: 195 ms and
 * 0.68 MB; the plugin's 4 would take 189 ms for 0.86 MB).
 */
function compress(body: Buffer, encoding: Encoding, kept: boolean): Promise<Buffer<ArrayBuffer>> {
  if (encoding === 'gzip') return gzip(body, { level: kept ? GZIP_OPTIONS.level : 1 });
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: kept ? 5 : 1,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** The best encoding the request accepts: brotli, else gzip, else none (q=0 refuses one). */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((text) => text.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * Sends the answer `body` makes, compressed in the encoding the request accepts, taken from
 * `cache` under `key` and that encoding when it was compressed before: a large answer asked for
 * again unchanged (a product opened again) is neither made nor compressed again. The first time,
 * it is compressed fast, and smaller once sent, for the next times. `key` must name everything the
 * body is made of. Compressed off the server's thread.
 */
export async function compressedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  body: () => Buffer,
  type: string,
  cache: ByteCache,
  key: string,
): Promise<FastifyReply> {
  reply.type(type).header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(body());
  const cacheKey = `${encoding}\n${key}`;
  let bytes = cache.get(cacheKey);
  if (!bytes) {
    const made = body();
    const fast = await compress(made, encoding, false);
    cache.set(cacheKey, fast);
    compress(made, encoding, true).then(
      (smaller) => {
        // Unless the cache dropped it meanwhile.
        if (cache.get(cacheKey) === fast) cache.set(cacheKey, smaller);
      },
      () => undefined,
    );
    bytes = fast;
  }
  return reply.header('content-encoding', encoding).send(bytes);
}
