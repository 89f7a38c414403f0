import { describe, expect, it } from 'vitest';
import { codesWithMissing } from '../../../src/statements/missingCode';

describe('"Add to a product" with a statement\'s missing code', () => {
  const album = [
    { code: 'QZDM12600002', kind: 'isrc' as const },
    { code: '0859700000023', kind: 'upc' as const },
  ];

  it('adds nothing when the product holds the barcode in another spelling', () => {
    expect(codesWithMissing(album, { code: '859700000023', kind: 'upc' })).toBeNull();
    expect(codesWithMissing(album, { code: '00859700000023', kind: 'upc' })).toBeNull();
    expect(codesWithMissing(album, { code: 'qzdm-126-00002', kind: 'isrc' })).toBeNull();
  });

  it('adds a code the product does not hold', () => {
    expect(codesWithMissing(album, { code: '5054197123456', kind: 'upc' })).toEqual([
      ...album,
      { code: '5054197123456', kind: 'upc' },
    ]);
  });
});
