import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { appendToStream, streamVersion } from '../../../server/events/store';
import { SHIPPED_TEMPLATES, type DistributorTemplate } from '../../../server/import/templates';
import {
  PREVIOUSLY_SHIPPED,
  ensureShippedDistributors,
  templateHash,
} from '../../../server/statements/shippedDistributors';
import { freshDatabase } from '../harness';
import { fixture } from './helpers';

const FIRST = JSON.parse(
  fixture('shipped-templates-first.json').toString('utf8'),
) as DistributorTemplate[];

// The templates shipped before formats were classified for the engine.
const BEFORE_FORMATS = JSON.parse(
  fixture('shipped-templates-before-formats.json').toString('utf8'),
) as DistributorTemplate[];

// The templates shipped before the layouts of real exports (Symphonic's Earnings Detail, Apple's
// Title / Episode / Season, The Orchard's upper-case statement, Bandcamp without item details).
const BEFORE_LAYOUTS = JSON.parse(
  fixture('shipped-templates-before-layouts.json').toString('utf8'),
) as DistributorTemplate[];

describe('shipped templates on an existing install', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(async () => drop());

  const templates = async () =>
    new Map(
      (
        await db.query<{ id: string; name: string; template: DistributorTemplate }>(
          'select id, name, template from distributors',
        )
      ).map((row) => [row.name, row]),
    );

  async function setTemplate(name: string, template: DistributorTemplate) {
    const row = (await templates()).get(name)!;
    const streamId = `distributor-${row.id}`;
    await db.transaction(async (tx) => {
      await appendToStream(
        tx,
        streamId,
        await streamVersion(tx, streamId),
        [{ type: 'DistributorChanged', data: { before: {}, after: { template } } }],
        { actor: null, emulatingActor: null, at: new Date('2026-11-01T00:00:00Z') },
      );
    });
  }

  it('knows the hash of every first-shipped template', () => {
    for (const template of FIRST) {
      expect(PREVIOUSLY_SHIPPED[template.name]).toContain(templateHash(template));
    }
    for (const template of SHIPPED_TEMPLATES) {
      expect(PREVIOUSLY_SHIPPED[template.name]).toBeDefined();
    }
  });

  it('knows the hash of every template the format classification replaced', () => {
    for (const template of BEFORE_FORMATS) {
      const current = SHIPPED_TEMPLATES.find((each) => each.name === template.name)!;
      if (templateHash(current) === templateHash(template)) continue;
      expect(PREVIOUSLY_SHIPPED[template.name]).toContain(templateHash(template));
    }
  });

  it('knows the hash of every template the layouts of real exports replaced', () => {
    const replaced = BEFORE_LAYOUTS.filter((template) => {
      const current = SHIPPED_TEMPLATES.find((each) => each.name === template.name)!;
      return templateHash(current) !== templateHash(template);
    });
    expect(replaced.map((template) => template.name)).toEqual([
      'The Orchard',
      'Symphonic',
      'Bandcamp',
      'Apple',
    ]);
    for (const template of replaced) {
      expect(PREVIOUSLY_SHIPPED[template.name]).toContain(templateHash(template));
    }
  });

  it('brings an install that stored the templates before the real layouts up to date', async () => {
    for (const template of BEFORE_LAYOUTS) await setTemplate(template.name, template);
    await ensureShippedDistributors(db, new Date('2026-11-20T00:00:00Z'));
    const after = await templates();
    for (const template of SHIPPED_TEMPLATES) {
      expect(templateHash(after.get(template.name)!.template)).toBe(templateHash(template));
    }
    const symphonic = after.get('Symphonic')!.template;
    expect(symphonic.versions.map((version) => version.name)).toContain('Earnings Detail export');
  });

  it('replaces unedited old templates, keeps edited ones, and does it once', async () => {
    for (const template of FIRST) await setTemplate(template.name, template);
    const edited = structuredClone(FIRST.find((t) => t.name === 'Bandcamp')!);
    // An overseer's own change: the same layout read as UTF-8.
    edited.versions[0]!.encoding = 'utf-8';
    await setTemplate('Bandcamp', edited);

    await ensureShippedDistributors(db, new Date('2026-12-01T00:00:00Z'));
    const after = await templates();
    for (const template of SHIPPED_TEMPLATES) {
      const stored = after.get(template.name)!.template;
      if (template.name === 'Bandcamp') expect(templateHash(stored)).toBe(templateHash(edited));
      else expect(templateHash(stored)).toBe(templateHash(template));
    }
    const changed = await db.query<{ n: string }>(
      "select count(*) as n from events where type = 'DistributorChanged'",
    );
    await ensureShippedDistributors(db, new Date('2026-12-02T00:00:00Z'));
    const again = await db.query<{ n: string }>(
      "select count(*) as n from events where type = 'DistributorChanged'",
    );
    expect(Number(again[0]!.n)).toBe(Number(changed[0]!.n));
    expect((await templates()).size).toBe(SHIPPED_TEMPLATES.length);
  });
});
