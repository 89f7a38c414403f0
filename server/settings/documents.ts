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
import { keepDocument, readDocument, type DocumentKeys } from './sealedDocuments';

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

interface ReceivedDocument {
  kind: DocumentKind;
  name: string;
  sha256: string;
  size: number;
  contentType: string;
}

/**
 * Reads the `kind` field and one `file` part, a PDF, PNG or JPG of at most 10 MB whose first bytes
 * match its name's type, and keeps the file sealed in the blob store.
 */
export async function receiveDocument(
  request: FastifyRequest,
  blobs: BlobStore,
  keys: DocumentKeys,
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
    let content: Buffer;
    try {
      content = await readDocument(part.file, DOCUMENT_MAX_BYTES);
      if (part.file.truncated) throw new BlobTooLargeError('too large');
    } catch (error) {
      if (error instanceof BlobTooLargeError)
        throw new BadRequestError(PERSON_MESSAGES.documentSize);
      throw error;
    }
    if (content.length === 0) throw new BadRequestError(PERSON_MESSAGES.documentEmpty);
    const signature = SIGNATURES[contentType] ?? [];
    if (!signature.every((byte, index) => content[index] === byte))
      throw new BadRequestError(PERSON_MESSAGES.documentType);
    file = { name, contentType, ...(await keepDocument(blobs, keys, content)) };
  }
  if (!kind || !(DOCUMENT_KINDS as readonly string[]).includes(kind))
    throw new BadRequestError(PERSON_MESSAGES.documentKind);
  if (!file) throw new BadRequestError(PERSON_MESSAGES.documentMissing);
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
