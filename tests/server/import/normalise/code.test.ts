import { describe, expect, it } from 'vitest';
import { parseCode } from '../../../../server/import/normalise/code';

describe('parseCode', () => {
  it('normalises ISRCs', () => {
    expect(parseCode('us-dk1-23-00001', 'isrc')).toEqual({ ok: true, value: 'USDK12300001' });
    expect(parseCode(' GB KPL 23 00042 ', 'isrc')).toEqual({ ok: true, value: 'GBKPL2300042' });
  });

  it('refuses ISRCs that are not 12 characters or malformed', () => {
    expect(parseCode('USDK123', 'isrc')).toEqual({
      ok: false,
      message: "ISRC must be 12 characters ('USDK123')",
    });
    expect(parseCode('12DK12300001', 'isrc').ok).toBe(false);
  });

  it('restores a lost leading zero and drops GTIN padding on UPC/EAN', () => {
    expect(parseCode('88295012345', 'upc')).toEqual({ ok: true, value: '088295012345' });
    expect(parseCode('088295012345', 'upc')).toEqual({ ok: true, value: '088295012345' });
    expect(parseCode('0602577123450', 'upc')).toEqual({ ok: true, value: '602577123450' });
    expect(parseCode('00602577123450', 'upc')).toEqual({ ok: true, value: '602577123450' });
    expect(parseCode('5054197123456', 'upc')).toEqual({ ok: true, value: '5054197123456' });
    expect(parseCode('859712345678.0', 'upc')).toEqual({ ok: true, value: '859712345678' });
  });

  it('refuses UPCs a spreadsheet mangled or that have the wrong length', () => {
    expect(parseCode('8.59712E+11', 'upc')).toMatchObject({
      ok: false,
      message: expect.stringContaining('lost digits'),
    });
    expect(parseCode('1234567890', 'upc')).toMatchObject({
      ok: false,
      message: expect.stringContaining('12 or 13 digits'),
    });
    expect(parseCode('ABC', 'upc').ok).toBe(false);
  });

  it('keeps custom codes up to 32 characters', () => {
    expect(parseCode(' BS-TEE-01 ', 'custom')).toEqual({ ok: true, value: 'BS-TEE-01' });
    expect(parseCode('x'.repeat(33), 'custom')).toMatchObject({
      ok: false,
      message: expect.stringContaining('A custom code is limited to 32 characters'),
    });
  });

  it('flags a formula-looking code and never evaluates it', () => {
    for (const kind of ['isrc', 'upc', 'custom'] as const) {
      expect(parseCode('=HYPERLINK("http://x","y")', kind)).toMatchObject({
        ok: false,
        message: expect.stringContaining('looks like a formula'),
      });
    }
  });
});
