import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EngineInputError } from '../../engine/errors';
import type { Share } from '../../engine/types';
import { readShares } from '../../engine/validation/shares';
import { canonicalShares } from '../catalog/splits';
import { BadRequestError, ConflictError } from '../errors';
import { appendToStream, streamVersion } from '../events/store';
import { commandMetadata, sessionOf } from '../plugins/auth';
import { accountPresets } from '../queries/presets';
import { errorResponses } from '../../api/common';
import { NewPreset, Preset, PresetList } from '../../api/presets';

export const PRESET_REPEATED = 'A preset with the same split cannot be created twice.';
export const PRESET_NAME_TAKEN = 'A preset with this name already exists.';

const presetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/presets',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['presets'],
        summary: "The account's split presets",
        response: { 200: PresetList, ...errorResponses },
      },
    },
    async (request) => {
      const presets = await accountPresets(request.reads, sessionOf(request).user.accountId);
      return { items: presets, total: presets.length };
    },
  );

  app.post(
    '/api/presets',
    {
      config: { access: { session: true, permissions: ['product:rw'] } },
      schema: {
        tags: ['presets'],
        summary: 'Save a split as a named preset',
        body: NewPreset,
        response: { 201: Preset, ...errorResponses },
      },
    },
    async (request, reply) => {
      const accountId = sessionOf(request).user.accountId;
      let shares: Share[];
      try {
        shares = readShares(request.body.shares, 'shares');
      } catch (error) {
        if (error instanceof EngineInputError) {
          throw new BadRequestError(error.detail ?? error.message, [
            { path: error.path ?? 'shares', message: error.detail ?? error.message },
          ]);
        }
        throw error;
      }
      const name = request.body.name.trim();
      const presetId = randomUUID();
      await app.db.transaction(async (tx) => {
        const existing = await accountPresets(tx, accountId);
        if (existing.some((preset) => preset.name.toLowerCase() === name.toLowerCase())) {
          throw new ConflictError(PRESET_NAME_TAKEN);
        }
        const wanted = canonicalShares(shares);
        if (existing.some((preset) => canonicalShares(preset.shares) === wanted)) {
          throw new ConflictError(PRESET_REPEATED);
        }
        const stream = `account-${accountId}`;
        await appendToStream(
          tx,
          stream,
          await streamVersion(tx, stream),
          [{ type: 'PresetCreated', data: { presetId, name, shares } }],
          commandMetadata(request, app.now()),
        );
      });
      return reply.status(201).send({ id: presetId, name, shares });
    },
  );
};

export default presetRoutes;
