import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../server/import/decode';
import { detectEncoding } from '../../../server/import/detectEncoding';
import { decideEncoding } from '../../../server/import/decode';
import { previewStatementFile } from '../../../server/import/preview';
import { BANDCAMP, DISTROKID } from '../../../server/import/templates';
import type { DistributorTemplate } from '../../../rules/templateSchema';
import { chunked, fixture, parseFile, DISTROKID_HEADER, distroKidLine } from './helpers';

/** The text in a single-byte code page, byte by byte as TextDecoder reads that page. */
function inCodePage(text: string, encoding: string): Buffer {
  const decoder = new TextDecoder(encoding);
  const byteOf = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) byteOf.set(decoder.decode(Uint8Array.of(byte)), byte);
  return Buffer.from(
    [...text].map((char) => {
      const byte = byteOf.get(char);
      if (byte === undefined) throw new Error(`${char} is not in ${encoding}`);
      return byte;
    }),
  );
}

const TITLES = {
  French: ['Déjà Vu', 'Là-haut', 'Ça ira', 'Père Noël', 'Où est la fête'],
  Spanish: ['Señorita', 'Corazón partío', 'Canción', 'Año nuevo', '¿Dónde estás?'],
  German: ['Für Elise', 'Schöne Grüße', 'Über den Wolken', 'Mädchen', 'Straße'],
  Portuguese: ['Coração', 'Não sei', 'Saudade do sertão', 'Açaí', 'Ônibus'],
  Polish: [
    'Przeżyj to sam',
    'Dziwny jest ten świat',
    'Kocham cię jak Irlandię',
    'Wszystko się może zdarzyć',
    'Jolka, Jolka pamiętasz',
  ],
} as const;

/** The code pages each language's titles are written in by the programs that export them. */
const CODE_PAGES: Record<keyof typeof TITLES, string[]> = {
  French: ['windows-1252', 'latin1', 'iso-8859-15', 'utf-8'],
  Spanish: ['windows-1252', 'latin1', 'iso-8859-15', 'utf-8'],
  German: ['windows-1252', 'latin1', 'iso-8859-15', 'windows-1250', 'iso-8859-2', 'utf-8'],
  Portuguese: ['windows-1252', 'latin1', 'iso-8859-15', 'utf-8'],
  Polish: ['windows-1250', 'iso-8859-2', 'utf-8'],
};

const withEncoding = (
  template: DistributorTemplate,
  encoding: NonNullable<DistributorTemplate['versions'][number]['encoding']>,
): DistributorTemplate => ({
  ...template,
  versions: template.versions.map((version) => ({ ...version, encoding })),
});

