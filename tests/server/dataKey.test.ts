// The data key's place: anywhere in development, never with the data in production. Each purpose
// encrypts with a key of its own, derived from the configured one.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataKeyFile, keyFor, loadDataKey } from '../../server/dataKey';

const root = mkdtempSync(join(tmpdir(), 'portal-key-'));
const dataDir = join(root, 'data');
const outside = join(root, 'secrets', 'portal.key');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('where the data key is kept', () => {
  const production = { PORTAL_ENVIRONMENT: 'production', DATA_DIR: dataDir };

  it('refuses in production a key file in DATA_DIR or BLOB_DIR, saying what to set', () => {
    expect(() => dataKeyFile(production)).toThrow(
      `In production the key that encrypts payment data and ID documents must not be kept with the data: ${join(dataDir, 'payment-data.key')} is inside ${dataDir}. Set PAYMENT_DATA_KEY (64 hexadecimal digits), or PAYMENT_DATA_KEY_FILE to a file outside DATA_DIR and BLOB_DIR.`,
    );
    expect(() =>
      dataKeyFile({ ...production, PAYMENT_DATA_KEY_FILE: join(dataDir, 'keys', 'k') }),
    ).toThrow(`is inside ${dataDir}.`);
    const blobDir = join(root, 'blobs');
    expect(() =>
      dataKeyFile({ ...production, BLOB_DIR: blobDir, PAYMENT_DATA_KEY_FILE: join(blobDir, 'k') }),
    ).toThrow(`is inside ${blobDir}.`);
    // A folder that only starts like the data folder's name is outside it.
    expect(() =>
      dataKeyFile({ ...production, PAYMENT_DATA_KEY_FILE: `${dataDir}-keys/k` }),
    ).toThrow('must exist before the start');
  });

  it('takes in production the key from the environment or an existing file outside the data', () => {
    const key = 'ab'.repeat(32);
    expect(dataKeyFile({ ...production, PAYMENT_DATA_KEY: key })).toBeNull();
    expect(() => dataKeyFile({ ...production, PAYMENT_DATA_KEY_FILE: outside })).toThrow(
      `In production the key file must exist before the start: ${outside} does not.`,
    );
    mkdirSync(dirname(outside), { recursive: true });
    writeFileSync(outside, `${key}\n`);
    expect(dataKeyFile({ ...production, PAYMENT_DATA_KEY_FILE: outside })).toBe(outside);
    expect(loadDataKey({}, outside).toString('hex')).toBe(key);
  });

  it('keeps the embedded default outside production: a key file made in DATA_DIR', () => {
    const development = { DATA_DIR: join(root, 'dev') };
    const file = dataKeyFile(development);
    expect(file).toBe(join(root, 'dev', 'payment-data.key'));
    const key = loadDataKey(development, file);
    expect(loadDataKey(development, file).equals(key)).toBe(true);
  });

  it('derives a different key for each purpose', () => {
    const key = Buffer.alloc(32, 7);
    const documents = keyFor(key, 'identity-documents');
    expect(documents).toHaveLength(32);
    expect(documents.equals(key)).toBe(false);
    expect(documents.equals(keyFor(key, 'identity-document-names'))).toBe(false);
    expect(documents.equals(keyFor(Buffer.alloc(32, 8), 'identity-documents'))).toBe(false);
  });

  it('stops a production server with the key in DATA_DIR before it touches the data', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...production,
      DATABASE_URL: '',
      SEED: 'none',
      PORT: '0',
    };
    delete env.PAYMENT_DATA_KEY;
    delete env.PAYMENT_DATA_KEY_FILE;
    delete env.BLOB_DIR;
    const { code, output } = await new Promise<{ code: number | null; output: string }>(
      (resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          // A server that starts anyway is stopped: the test then fails on its exit code.
          if (text.includes('Royalty portal on')) child.kill();
        });
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (exitCode) => resolve({ code: exitCode, output: text }));
      },
    );
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `In production the key that encrypts payment data and ID documents must not be kept with the data: ${join(dataDir, 'payment-data.key')} is inside ${dataDir}. Set PAYMENT_DATA_KEY (64 hexadecimal digits), or PAYMENT_DATA_KEY_FILE to a file outside DATA_DIR and BLOB_DIR.`,
    );
    expect(existsSync(dataDir) ? readdirSync(dataDir) : []).toEqual([]);
  }, 60_000);
});
