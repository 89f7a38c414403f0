import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp, defaultAppOptions } from '../../../server/app';
import { loggerOptions, redactedUrl } from '../../../server/plugins/logging';
import { freshDatabase } from '../harness';

describe('request logs', () => {
  it('replace credential values of the query and keep the rest', () => {
    expect(redactedUrl('/api/statements?csrf=abc123&limit=10')).toBe(
      '/api/statements?csrf=%5Bredacted%5D&limit=10',
    );
    expect(redactedUrl('/api/statements?limit=10')).toBe('/api/statements?limit=10');
    expect(redactedUrl('/api/health')).toBe('/api/health');
  });

  it('never write the csrf token a GET carries', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { db, drop } = await freshDatabase();
    const app = await buildApp({
      ...defaultAppOptions(db),
      logger: { ...loggerOptions('info'), stream },
      staticDir: null,
    });
    try {
      await app.inject({ url: '/api/session?csrf=very-secret-token-value' });
      const log = lines.join('');
      expect(log).toContain('/api/session?csrf=%5Bredacted%5D');
      expect(log).not.toContain('very-secret-token-value');
    } finally {
      await app.close();
      await drop();
    }
  });
});