describe('text encodings of statement files', () => {
  it('reads a Cyrillic windows-1251 file as Cyrillic, and is sure of it', async () => {
    const bytes = fixture('distrokid-cp1251.tsv');
    const guess = detectEncoding(bytes);
    expect(guess).toMatchObject({ encoding: 'windows-1251', sure: true });
    const { records, rowErrors, summary } = await parseFile('kino.tsv', bytes, DISTROKID);
    expect(rowErrors).toEqual([]);
    expect(records.map((record) => record.artist)).toContain('Кино');
    expect(records.map((record) => record.title)).toEqual([
      'Группа крови',
      'Звезда по имени Солнце',
      'Пачка сигарет',
      'Кукушка',
      'Хочешь?',
    ]);
    expect(summary.source).toEqual({ kind: 'text', delimiter: '\t', encoding: 'windows-1251' });
  });

  it('reads a declared encoding as declared, and the uploader’s choice over it', async () => {
    const bytes = fixture('distrokid-cp1251.tsv');
    const declared1252 = withEncoding(DISTROKID, 'windows-1252');
    // A layout that says windows-1252 is taken at its word: this is what it would garble.
    const asDeclared = await parseFile('kino.tsv', bytes, declared1252);
    expect(asDeclared.records[0]?.artist).toBe('Êèíî');
    const confirmed = await parseFile('kino.tsv', bytes, declared1252, {
      encoding: 'windows-1251',
    });
    expect(confirmed.records[0]?.artist).toBe('Кино');
    expect(confirmed.summary.source).toMatchObject({ encoding: 'windows-1251' });
  });

  it('reads a UTF-8 file whose first non-ASCII letters are Latin-1 ones as UTF-8', async () => {
    const bytes = fixture('distrokid-utf8-latin-first.tsv');
    const { records, summary } = await parseFile('latin.tsv', bytes, DISTROKID);
    expect(records.map((record) => record.artist)).toEqual(['Beyoncé', 'Motörhead', 'Кино']);
    expect(summary.source).toEqual({ kind: 'text', delimiter: '\t', encoding: 'utf-8' });
  });

  it('reads a UTF-8 file with a stray Latin-1 byte first as UTF-8, that byte as Latin-1, unsure', async () => {
    const bytes = fixture('distrokid-utf8-stray-latin1.tsv');
    const { records, summary } = await parseFile('stray.tsv', bytes, DISTROKID, { chunkSize: 5 });
    expect(records.map((record) => record.artist)).toEqual([
      'Beyoncé',
      'Beyoncé',
      'Motörhead',
      'Кино',
      'Кино',
      'Кино',
    ]);
    expect(summary.source).toEqual({
      kind: 'text',
      delimiter: '\t',
      encoding: 'utf-8',
      encodingSure: false,
      strayBytes: 1,
    });
  });

  it('reads UTF-16 with a BOM and without one', async () => {
    const marked = fixture('distrokid-utf16.tsv');
    for (const bytes of [marked, marked.subarray(2)]) {
      const { records, summary } = await parseFile('kino16.tsv', bytes, DISTROKID);
      expect(records[0]?.artist).toBe('Кино');
      expect(summary.source).toMatchObject({ encoding: 'utf-16le' });
    }
  });

  it('weighs the chunk where non-ASCII bytes first appear after an ASCII sample', async () => {
    const cyrillic = fixture('distrokid-cp1251.tsv').subarray(Buffer.byteLength(DISTROKID_HEADER));
    const ascii = Buffer.from(
      '2026-04-05\t2026-03\tSpotify\tAria Vale\tSong\tQZDM12600001\t\t1\t100\tSong\tUS\t0\t0.10\n'.repeat(
        40,
      ),
    );
    const bytes = Buffer.concat([Buffer.from(DISTROKID_HEADER), ascii, cyrillic]);
    const decoded = decodeText(chunked(bytes, 512), { sampleBytes: 1024 });
    let text = '';
    for await (const chunk of decoded.chunks) text += chunk;
    expect(text).toContain('Кино\tГруппа крови');
    expect(decoded.encoding()).toBe('windows-1251');
    expect(decoded.sure()).toBe(false);
  });

  it('is not sure of a short Latin sample that another code page reads as well', () => {
    const guess = detectEncoding(Buffer.from('Title\nCafé Zoé naïve\n', 'latin1'));
    expect(guess.sure).toBe(false);
    expect([guess.encoding, ...guess.alternatives]).toContain('windows-1252');
  });

  it('tries each encoding the layout versions declare on the header', async () => {
    const bytes = fixture('distrokid-cp1251.tsv');
    const [tabs, dated] = DISTROKID.versions;
    const mixed: DistributorTemplate = {
      ...DISTROKID,
      versions: [
        { ...dated!, encoding: 'utf-16le' },
        { ...tabs!, encoding: 'windows-1251' },
      ],
    };
    const { records, summary } = await parseFile('kino.tsv', bytes, mixed);
    expect(records[0]?.artist).toBe('Кино');
    expect(summary.source).toMatchObject({ encoding: 'windows-1251' });
  });

  // A DistroKid file in Latin-1 read as windows-1250 gave 'Déjŕ Vu' and 'Seńorita': among rows of
  // ASCII the detector's confidence is noise, and it ranked central European pages first.
  const cases = Object.entries(CODE_PAGES).flatMap(([language, pages]) =>
    pages.flatMap((page) =>
      [0, 60].map((asciiRows) => ({ language: language as keyof typeof TITLES, page, asciiRows })),
    ),
  );
  it.each(cases)(
    'reads $language titles written in $page, after $asciiRows rows of ASCII',
    async ({ language, page, asciiRows }) => {
      const titles = TITLES[language];
      const plain = Array.from({ length: asciiRows }, (_, i) => `Track ${i}`);
      const text =
        DISTROKID_HEADER +
        [...plain, ...titles]
          .map((title) =>
            distroKidLine({ earnings: '0.10' }).replace('\tSong\tQZ', `\t${title}\tQZ`),
          )
          .join('');
      const bytes =
        page === 'utf-8' || page === 'latin1' ? Buffer.from(text, page) : inCodePage(text, page);
      const { records, rowErrors } = await parseFile('statement.tsv', bytes, DISTROKID, {
        chunkSize: 4096,
      });
      expect(rowErrors).toEqual([]);
      expect(records.slice(asciiRows).map((record) => record.title)).toEqual(titles);
    },
  );
});

