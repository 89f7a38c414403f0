import type {} from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { BlobTooLargeError, type BlobStore } from '../blobs';
import { BadRequestError } from '../errors';
import type { UploadedFile } from '../events/types';
import { fileTypeOf, SUPPORTED_TYPES } from '../import/fileType';
import { MAX_STATEMENT_FILES } from '../../api/statementUpload';

export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
const MAX_FILES = MAX_STATEMENT_FILES;

// Control characters (a NUL among them) and the marks that reverse the direction of text: a name
// such as 'invoice\u202Efdp.csv' would otherwise display as 'invoicevsc.pdf'.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The file name as stored and shown: without characters that cannot be stored or that spoof. */
export function cleanFileName(name: string): string {
  return name.replace(UNSAFE_NAME_CHARACTERS, '').trim();
}

/**
 * The file part's name, cleaned, when the portal reads files of its type; otherwise the part's
 * bytes are drained and the request refused, naming the types it reads.
 */
export function supportedFileName(part: { filename: string; file: { resume(): unknown } }): string {
  const name = cleanFileName(part.filename);
  try {
    fileTypeOf(name);
  } catch {
    part.file.resume();
    throw new BadRequestError(
      `The file '${name}' is not a supported type: upload ${SUPPORTED_TYPES}.`,
    );
  }
  return name;
}

/**
 * Streams the `file` parts of a statement request into the blob store (kept byte for byte)
 * and returns them with the `body` part's text. Refuses unsupported types and oversized files.
 */
export async function receiveStatementFiles(
  request: FastifyRequest,
  blobs: BlobStore,
): Promise<{ bodyText: string | null; files: UploadedFile[] }> {
  if (!request.isMultipart())
    throw new BadRequestError('Send the statement as multipart/form-data.');
  let bodyText: string | null = null;
  const files: UploadedFile[] = [];
  try {
    await readParts(request, blobs, files, (text) => (bodyText = text));
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') {
      throw new BadRequestError(TOO_MANY_FILES);
    }
    throw error;
  }
  return { bodyText, files };
}

/** SPEC section 8's upload failure, with the limit named. */
export const TOO_MANY_FILES = `At most ${MAX_FILES} files can be uploaded in one request: upload the others in another.`;

async function readParts(
  request: FastifyRequest,
  blobs: BlobStore,
  files: UploadedFile[],
  setBody: (text: string) => void,
): Promise<void> {
  for await (const part of request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES },
  })) {
    if (part.type === 'field') {
      // Sent as text by browsers, or typed application/json (curl -F 'body=…;type=…'), which
      // the multipart reader has already parsed.
      if (part.fieldname === 'body') {
        setBody(typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      }
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    if (cleanFileName(part.filename) === '') {
      part.file.resume();
      throw new BadRequestError('A file has no name: give it a name that ends with its type.');
    }
    const name = supportedFileName(part);
    try {
      const stored = await blobs.put(part.file, MAX_UPLOAD_BYTES);
      if (part.file.truncated) throw new BlobTooLargeError('too large');
      files.push({ fileId: randomUUID(), name, sha256: stored.sha256, size: stored.size });
    } catch (error) {
      if (error instanceof BlobTooLargeError) {
        throw new BadRequestError(`The file '${name}' is larger than 1 GB.`);
      }
      throw error;
    }
  }
}
