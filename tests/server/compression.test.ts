import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ByteCache } from '../../server/byteCache';
import { acceptedEncoding, compressedAnswer } from '../../server/compression';

describe('the encoding an answer is compressed with', () => {
  it('is brotli when accepted, else gzip, else none, a quality of 0 refusing one', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('BR;q=0.5, gzip;q=1')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br; q=0.0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('an answer kept compressed', () => {
  // Lines like a record table's: compressible, and more so at a higher quality.
  const body = Buffer.from(
    Array.from(
      { length: 20_000 },
      (_, i) =>
        `1\t${i}\tQZDM1${String(i % 977).padStart(7, '0')}\tsale\t2026-10-0${(i % 9) + 1}\t${i % 50}\t${i % 13}.${(i * 7919) % 100_000}\tstream`,
    ).join('\n'),
  );

  it('is sent compressed fast the first time, then smaller, always the same text', async () => {
    const cache = new ByteCache(10 * 1024 * 1024);
    const app = Fastify();
    app.get('/answer', (request, reply) =>
      compressedAnswer(
        request,
        reply,
        () => body,
        'text/plain; charset=utf-8',
        cache,
        'the answer',
      ),
    );
    const ask = (encoding: string) =>
      app.inject({ url: '/answer', headers: { 'accept-encoding': encoding } });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const first = await ask(encoding);
      expect(first.headers['content-encoding']).toBe(encoding);
      expect(decode(first.rawPayload).equals(body)).toBe(true);
      let later = await ask(encoding);
      // The smaller form is made once the first is sent, off the server's thread.
      for (
        let tries = 0;
        later.rawPayload.length >= first.rawPayload.length && tries < 100;
        tries++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        later = await ask(encoding);
      }
      expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);
      expect(decode(later.rawPayload).equals(body)).toBe(true);
    }
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(body)).toBe(true);
    await app.close();
  });
});
