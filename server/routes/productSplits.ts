// A product's split sets: replaced from the split editor, and the input of its live preview.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  PREVIEW_CACHE_BYTES,
  previewInput,
  previewInputHead,
  previewInputJson,
  previewInputTable,
} from '../catalog/previewInput';
import { ByteCache } from '../byteCache';
import { compressedAnswer } from '../compression';
import { setProductSplits } from '../catalog/splitSets';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { catalogScope, loadProduct, productView } from '../queries/products';
import { errorResponses, IdParams, inMediaTypes } from '../../api/common';
import { PreviewInputAnswer, PreviewInputQuery, Product } from '../../api/products';
import { SplitsBody } from '../../api/splits';

const TEXT = 'text/plain; charset=utf-8';

/** The `format=table` answer, as `previewInputTable` writes it. */
const RecordTable = Type.String({
  description:
    "The statement and engine input as JSON on the first line, then the records' table as PostgreSQL's COPY text",
});

/** Sends an answer already written (JSON text, or text bytes): Fastify sends it as it is. */
function sendWritten(
  reply: FastifyReply,
  type: 'application/json' | 'text/plain',
  body: string | Buffer,
) {
  return reply.type(`${type}; charset=utf-8`).send(body);
}

const productSplitRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (
  app,
  options,
) => {
  // A product opened again, its statement's records unchanged, skips their COPY and the answer's
  // compression.
  const previews = new ByteCache(PREVIEW_CACHE_BYTES);

  app.put(
    '/api/products/:id/splits',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['products'],
        summary: 'Replace the split sets of a product and of its codes',
        params: IdParams,
        body: SplitsBody,
        response: { 200: Product, ...errorResponses },
      },
    },
    async (request) => {
      const user = sessionOf(request).user;
      const scope = catalogScope(user);
      const row = await loadProduct(app.db, request.params.id, scope);
      await app.db.transaction((tx) =>
        setProductSplits(
          tx,
          {
            productId: row.id,
            version: request.body.version,
            splitSets: request.body.splitSets,
            publicUrl: options.publicUrl,
          },
          commandMetadata(request, app.now()),
        ),
      );
      return productView(app.db, await loadProduct(app.db, row.id, scope), user, scope);
    },
  );

  app.get(
    '/api/products/:id/preview-input',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['products'],
        summary:
          "The engine input of the split editor's live preview: this product's records of its latest statement; format=table answers its statement and input as JSON on the first line, then the records' table as text",
        params: IdParams,
        querystring: PreviewInputQuery,
        response: {
          200: inMediaTypes({ 'application/json': PreviewInputAnswer, 'text/plain': RecordTable }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = catalogScope(sessionOf(request).user);
      const row = await loadProduct(request.reads, request.params.id, scope);
      const preview = await request.reads.transaction((tx) =>
        previewInput(tx, app.blobs, row.id, previews),
      );
      if (request.query.format !== 'table')
        return sendWritten(reply, 'application/json', previewInputJson(preview));
      if (preview.recordsVersion === null)
        return sendWritten(reply, 'text/plain', previewInputTable(preview));
      // The head carries the split sets, recoupments and state: the key names them with the table.
      const head = previewInputHead(preview);
      return compressedAnswer(
        request,
        reply,
        () => previewInputTable(preview, head),
        TEXT,
        previews,
        `${preview.recordsVersion}\n${head}`,
      );
    },
  );
};

export default productSplitRoutes;
