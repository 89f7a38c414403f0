import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { writeHashed, type BlobStore, type StoredBlob } from './blobs';

/** Where an S3-compatible bucket is and how to sign for it (`BLOB_S3_*`). */
export interface S3BlobConfig {
  /** `https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:9000`...: path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder-like start of every object's key, e.g. `portal/`. */
  prefix: string;
}

/** The S3 settings of the environment, null without `BLOB_S3_ENDPOINT`; missing parts stop the start. */
export function s3ConfigOf(env: NodeJS.ProcessEnv): S3BlobConfig | null {
  const endpoint = env.BLOB_S3_ENDPOINT;
  if (!endpoint) return null;
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`BLOB_S3_ENDPOINT is set: ${name} must be set too.`);
    return value;
  };
  if (!/^https?:\/\//.test(endpoint)) {
    throw new Error(`BLOB_S3_ENDPOINT must start with http:// or https://, not "${endpoint}".`);
  }
  return {
    endpoint: endpoint.replace(/\/$/, ''),
    bucket: required('BLOB_S3_BUCKET'),
    region: env.BLOB_S3_REGION ?? 'us-east-1',
    accessKeyId: required('BLOB_S3_ACCESS_KEY_ID'),
    secretAccessKey: required('BLOB_S3_SECRET_ACCESS_KEY'),
    prefix: env.BLOB_S3_PREFIX ?? '',
  };
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it; `/` kept in paths. */
const encode = (text: string, keepSlash: boolean) =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

export interface SignInput {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (lower-case names). */
  headers: Record<string, string>;
  payloadSha256: string;
  at: Date;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * AWS Signature Version 4 for S3: the headers a request carries (x-amz-date,
 * x-amz-content-sha256, authorization), from the method, address, headers and payload hash.
 */
export function signS3Request(input: SignInput): Record<string, string> {
  const amzDate = input.at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...input.headers,
    host: input.url.host,
    'x-amz-content-sha256': input.payloadSha256,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers)
    .map((name) => name.toLowerCase())
    .sort();
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names
    .map((name) => `${name}:${String(lower[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams.entries()]
    .map(([key, value]) => [encode(key, false), encode(value, false)])
    .sort(([a = '', x = ''], [b = '', y = '']) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const path = encode(decodeURIComponent(input.url.pathname), true);
  const canonicalRequest = [
    input.method,
    path,
    query,
    canonicalHeaders,
    signedHeaders,
    input.payloadSha256,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

const EMPTY_SHA256 = sha256Hex('');

/**
 * The blob store in an S3-compatible bucket, shared by every server of an install. An upload is
 * hashed into a temporary file first: the hash is the object's name and the payload's signature.
 */
export class S3BlobStore implements BlobStore {
  constructor(
    private readonly config: S3BlobConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private urlOf(sha256: string): URL {
    const key = `${this.config.prefix}${sha256.slice(0, 2)}/${sha256}`;
    return new URL(
      `${this.config.endpoint}/${encode(this.config.bucket, false)}/${encode(key, true)}`,
    );
  }

  private async send(
    method: 'GET' | 'HEAD' | 'PUT' | 'DELETE',
    name: string,
    body?: { content: Buffer | { path: string }; size: number; sha256: string },
    range?: readonly [number, number],
  ): Promise<Response> {
    const url = this.urlOf(name);
    const headers = signS3Request({
      method,
      url,
      headers: body
        ? { 'content-length': String(body.size) }
        : range
          ? { range: `bytes=${range[0]}-${range[1] - 1}` }
          : {},
      payloadSha256: body ? body.sha256 : EMPTY_SHA256,
      at: this.now(),
      region: this.config.region,
      accessKeyId: this.config.accessKeyId,
      secretAccessKey: this.config.secretAccessKey,
    });
    delete headers.host;
    const content = body?.content;
    return fetch(url, {
      method,
      headers,
      ...(content
        ? {
            body: Buffer.isBuffer(content)
              ? new Uint8Array(content)
              : (Readable.toWeb(createReadStream(content.path)) as ReadableStream<Uint8Array>),
            duplex: 'half',
          }
        : {}),
    });
  }

  async put(source: Readable, maxBytes: number): Promise<StoredBlob> {
    const temporary = join(tmpdir(), `portal-blob-${randomUUID()}`);
    try {
      const stored = await writeHashed(source, temporary, maxBytes);
      const { size } = await stat(temporary);
      const answer = await this.send('PUT', stored.sha256, {
        content: { path: temporary },
        size,
        sha256: stored.sha256,
      });
      if (!answer.ok) {
        throw new Error(`The blob store refused the file: ${answer.status} ${await answer.text()}`);
      }
      return stored;
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async write(name: string, content: Buffer): Promise<void> {
    // An object appears whole when its PUT ends, or not at all.
    const answer = await this.send('PUT', name, {
      content,
      size: content.length,
      sha256: sha256Hex(content),
    });
    if (!answer.ok) {
      throw new Error(`The blob store refused the file: ${answer.status} ${await answer.text()}`);
    }
  }

  open(sha256: string): Readable {
    const send = () => this.send('GET', sha256);
    return Readable.from(
      (async function* () {
        const answer = await send();
        if (!answer.ok || !answer.body) {
          throw new Error(`The blob store has no file ${sha256}: ${answer.status}`);
        }
        for await (const chunk of Readable.fromWeb(answer.body as WebReadableStream)) {
          yield chunk as Buffer;
        }
      })(),
      { objectMode: false },
    );
  }

  async readRanges(
    name: string,
    ranges: readonly (readonly [number, number])[],
  ): Promise<Buffer[] | null> {
    const read: Buffer[] = [];
    for (const range of ranges) {
      const answer = await this.send('GET', name, undefined, range);
      if (answer.status === 404) return null;
      if (!answer.ok) throw new Error(`The blob store answered ${answer.status}.`);
      const bytes = Buffer.from(await answer.arrayBuffer());
      // Where the bytes sent start: a store may send more than the range (the whole file, or on
      // to its end), and the range is then cut from them.
      const from =
        answer.status === 206
          ? Number(/^bytes (\d+)-/.exec(answer.headers.get('content-range') ?? '')?.[1] ?? NaN)
          : 0;
      const wanted = bytes.subarray(range[0] - from, range[1] - from);
      if (!(from <= range[0]) || wanted.length !== range[1] - range[0])
        throw new Error(`The blob store sent other bytes than asked of ${name}.`);
      read.push(wanted.length === bytes.length ? bytes : Buffer.from(wanted));
    }
    return read;
  }

  async has(sha256: string): Promise<boolean> {
    const answer = await this.send('HEAD', sha256);
    if (answer.status === 404) return false;
    if (!answer.ok) throw new Error(`The blob store answered ${answer.status}.`);
    return true;
  }

  async remove(name: string): Promise<void> {
    const answer = await this.send('DELETE', name);
    if (!answer.ok && answer.status !== 404) {
      throw new Error(`The blob store did not remove ${name}: ${answer.status}.`);
    }
  }
}
