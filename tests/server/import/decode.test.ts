import { describe, expect, it } from 'vitest';
import { decideEncoding, decodeText } from '../../../server/import/decode';
import { UnreadableFileError } from '../../../server/import/types';
import { chunked } from './helpers';

async function decode(bytes: Buffer, chunkSize = 3, sampleBytes?: number) {
  const decoded = decodeText(chunked(bytes, chunkSize), sampleBytes ? { sampleBytes } : {});
  let text = '';
  for await (const chunk of decoded.chunks) text += chunk;
  return { text, encoding: decoded.encoding() };
}

describe('decodeText', () => {
  it('drops a UTF-8 BOM', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Café,1\n')]);
    expect(await decode(bytes)).toEqual({ text: 'Café,1\n', encoding: 'utf-8' });
  });

  it('reads ISO-8859-1 when the bytes are not UTF-8', async () => {
    expect(await decode(Buffer.from('Café;Zoé\n', 'latin1'))).toEqual({
      text: 'Café;Zoé\n',
      encoding: 'windows-1252',
    });
  });

  it('switches to windows-1252 when Latin-1 appears after an ASCII-only sample', async () => {
    const bytes = Buffer.concat([Buffer.from('a,b\n'.repeat(50)), Buffer.from('Café\n', 'latin1')]);
    const result = await decode(bytes, 16, 64);
    expect(result.text.endsWith('Café\n')).toBe(true);
    expect(result.encoding).toBe('windows-1252');
  });

  it('refuses invalid UTF-8 after real UTF-8 instead of replacing it', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Café\n'),
      Buffer.from('a\n'.repeat(100)),
      Buffer.from([0xe9, 0x0a]),
    ]);
    await expect(decode(bytes, 16, 32)).rejects.toThrow(UnreadableFileError);
  });

  it('refuses invalid UTF-8 after real UTF-8 in the same chunk or sample', async () => {
    // A bad byte far from a real UTF-8 character, both inside the sample and inside one chunk:
    // reading the whole file as windows-1252 would turn the "é" into "Ã©" without a word.
    const bytes = Buffer.concat([
      Buffer.from('Café\n'),
      Buffer.from('a\n'.repeat(40_000)),
      Buffer.from([0x41, 0xe9, 0x42, 0x0a]),
    ]);
    await expect(decode(bytes, bytes.length)).rejects.toThrow(/not valid UTF-8 text/);
    await expect(decode(bytes, bytes.length, 1024)).rejects.toThrow(/not valid UTF-8 text/);
    expect(decideEncoding(bytes).encoding).toBe('utf-8');
    // A Latin-1 byte first is still a Latin-1 file, whatever follows.
    const latin = Buffer.concat([Buffer.from('Zoé\n', 'latin1'), Buffer.from('Café\n')]);
    expect(decideEncoding(latin).encoding).toBe('windows-1252');
    // A UTF-8 character cut by the end of the sample is not a bad byte.
    const cut = Buffer.from('abc\u00e9').subarray(0, 4);
    expect(decideEncoding(cut).encoding).toBe('utf-8');
  });

  it('reads UTF-16LE with and without a BOM', async () => {
    const body = Buffer.from('Café\tZoë\n', 'utf16le');
    expect(await decode(Buffer.concat([Buffer.from([0xff, 0xfe]), body]))).toEqual({
      text: 'Café\tZoë\n',
      encoding: 'utf-16le',
    });
    expect(await decode(body)).toEqual({ text: 'Café\tZoë\n', encoding: 'utf-16le' });
  });

  it('reads a declared encoding as declared; only a byte order mark overrides it', () => {
    expect(decideEncoding(Buffer.from('a,b\n'), 'windows-1252').encoding).toBe('windows-1252');
    expect(decideEncoding(Buffer.from('a,b\n')).encoding).toBe('utf-8');
    expect(decideEncoding(Buffer.from('é,b\n'), 'windows-1251').encoding).toBe('windows-1251');
    const marked = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('é,b\n')]);
    expect(decideEncoding(marked, 'windows-1251')).toMatchObject({
      encoding: 'utf-8',
      bomLength: 3,
    });
  });

  it('refuses binary data', () => {
    expect(() => decideEncoding(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toThrow(
      /zip archive/,
    );
    expect(() => decideEncoding(Buffer.from([1, 2, 3, 4, 5, 0x41, 0x42, 7, 8, 0x10]))).toThrow(
      /binary/,
    );
  });
});
