import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BlobTooLargeError, readBlob, type BlobStore, type StoredBlob } from '../blobs';
import { keyFor } from '../dataKey';
import type { Database } from '../db/database';

// Passport and ID scans are kept encrypted (AES-256-GCM), as account numbers and tax ids are: the
// blob store never holds their bytes in clear, nor the SHA-256 the document is known by.

/** The two keys of ID documents, each derived from the install's data key for its purpose. */
export interface DocumentKeys {
  /** Encrypts the files. */
  sealing: Buffer;
  /** Names them in the store. */
  naming: Buffer;
}

export function documentKeys(dataKey: Buffer): DocumentKeys {
  return {
    sealing: keyFor(dataKey, 'identity-documents'),
    naming: keyFor(dataKey, 'identity-document-names'),
  };
}

/** What starts a sealed document: format 1 of a portal ID document. */
const MAGIC = Buffer.from('PID1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** The store's name for a document's sealed file: keyed, so it tells nothing of the file. */
export function sealedName(keys: DocumentKeys, sha256: string): string {
  return createHmac('sha256', keys.naming).update(sha256).digest('hex');
}

/** `PID1 | iv | tag | ciphertext`, bound to the document's SHA-256 (another file's name fails). */
export function seal(keys: DocumentKeys, sha256: string, content: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keys.sealing, iv);
  cipher.setAAD(Buffer.from(sha256));
  const data = Buffer.concat([cipher.update(content), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), data]);
}

/** The document back, or null when `sealed` is not this document sealed with these keys. */
export function unseal(keys: DocumentKeys, sha256: string, sealed: Buffer): Buffer | null {
  const head = MAGIC.length;
  if (sealed.length < head + IV_BYTES + TAG_BYTES || !sealed.subarray(0, head).equals(MAGIC))
    return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keys.sealing,
      sealed.subarray(head, head + IV_BYTES),
    );
    decipher.setAAD(Buffer.from(sha256));
    decipher.setAuthTag(sealed.subarray(head + IV_BYTES, head + IV_BYTES + TAG_BYTES));
    const content = Buffer.concat([
      decipher.update(sealed.subarray(head + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
    return sha256Of(content) === sha256 ? content : null;
  } catch {
    return null;
  }
}

/** Reads a document of at most `maxBytes` whole (10 MB: it is sealed in one piece). */
export async function readDocument(source: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      source.destroy();
      throw new BlobTooLargeError(`The file is larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Seals a document into the store; its SHA-256 is what the portal knows it by. */
export async function keepDocument(
  blobs: BlobStore,
  keys: DocumentKeys,
  content: Buffer,
): Promise<StoredBlob> {
  const sha256 = sha256Of(content);
  await blobs.write(sealedName(keys, sha256), seal(keys, sha256, content));
  return { sha256, size: content.length };
}

/**
 * A document as it was uploaded. One kept in clear by a server of an earlier version (several
 * servers are updated one by one), or whose sealing was stopped half-way, is read from its clear
 * file until the next start seals it.
 */
export async function documentContent(
  blobs: BlobStore,
  keys: DocumentKeys,
  sha256: string,
): Promise<Buffer> {
  const sealed = await readBlob(blobs, sealedName(keys, sha256));
  const content = sealed && unseal(keys, sha256, sealed);
  if (content) return content;
  const clear = await readBlob(blobs, sha256);
  if (clear && sha256Of(clear) === sha256) return clear;
  throw new Error(
    `The blob store has no readable copy of the ID document ${sealedName(keys, sha256)}.`,
  );
}

export interface SealingReport {
  /** Documents kept in clear until now, sealed and their clear file removed by this run. */
  sealed: number;
  /** Documents whose file the store has neither sealed nor in clear: looked for again next start. */
  missing: string[];
}

/**
 * Seals every ID document still kept in clear, once: run at each start, it looks only at documents
 * it has not finished yet. For each, in an order that survives a stop at any point: the sealed file
 * is written whole under its own name and read back, then the clear file is removed (unless a
 * statement file is the same bytes), then the document is marked done. Stopped half-way, the next
 * start finds the clear file, the sealed one or both, and finishes; no document is ever without
 * a whole copy.
 */
export async function sealStoredDocuments(
  db: Database,
  blobs: BlobStore,
  keys: () => DocumentKeys,
): Promise<SealingReport> {
  const pending = await db.query<{ sha256: string }>(
    `select distinct e.data->>'sha256' as sha256 from events e
      where e.type = 'PersonDocumentAdded'
        and not exists (select 1 from sealed_documents s where s.sha256 = e.data->>'sha256')
      order by 1`,
  );
  const report: SealingReport = { sealed: 0, missing: [] };
  for (const { sha256 } of pending) {
    const name = sealedName(keys(), sha256);
    const sealed = await readBlob(blobs, name);
    const clear = await readBlob(blobs, sha256);
    if (!(sealed && unseal(keys(), sha256, sealed))) {
      // A clear file of other bytes than its name says is left as it is: nothing to seal from it.
      if (!clear || sha256Of(clear) !== sha256) {
        report.missing.push(sha256);
        continue;
      }
      await blobs.write(name, seal(keys(), sha256, clear));
      const written = await readBlob(blobs, name);
      if (!(written && unseal(keys(), sha256, written)?.equals(clear))) {
        throw new Error(`The sealed copy of an ID document did not read back: ${name}.`);
      }
    }
    if (clear) {
      const statementFiles = await db.query('select 1 from statement_files where sha256 = $1', [
        sha256,
      ]);
      if (statementFiles.length === 0) await blobs.remove(sha256);
      report.sealed += 1;
    }
    await db.query('insert into sealed_documents (sha256) values ($1) on conflict do nothing', [
      sha256,
    ]);
  }
  return report;
}
