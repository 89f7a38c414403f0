import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Sensitive numbers (bank account numbers) are kept encrypted with AES-256-GCM. The key comes from
 * PAYMENT_DATA_KEY (64 hex digits) or, for the embedded default, from a file in the data folder
 * that is created once, readable by its owner only.
 */
export function loadDataKey(env: NodeJS.ProcessEnv, keyFile: string): Buffer {
  const given = env.PAYMENT_DATA_KEY;
  if (given) {
    if (!/^[0-9a-f]{64}$/i.test(given)) {
      throw new Error('PAYMENT_DATA_KEY must be 64 hexadecimal digits (32 bytes).');
    }
    return Buffer.from(given, 'hex');
  }
  if (existsSync(keyFile)) return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'hex');
  mkdirSync(dirname(keyFile), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(keyFile, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  chmodSync(keyFile, 0o600);
  return key;
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
