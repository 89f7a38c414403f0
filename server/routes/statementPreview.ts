import type {} from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BadRequestError } from '../errors';
import { NO_UPLOADABLE_DISTRIBUTOR } from '../statements/upload';
import { supportedFileName } from '../statements/uploadFiles';
import { UNKNOWN_ENCODING } from '../statements/uploadRequest';
import { fileTypeOf } from '../import/fileType';
import { previewStatementFile } from '../import/preview';
import { sessionOf } from '../plugins/auth';
import { uploadCandidates } from '../queries/accountLayouts';
import { errorResponses, multipartBody } from '../../api/common';
import {
  MAX_STATEMENT_FILES,
  PreviewParts,
  StatementPreview,
  type FilePreview,
  type PreviewRequest,
} from '../../api/statementUpload';
import { isTextEncoding } from '../../rules/encodings';

/** What of each file is read: enough for a compressed text's first rows and most workbooks. */
export const PREVIEW_FILE_BYTES = 20 * 1024 * 1024;
const MAX_FILES = MAX_STATEMENT_FILES;

export const PREVIEW_TOO_LARGE =
  'The file is too large to preview: choose its distributor and upload it.';

function readPreviewBody(text: string): PreviewRequest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError('The upload details are not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestError('The upload details are not valid JSON.');
  }
  const body = value as Record<string, unknown>;
  const request: PreviewRequest = {};
  if (body.distributor !== undefined && body.distributor !== null && body.distributor !== '') {
    if (typeof body.distributor !== 'string') throw new BadRequestError('Choose a distributor.');
    request.distributor = body.distributor;
  }
  if (body.encoding !== undefined && body.encoding !== null) {
    if (!isTextEncoding(body.encoding)) throw new BadRequestError(UNKNOWN_ENCODING);
    request.encoding = body.encoding;
  }
  return request;
}

/** The one distributor every readable file matches, or null. */
function proposedDistributor(files: readonly FilePreview[]): string | null {
  const readable = files.filter((file) => file.problem === null);
  if (readable.length === 0) return null;
  const [first, ...others] = readable.map((file) => file.matches.map((m) => m.distributorId));
  const common = (first ?? []).filter((id) => others.every((ids) => ids.includes(id)));
  return common.length === 1 ? (common[0] ?? null) : null;
}

const statementPreviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/statement/preview',
    {
      // Whoever may upload a statement may preview one; nothing is stored.
      config: { access: { session: true, permissions: ['statement:rw', 'import:rw'] } },
      schema: {
        tags: ['statements'],
        summary:
          'Read the start of statement files without storing anything: their encoding, the distributors whose layout they match, their first rows. A `body` JSON part first (distributor, encoding; both optional), then `file` parts',
        body: multipartBody(PreviewParts),
        response: { 200: StatementPreview, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new BadRequestError('Send the statement as multipart/form-data.');
      }
      const candidates = await uploadCandidates(app.db, sessionOf(request).user.accountId);
      if (candidates.length === 0) throw new BadRequestError(NO_UPLOADABLE_DISTRIBUTOR);
      let options: PreviewRequest = {};
      let filesSeen = false;
      const files: FilePreview[] = [];
      try {
        // A file past the limit is read as far as it goes (its start is all a preview needs);
        // the multipart reader takes this per-request option though its types leave it out.
        const partOptions = {
          limits: { fileSize: PREVIEW_FILE_BYTES, files: MAX_FILES },
          throwFileSizeLimit: false,
        } as Parameters<typeof request.parts>[0];
        for await (const part of request.parts(partOptions)) {
          if (part.type === 'field') {
            if (part.fieldname === 'body') {
              if (filesSeen) throw new BadRequestError('Send the body part before the files.');
              options = readPreviewBody(
                typeof part.value === 'string' ? part.value : JSON.stringify(part.value),
              );
            }
            continue;
          }
          filesSeen = true;
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          const name = supportedFileName(part);
          // One file at a time in memory, at most PREVIEW_FILE_BYTES of it.
          const bytes = await part.toBuffer();
          const truncated = part.file.truncated;
          if (truncated && fileTypeOf(name).kind === 'spreadsheet') {
            files.push({
              name,
              encoding: null,
              encodingSure: true,
              encodings: [],
              matches: [],
              closest: null,
              rows: [],
              problem: PREVIEW_TOO_LARGE,
              reading: null,
            });
            continue;
          }
          files.push(
            await previewStatementFile({ name, bytes }, candidates, {
              ...(options.encoding ? { encoding: options.encoding } : {}),
              ...(options.distributor ? { distributorId: options.distributor } : {}),
            }),
          );
        }
      } catch (error) {
        if ((error as { code?: unknown }).code === 'FST_FILES_LIMIT') {
          throw new BadRequestError(
            `At most ${MAX_FILES} files can be previewed at once: upload the others in another.`,
          );
        }
        throw error;
      }
      if (files.length === 0) throw new BadRequestError('Choose at least one file to upload.');
      return { files, distributorId: proposedDistributor(files) };
    },
  );
};

export default statementPreviewRoutes;
