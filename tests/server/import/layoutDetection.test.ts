import { describe, expect, it } from 'vitest';
import { previewStatementFile } from '../../../server/import/preview';
import { AWAL, SHIPPED_TEMPLATES, THE_ORCHARD } from '../../../server/import/templates';
import { fixture, parseFile } from './helpers';

/** Every shipped distributor, as an install offers them to the upload's preview. */
const candidates = SHIPPED_TEMPLATES.map((template) => ({
  id: template.name,
  name: template.name,
  template,
}));

const matchesOf = async (file: string) =>
  (await previewStatementFile({ name: file, bytes: fixture(file) }, candidates)).matches.map(
    (match) => `${match.distributor}: ${match.layout}`,
  );

describe('AWAL and The Orchard (one family of statements) are told apart', () => {
  it('an AWAL statement matches AWAL only, not The Orchard whose headers it also has', async () => {
    expect(await matchesOf('awal.csv')).toEqual([
      'AWAL: Workstation statement (net share, account currency)',
    ]);
  });

  it('an AWAL statement filed under The Orchard by the uploader still matches The Orchard too', async () => {
    const preview = await previewStatementFile(
      { name: 'awal.csv', bytes: fixture('awal.csv') },
      candidates,
      { distributorId: 'The Orchard' },
    );
    expect(preview.matches.map((match) => match.distributor)).toEqual(['AWAL', 'The Orchard']);
    expect(preview.closest).toBeNull();
  });

  it.each([
    'orchard-statement.csv',
    'orchard-net-receipts.csv',
    'orchard-net-receipts-comma.csv',
    'orchard-semicolon.csv',
    'orchard-upper.csv',
  ])('%s still matches The Orchard only', async (file) => {
    const matches = await matchesOf(file);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatch(/^The Orchard: /);
  });

  it('AWAL reads the album rows, whose only code is the DISPLAY UPC', async () => {
    const { records, rowErrors } = await parseFile('awal.csv', fixture('awal.csv'), AWAL);
    expect(rowErrors).toEqual([]);
    const albums = records.filter((record) => record.codeKind === 'upc');
    expect(albums.map((r) => [r.code, r.units, r.revenue, r.title, r.territory])).toEqual([
      ['194399112233', 2, '11.088', 'Marés', 'DE'],
      ['194399112233', -1, '-5.544', 'Marés', 'FR'],
    ]);
    // The sale's transaction date, not the statement period it was accounted in (June 2025).
    expect(records.map((r) => r.date)).toContain('2025-03-01');
    expect(records.every((r) => r.currency === 'GBP')).toBe(true);
  });

  it('The Orchard, when chosen for an AWAL file, keeps its album rows too', async () => {
    const { records, rowErrors } = await parseFile('awal.csv', fixture('awal.csv'), THE_ORCHARD);
    expect(rowErrors).toEqual([]);
    expect(records.filter((record) => record.codeKind === 'upc')).toHaveLength(2);
  });
});
