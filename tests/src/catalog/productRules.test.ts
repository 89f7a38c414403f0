import { describe, expect, it } from 'vitest';
import {
  codeHint,
  codeListProblems,
  codeProblem,
  formatDuration,
  normaliseCode,
  parseDuration,
  parseTags,
} from '../../../src/catalog/productRules';

describe('code rules (SPEC section 5)', () => {
  it('ISRC is 12 characters, hyphens and spaces dropped', () => {
    expect(codeProblem('US-RC1-76-07839', 'isrc')).toBeNull();
    expect(normaliseCode('us-rc1-76-07839', 'isrc')).toBe('USRC17607839');
    expect(codeProblem('USRC176078', 'isrc')).toBe('catalog.codes.isrc-length');
  });

  it('UPC/EAN is 12 or 13 digits', () => {
    expect(codeProblem('859700000016', 'upc')).toBeNull();
    expect(codeProblem('0859700000023', 'upc')).toBeNull();
    expect(codeProblem('85970000001', 'upc')).toBe('catalog.codes.upc-digits');
    expect(codeProblem('85970000001X', 'upc')).toBe('catalog.codes.upc-digits');
  });

  it('a barcode with a wrong check digit is saved with a word of caution', () => {
    expect(codeHint('012345678905', 'upc')).toBeNull();
    expect(codeHint('0 012345 678905', 'upc')).toBeNull();
    expect(codeHint('0859700000023', 'upc')).toBe('catalog.codes.upc-check');
    expect(codeHint('85970000002', 'upc')).toBeNull();
    expect(codeHint('QZDM12600002', 'isrc')).toBeNull();
  });

  it('a custom code is at most 32 characters', () => {
    expect(codeProblem('NS-LIVE-2026', 'custom')).toBeNull();
    expect(codeProblem('X'.repeat(33), 'custom')).toBe('catalog.codes.custom-length');
  });

  it('at least one code, none twice', () => {
    expect(codeListProblems([]).list).toBe('catalog.codes.at-least-one');
    const twice = codeListProblems([
      { code: 'USRC17607839', kind: 'isrc' },
      { code: 'usrc-17607839', kind: 'isrc' },
    ]);
    expect(twice.byIndex).toEqual([null, 'catalog.codes.repeated']);
  });
});

describe('durations', () => {
  it('seconds or H:M:S', () => {
    expect(parseDuration('245')).toBe(245);
    expect(parseDuration('4:05')).toBe(245);
    expect(parseDuration('1:00:05')).toBe(3605);
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('4:75')).toBeUndefined();
    expect(parseDuration('four')).toBeUndefined();
    expect(formatDuration(3605)).toBe('1:00:05');
  });

  it('tags are a comma-separated list', () => {
    expect(parseTags(' live, , remix,live ')).toEqual(['live', 'remix']);
  });
});
