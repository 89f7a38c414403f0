import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

const KEY_TEXT = /^[0-9a-f]{64}$/i;

/**
 * Sensitive numbers (bank account numbers) are kept encrypted with AES-256-GCM. The key comes from
 * PAYMENT_DATA_KEY (64 hex digits) or from a key file (`dataKeyFile`): for the embedded default, a
 * file in the data folder that is created once, readable by its owner only.
 */
export function loadDataKey(env: NodeJS.ProcessEnv, keyFile: string | null): Buffer {
  const given = env.PAYMENT_DATA_KEY;
  if (given || keyFile === null) {
    if (!given || !KEY_TEXT.test(given)) {
      throw new Error('PAYMENT_DATA_KEY must be 64 hexadecimal digits (32 bytes).');
    }
    return Buffer.from(given, 'hex');
  }
  if (existsSync(keyFile)) {
    const text = readFileSync(keyFile, 'utf8').trim();
    if (!KEY_TEXT.test(text)) throw new Error(`${keyFile} must hold 64 hexadecimal digits.`);
    return Buffer.from(text, 'hex');
  }
  mkdirSync(dirname(keyFile), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(keyFile, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  chmodSync(keyFile, 0o600);
  return key;
}

/**
 * The key file this install reads, or null when PAYMENT_DATA_KEY gives the key: PAYMENT_DATA_KEY_FILE,
 * else `payment-data.key` in DATA_DIR. In production the key is never kept with the data it
 * protects: a key file in DATA_DIR or BLOB_DIR, or one that is not there yet, stops the start.
 */
export function dataKeyFile(env: NodeJS.ProcessEnv): string | null {
  if (env.PAYMENT_DATA_KEY) return null;
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const keyFile = resolve(env.PAYMENT_DATA_KEY_FILE ?? join(dataDir, 'payment-data.key'));
  if (env.PORTAL_ENVIRONMENT !== 'production') return keyFile;
  const dataFolders = [dataDir, resolve(env.BLOB_DIR ?? join(dataDir, 'blobs'))];
  const inside = dataFolders.find((folder) => {
    const path = relative(folder, keyFile);
    return path !== '' && !path.startsWith('..') && !isAbsolute(path);
  });
  if (inside) {
    throw new Error(
      `In production the key that encrypts payment data and ID documents must not be kept with the data: ${keyFile} is inside ${inside}. Set PAYMENT_DATA_KEY (64 hexadecimal digits), or PAYMENT_DATA_KEY_FILE to a file outside DATA_DIR and BLOB_DIR.`,
    );
  }
  if (!existsSync(keyFile)) {
    throw new Error(
      `In production the key file must exist before the start: ${keyFile} does not. Create it with 64 hexadecimal digits (openssl rand -hex 32), readable by this server only, or set PAYMENT_DATA_KEY.`,
    );
  }
  return keyFile;
}

/** What a derived key is for: each purpose has its own, so one never decrypts another's data. */
export type KeyPurpose = 'identity-documents' | 'identity-document-names';

/** The key of one purpose, derived from the configured one (HKDF-SHA-256). */
export function keyFor(key: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `royalty-portal ${purpose}`, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url: what the event log and the tables keep. */
export function encrypt(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) {
    throw new Error('Not a value this portal encrypted.');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