describe('one decision about a file’s encoding, the preview’s and the upload’s', () => {
  const utf16 = fixture('bandcamp.csv');
  const text = new TextDecoder('utf-16le').decode(utf16);
  const candidates = [
    { id: 'bandcamp', name: 'Bandcamp', template: BANDCAMP },
    { id: 'distrokid', name: 'DistroKid', template: DISTROKID },
  ];

  // Bandcamp writes UTF-16LE by default and UTF-8 when asked: the preview matched the UTF-8 file
  // and the upload then refused it as 'not valid UTF-16LE', the layout's declared encoding.
  it.each([
    ['ASCII', text],
    [
      'accented',
      text.replaceAll('Sea Glass', 'Sigur Rós').replaceAll('Quiet Harbour', 'Ágætis byrjun'),
    ],
  ])(
    'reads a Bandcamp file exported as UTF-8 (%s) in the preview and the upload alike',
    async (_, body) => {
      for (const bytes of [Buffer.from(body), Buffer.from(`\ufeff${body}`)]) {
        const preview = await previewStatementFile({ name: 'bandcamp.csv', bytes }, candidates);
        expect(preview).toMatchObject({ problem: null, encoding: 'utf-8', encodingSure: true });
        expect(preview.matches.map((match) => match.distributorId)).toEqual(['bandcamp']);
        const read = await parseFile('bandcamp.csv', bytes, BANDCAMP);
        const original = await parseFile('bandcamp.csv', utf16, BANDCAMP);
        expect(read.summary.source).toMatchObject({ encoding: 'utf-8' });
        expect(read.records.map((r) => [r.code, r.revenue, r.artist])).toEqual(
          original.records.map((r) => [r.code, r.revenue, body === text ? r.artist : 'Sigur Rós']),
        );
      }
    },
  );

  it('takes a layout’s encoding unless the bytes say otherwise', () => {
    const cyrillic = '2026-10-05,Кино,Группа крови,12,0.10\n';
    const cp1251 = fixture('distrokid-cp1251.tsv');
    const cases: [Buffer, string][] = [
      [Buffer.from('a,b\n'), 'windows-1251'],
      [cp1251, 'windows-1251'],
      [Buffer.from(cyrillic), 'utf-8'],
      [Buffer.from(cyrillic, 'utf16le'), 'utf-16le'],
      [Buffer.from(cyrillic, 'utf16le').swap16(), 'utf-16be'],
    ];
    expect(
      cases.map(([bytes]) => decideEncoding(bytes, undefined, 'windows-1251').encoding),
    ).toEqual(cases.map(([, encoding]) => encoding));
    // A UTF-16 layout: 8-bit text has no NUL, so the bytes are read as what they are.
    expect(
      decideEncoding(Buffer.from('date,net amount\n1/1/25,1.00\n'), undefined, 'utf-16le'),
    ).toMatchObject({
      encoding: 'utf-8',
    });
    expect(decideEncoding(Buffer.from(cyrillic, 'utf16le'), undefined, 'utf-16le').encoding).toBe(
      'utf-16le',
    );
    // The uploader's own choice stands (only a byte order mark overrides it).
    expect(decideEncoding(Buffer.from(cyrillic), 'windows-1251').encoding).toBe('windows-1251');
  });
});
