import type {} from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { IdDocument } from '../../api/settings';
import {
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  documentTypeOf,
  PERSON_MESSAGES,
  type DocumentKind,
} from '../../rules/personDetails';
import { epochSeconds } from '../../api/common';
import { BlobTooLargeError, type BlobStore } from '../blobs';
import type { Database, Queryable } from '../db/database';
import { BadRequestError, NotFoundError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import type { EventMetadata } from '../events/types';
import { cleanFileName } from '../statements/uploadFiles';
import { personStream } from './person';

/** The first bytes each allowed type starts with: a renamed file of another type is refused. */
const SIGNATURES: Record<string, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

export async function listDocuments(db: Queryable, userId: string): Promise<IdDocument[]> {
  const rows = await db.query<{
    id: string;
    kind: DocumentKind;
    name: string;
    size: string | number;
    content_type: string;
    added_at: Date | string;
  }>(
    `select id, kind, name, size, content_type, added_at from person_documents
      where user_id = $1 order by added_at desc, id`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    size: Number(row.size),
    contentType: row.content_type,
    addedAt: epochSeconds(row.added_at) ?? 0,
  }));
}

export async function findDocument(
  db: Queryable,
  userId: string,
  documentId: string,
): Promise<{ name: string; sha256: string; contentType: string }> {
  const rows = await db.query<{ name: string; sha256: string; content_type: string }>(
    'select name, sha256, content_type from person_documents where id = $1 and user_id = $2',
    [documentId, userId],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError();
  return { name: row.name, sha256: row.sha256, contentType: row.content_type };
}

async function startsWith(blobs: BlobStore, sha256: string, signature: number[]): Promise<boolean> {
  const stream = blobs.open(sha256);
  try {
    for await (const chunk of stream) {
      const head = (chunk as Buffer).subarray(0, signature.length);
      return signature.every((byte, index) => head[index] === byte);
    }
    return false;
  } finally {
    stream.destroy();
  }
}

interface ReceivedDocument {
  kind: DocumentKind;
  name: string;
  sha256: string;
  size: number;
  contentType: string;
}

/**
 * Reads the `kind` field and one `file` part into the blob store, where statement files are kept:
 * a PDF, PNG or JPG of at most 10 MB, whose first bytes match its name's type.
 */
export async function receiveDocument(
  request: FastifyRequest,
  blobs: BlobStore,
): Promise<ReceivedDocument> {
  if (!request.isMultipart()) throw new BadRequestError(PERSON_MESSAGES.documentMissing);
  let kind: string | null = null;
  let file: Omit<ReceivedDocument, 'kind'> | null = null;
  for await (const part of request.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } })) {
    if (part.type === 'field') {
      if (part.fieldname === 'kind' && typeof part.value === 'string') kind = part.value;
      continue;
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume();
      continue;
    }
    const name = cleanFileName(part.filename).slice(0, 200);
    const contentType = documentTypeOf(name);
    if (!contentType) {
      part.file.resume();
      throw new BadRequestError(PERSON_MESSAGES.documentType);
    }
    try {
      const stored = await blobs.put(part.file, DOCUMENT_MAX_BYTES);
      if (part.file.truncated) throw new BlobTooLargeError('too large');
      file = { name, contentType, sha256: stored.sha256, size: stored.size };
    } catch (error) {
      if (error instanceof BlobTooLargeError)
        throw new BadRequestError(PERSON_MESSAGES.documentSize);
      throw error;
    }
  }
  if (!kind || !(DOCUMENT_KINDS as readonly string[]).includes(kind))
    throw new BadRequestError(PERSON_MESSAGES.documentKind);
  if (!file) throw new BadRequestError(PERSON_MESSAGES.documentMissing);
  if (file.size === 0) throw new BadRequestError(PERSON_MESSAGES.documentEmpty);
  if (!(await startsWith(blobs, file.sha256, SIGNATURES[file.contentType] ?? [])))
    throw new BadRequestError(PERSON_MESSAGES.documentType);
  return { kind: kind as DocumentKind, ...file };
}

export async function addDocument(
  db: Database,
  userId: string,
  document: ReceivedDocument,
  metadata: EventMetadata,
): Promise<string> {
  const documentId = randomUUID();
  await db.transaction(async (tx) => {
    const stream = personStream(userId);
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'PersonDocumentAdded', data: { documentId, ...document } }],
      metadata,
    );
  });
  return documentId;
}

export async function removeDocument(
  db: Database,
  userId: string,
  documentId: string,
  metadata: EventMetadata,
): Promise<void> {
  await db.transaction(async (tx) => {
    await findDocument(tx, userId, documentId);
    const stream = personStream(userId);
    await appendToStream(
      tx,
      stream,
      await streamVersion(tx, stream),
      [{ type: 'PersonDocumentRemoved', data: { documentId } }],
      metadata,
    );
  });
}
