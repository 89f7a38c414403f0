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

  it('replace an intake key wherever a partner put it by mistake', () => {
    const key = 'rpi_Zx9-Qk_3vLmT0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0';
    for (const url of [
      `/api/intake/statements?key=${key}`,
      `/api/intake/statements?distributor=x&intake_key=${key}&period=2026-06`,
      `/api/intake/statements?Authorization=Bearer%20${key}`,
      `/api/intake/statements/${key}`,
      `/api/intake/statements?${key}`,
    ]) {
      expect(redactedUrl(url), url).not.toContain('Zx9-Qk');
      expect(redactedUrl(url), url).toContain('[redacted]');
    }
    expect(redactedUrl(`/api/statements?key=${key}&limit=10`)).toBe(
      '/api/statements?key=[redacted]&limit=10',
    );
  });

  it('never write the csrf token a GET carries, nor an intake key', async () => {
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
      // An intake key sent in the query string instead of the Authorization header.
      const intake = await app.inject({
        method: 'POST',
        url: '/api/intake/statements?key=rpi_VerySecretIntakeKeyValue_0123456789',
      });
      expect(intake.statusCode).toBe(401);
      const log = lines.join('');
      expect(log).toContain('/api/session?csrf=%5Bredacted%5D');
      expect(log).not.toContain('very-secret-token-value');
      expect(log).toContain('/api/intake/statements?key=[redacted]');
      expect(log).not.toContain('VerySecretIntakeKeyValue');
    } finally {
      await app.close();
      await drop();
    }
  });
});
