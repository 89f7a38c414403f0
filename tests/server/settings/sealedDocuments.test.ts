// Passport and ID scans are kept encrypted at rest, in a folder and in S3-compatible storage: the
// store never holds their bytes, the person downloads them as uploaded, and scans kept in clear
// by an earlier version are sealed at the next start, however often that start is interrupted.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { readBlob, type BlobStore } from '../../../server/blobs';
import { addDocument } from '../../../server/settings/documents';
import {
  documentContent,
  sealedName,
  sealStoredDocuments,
} from '../../../server/settings/sealedDocuments';
import { get, login, startPortal, testPayments, type LoggedIn, type TestPortal } from '../harness';
import { multipart } from '../multipart';

/** A scan of its own each time: a PDF's first bytes, then bytes found nowhere else. */
const scan = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64 * 1024)]);

/** Every file under a folder, whatever its depth. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Whether any file under the folder holds the scan's bytes, or a stretch of them. */
function foundInClear(folder: string, content: Buffer): boolean {
  const stretch = content.subarray(1000, 1064);
  return filesUnder(folder).some((file) => readFileSync(file).includes(stretch));
}

async function uploadScan(portal: TestPortal, who: LoggedIn, content: Buffer) {
  const body = multipart([
    { name: 'kind', value: 'passport' },
    { name: 'file', filename: 'passport.pdf', content },
  ]);
  const response = await portal.app.inject({
    method: 'POST',
    url: '/api/settings/documents',
    cookies: who.cookies,
    headers: { ...body.headers, 'x-csrf-token': who.csrf },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function download(portal: TestPortal, who: LoggedIn, id: string): Promise<Buffer> {
  const response = await get(portal.app, who, `/api/settings/documents/${id}/file`);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

/** A scan as versions before sealing kept it: in clear under its SHA-256, and its event. */
async function keptInClear(portal: TestPortal, userId: string, content: Buffer) {
  const stored = await portal.app.blobs.put(Readable.from([content]), 10 * 1024 * 1024);
  const id = await addDocument(
    portal.db,
    userId,
    { kind: 'id-card', name: 'id card.pdf', contentType: 'application/pdf', ...stored },
    { actor: userId, emulatingActor: null, at: portal.clock.now() },
  );
  return { id, sha256: stored.sha256 };
}

const userIdOf = async (portal: TestPortal, username: string) =>
  (await portal.db.query<{ id: string }>('select id from users where username = $1', [username]))[0]
    ?.id ?? '';

describe('ID documents in a folder', () => {
  const blobDir = mkdtempSync(join(tmpdir(), 'portal-documents-'));
  let portal: TestPortal;
  let paco: LoggedIn;
  let pacoId: string;
  beforeAll(async () => {
    portal = await startPortal({ blobDir });
    paco = await login(portal.app, 'payee@demo.label');
    pacoId = await userIdOf(portal, 'payee@demo.label');
  });
  afterAll(async () => {
    await portal.close();
    rmSync(blobDir, { recursive: true, force: true });
  });

  it('keeps an uploaded scan encrypted and gives it back as uploaded', async () => {
    const content = scan();
    const id = await uploadScan(portal, paco, content);
    expect(foundInClear(blobDir, content)).toBe(false);
    // Nor is it named by its hash: the store tells nothing of which file it holds.
    const sha256 = (
      await portal.db.query<{ sha256: string }>(
        'select sha256 from person_documents where id = $1',
        [id],
      )
    )[0]?.sha256;
    expect(filesUnder(blobDir).some((file) => file.endsWith(sha256 ?? '-'))).toBe(false);
    expect((await download(portal, paco, id)).equals(content)).toBe(true);
  });

  it('seals the scans an earlier version kept in clear at the next start, and only once', async () => {
    const content = scan();
    const old = await keptInClear(portal, pacoId, content);
    expect(foundInClear(blobDir, content)).toBe(true);
    // Served as it is until then (a server of the earlier version may still be running).
    expect((await download(portal, paco, old.id)).equals(content)).toBe(true);

    const restarted = await buildApp({
      ...defaultAppOptions(portal.db),
      now: portal.clock.now,
      logger: false,
      staticDir: null,
      blobDir,
      runJobs: false,
      payments: testPayments,
    });
    await restarted.ready();
    try {
      expect(foundInClear(blobDir, content)).toBe(false);
      expect(await restarted.blobs.has(old.sha256)).toBe(false);
      const again = await login(restarted, 'payee@demo.label');
      const file = await get(restarted, again, `/api/settings/documents/${old.id}/file`);
      expect(file.rawPayload.equals(content)).toBe(true);
      const next = await sealStoredDocuments(portal.db, portal.app.blobs, portal.app.documentKeys);
      expect(next).toEqual({ sealed: 0, missing: [] });
    } finally {
      await restarted.close();
    }
  });

  it('finishes sealing after a stop at any point, never without a whole copy of each scan', async () => {
    const blobs = portal.app.blobs;
    const keys = portal.app.documentKeys;
    let rounds = 0;
    // The store's changes in a run with 3 scans: each sealed copy written, each clear one removed.
    for (let stopAt = 1; stopAt <= 6; stopAt += 1) {
      for (const torn of [false, true]) {
        const scans = [scan(), scan(), scan()];
        const kept = [];
        for (const content of scans) kept.push(await keptInClear(portal, pacoId, content));
        let changes = 0;
        // The process stops at its `stopAt`-th change; `torn`: the write it was doing left half
        // a file under the name, the worst a crash could leave there.
        const stopping: BlobStore = {
          put: (source, maxBytes) => blobs.put(source, maxBytes),
          open: (name) => blobs.open(name),
          has: (name) => blobs.has(name),
          write: async (name, content) => {
            changes += 1;
            if (changes === stopAt) {
              if (torn) await blobs.write(name, content.subarray(0, content.length >> 1));
              throw new Error('stopped');
            }
            await blobs.write(name, content);
          },
          remove: async (name) => {
            changes += 1;
            if (changes === stopAt) throw new Error('stopped');
            await blobs.remove(name);
          },
        };
        await expect(sealStoredDocuments(portal.db, stopping, keys)).rejects.toThrow('stopped');
        for (const [index, document] of kept.entries()) {
          const content = await documentContent(blobs, keys(), document.sha256);
          expect(content.equals(scans[index] ?? Buffer.alloc(0)), `stop ${stopAt}`).toBe(true);
        }

        const resumed = await sealStoredDocuments(portal.db, blobs, keys);
        expect(resumed.missing).toEqual([]);
        for (const [index, document] of kept.entries()) {
          expect(await blobs.has(document.sha256)).toBe(false);
          expect(await readBlob(blobs, sealedName(keys(), document.sha256))).not.toBeNull();
          const served = await download(portal, paco, document.id);
          expect(served.equals(scans[index] ?? Buffer.alloc(0)), `stop ${stopAt}`).toBe(true);
          expect(foundInClear(blobDir, scans[index] ?? Buffer.alloc(0))).toBe(false);
        }
        rounds += 1;
      }
    }
    expect(rounds).toBe(12);
  });
});

// s3rver keeps each object as a file of its folder: what the bucket holds can be read there.
describe('ID documents in S3-compatible storage', () => {
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-documents-'));
  const peer = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'documents' }],
  });
  let portal: TestPortal;
  let paco: LoggedIn;
  beforeAll(async () => {
    const { port } = await peer.run();
    portal = await startPortal({
      blobS3: {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'documents',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        prefix: 'portal/',
      },
    });
    paco = await login(portal.app, 'payee@demo.label');
  });
  afterAll(async () => {
    await portal.close();
    await peer.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('keeps an uploaded scan encrypted in the bucket and gives it back as uploaded', async () => {
    const content = scan();
    const id = await uploadScan(portal, paco, content);
    expect(filesUnder(directory).length).toBeGreaterThan(0);
    expect(foundInClear(directory, content)).toBe(false);
    expect((await download(portal, paco, id)).equals(content)).toBe(true);
  });

  it('seals a scan kept in clear in the bucket, removing the clear object', async () => {
    const content = scan();
    const old = await keptInClear(portal, await userIdOf(portal, 'payee@demo.label'), content);
    expect(foundInClear(directory, content)).toBe(true);
    const report = await sealStoredDocuments(portal.db, portal.app.blobs, portal.app.documentKeys);
    expect(report).toEqual({ sealed: 1, missing: [] });
    expect(foundInClear(directory, content)).toBe(false);
    expect(await portal.app.blobs.has(old.sha256)).toBe(false);
    expect((await download(portal, paco, old.id)).equals(content)).toBe(true);
  });
});
