import { ApiError, readDocumentCookie } from '../api/client';
import { CSRF_COOKIE, CSRF_HEADER } from '../api/csrf';
import { parseErrorBody } from '../api/responses';
import type { StatementPreview } from '../../api/statementUpload';
import type { PreviewInput } from '../../machines/uploadPreviewMachine';

/** Plain text files are previewed from their start: the server reads no more of them. */
const TEXT_SAMPLE_BYTES = 1024 * 1024;
/** Compressed files and workbooks are sent whole up to this size (the server's preview limit). */
const WHOLE_FILE_BYTES = 20 * 1024 * 1024;

const PLAIN_TEXT = /\.(csv|tsv|txt)$/i;

/** The files worth previewing: a slice of a plain text file, or a file small enough to send. */
export function previewParts(files: readonly File[]): { file: Blob; name: string }[] {
  return files.flatMap((file) => {
    if (PLAIN_TEXT.test(file.name))
      return [{ file: file.slice(0, TEXT_SAMPLE_BYTES), name: file.name }];
    return file.size <= WHOLE_FILE_BYTES ? [{ file, name: file.name }] : [];
  });
}

/**
 * POST statement/preview: a multipart call, which the JSON client does not send; it rejects with
 * an ApiError carrying the server's message.
 */
export async function previewStatement(
  input: PreviewInput,
  signal: AbortSignal,
  fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<StatementPreview> {
  const form = new FormData();
  form.append(
    'body',
    JSON.stringify({
      ...(input.distributor ? { distributor: input.distributor } : {}),
      ...(input.encoding ? { encoding: input.encoding } : {}),
    }),
  );
  for (const part of previewParts(input.files)) form.append('file', part.file, part.name);
  const csrf = readDocumentCookie(CSRF_COOKIE);
  const response = await fetchImpl('/api/statement/preview', {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, parseErrorBody(text), '');
  return JSON.parse(text) as StatementPreview;
}
