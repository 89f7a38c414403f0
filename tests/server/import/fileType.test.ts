import { describe, expect, it } from 'vitest';
import { previewStatementFile } from '../../../server/import/preview';
import { DISTROKID, TUNECORE } from '../../../server/import/templates';

const candidates = [
  { id: 'distrokid', name: 'DistroKid', template: DISTROKID },
  { id: 'tunecore', name: 'TuneCore', template: TUNECORE },
];

describe('the layout a file check names as nearest', () => {
  it('names none when no layout shares a header with the file', async () => {
    const bytes = Buffer.from('Invoice,Customer,Due\n1001,ACME,2026-01-31\n');
    const preview = await previewStatementFile({ name: 'invoices.csv', bytes }, candidates);
    expect(preview).toMatchObject({ problem: null, matches: [], closest: null });
  });

  it('names the nearest layout when the file shares some of its headers', async () => {
    const bytes = Buffer.from('Store,Artist,Title,ISRC,Amount\nSpotify,A,B,QZDM12600001,1\n');
    const preview = await previewStatementFile({ name: 'odd.csv', bytes }, candidates);
    expect(preview.closest?.distributor).toBe('DistroKid');
    expect(preview.closest?.missing).not.toContain('Store');
  });
});
