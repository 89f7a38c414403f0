import { describe, expect, it } from 'vitest';
import { compileFormatKind, formatKindByKeyword } from '../../../../server/import/normalise/format';
import {
  APPLE,
  BANDCAMP,
  BELIEVE,
  CD_BABY,
  DISTROKID,
  FUGA,
  SYMPHONIC,
  THE_ORCHARD,
  TUNECORE,
  type DistributorTemplate,
} from '../../../../server/import/templates';
import type { FormatKind } from '../../../../server/import/types';
import { headerKey, templateProblems } from '../../../../rules/templateSchema';

/** The kind of one row given as { column: value }, read as the template's first layout reads it. */
function kindOf(template: DistributorTemplate, row: Record<string, string>): FormatKind {
  const { fields } = template.versions[0]!;
  const header = Object.keys(row).map(headerKey);
  const cells = Object.values(row);
  const columnsOf = (names: readonly string[]) =>
    names.map((name) => header.indexOf(headerKey(name))).filter((index) => index !== -1);
  const source = fields.format;
  const format =
    source === undefined
      ? ''
      : 'constant' in source
        ? source.constant
        : (columnsOf(source.columns)
            .map((index) => cells[index]!)
            .find((cell) => cell.trim() !== '') ?? '');
  return compileFormatKind(fields.formatKind, columnsOf)(cells, format.trim());
}

type Case = [row: Record<string, string>, kind: FormatKind];

const TABLE: [DistributorTemplate, Case[]][] = [
  [
    DISTROKID,
    [
      [{ Store: 'Spotify', 'Song/Album': 'Song' }, 'stream'],
      [{ Store: 'Apple Music', 'Song/Album': 'Song' }, 'stream'],
      [{ Store: 'YouTube (ContentID)', 'Song/Album': 'Song' }, 'stream'],
      [{ Store: 'Deezer', 'Song/Album': 'Album' }, 'stream'],
      [{ Store: 'iTunes', 'Song/Album': 'Song' }, 'download'],
      [{ Store: 'ITUNES', 'Song/Album': 'Album' }, 'download'],
      [{ Store: 'Amazon MP3', 'Song/Album': 'Album' }, 'download'],
    ],
  ],
  [
    TUNECORE,
    [
      [{ 'Sales Type': 'Streaming' }, 'stream'],
      [{ 'Sales Type': 'Download' }, 'download'],
      [{ 'Sales Type': 'Video' }, 'video'],
      [{ 'Sales Type': 'Mechanical' }, 'other'],
    ],
  ],
  [
    CD_BABY,
    [
      [{ 'Transaction Type': 'Stream' }, 'stream'],
      [{ 'Transaction Type': 'Album Download' }, 'download'],
      [{ 'Transaction Type': 'Track Download' }, 'download'],
      [{ 'Transaction Type': 'CD' }, 'physical'],
      [{ 'Transaction Type': 'Mechanical' }, 'other'],
    ],
  ],
  [
    THE_ORCHARD,
    [
      [{ 'Trans Type': 'Stream', 'Trans Type Description': 'Ad-Supported Stream' }, 'stream'],
      [{ 'Trans Type': 'Stream', 'Trans Type Description': 'Subscription Stream' }, 'stream'],
      [{ 'Trans Type': 'Download', 'Trans Type Description': 'Album Download' }, 'download'],
      [{ 'Trans Type': 'Download', 'Trans Type Description': '' }, 'download'],
      [{ 'Trans Type': 'Physical', 'Trans Type Description': 'Vinyl LP' }, 'physical'],
      [{ 'Trans Type': 'Mechanical', 'Trans Type Description': 'Mechanical Royalty' }, 'other'],
    ],
  ],
  [
    BELIEVE,
    [
      [{ 'Release type': 'Single', 'Sales Type': 'Streaming' }, 'stream'],
      [{ 'Release type': 'Album', 'Sales Type': 'Download' }, 'download'],
      [{ 'Release type': 'Video', 'Sales Type': 'Streaming' }, 'video'],
      [{ 'Release type': 'Single', 'Sales Type': 'Mechanical' }, 'other'],
    ],
  ],
  [
    FUGA,
    [
      [{ 'Sale Type': 'Stream' }, 'stream'],
      [{ 'Sale Type': 'Download' }, 'download'],
      [{ 'Sale Type': 'Mechanical' }, 'other'],
    ],
  ],
  [
    SYMPHONIC,
    [
      [{ 'Content Type': 'Audio Stream', Delivery: 'Streaming' }, 'stream'],
      [{ 'Content Type': 'Track Download', Delivery: 'Download' }, 'download'],
      [{ 'Content Type': '', Delivery: 'Streaming' }, 'stream'],
      [{ 'Content Type': 'Mechanical Royalty', Delivery: 'Mechanical' }, 'other'],
      [{ 'Content Type': 'UGC', Delivery: 'Streaming' }, 'other'],
    ],
  ],
  [
    BANDCAMP,
    [
      [{ 'item type': 'track' }, 'download'],
      [{ 'item type': 'album' }, 'download'],
      [{ 'item type': 'package' }, 'physical'],
      [{ 'item type': 'payout' }, 'other'],
    ],
  ],
  [
    APPLE,
    [
      [{ 'Product Type Identifier': 'S' }, 'download'],
      [{ 'Product Type Identifier': 'A' }, 'download'],
    ],
  ],
];

describe('format kinds of each shipped template', () => {
  for (const [template, cases] of TABLE) {
    it(template.name, () => {
      expect(cases.map(([row]) => kindOf(template, row))).toEqual(cases.map(([, kind]) => kind));
    });
  }
});

describe('a template rule', () => {
  const columnsOf = (names: readonly string[]) =>
    names.map((name) => ['store', 'type'].indexOf(name.toLowerCase()));

  it('lets the first listed column whose value is listed decide, case and spaces ignored', () => {
    const read = compileFormatKind(
      { columns: ['Store', 'Type'], download: ['iTunes'], video: ['video'] },
      columnsOf,
    );
    expect(read([' ITUNES ', 'Video'], 'x')).toBe('download');
    expect(read(['Spotify', 'VIDEO'], 'x')).toBe('video');
  });

  it('falls back on otherwise, else on keywords in the format text', () => {
    const rule = { columns: ['Store'], download: ['iTunes'] };
    expect(compileFormatKind(rule, columnsOf)(['Tidal', ''], 'Subscription Stream')).toBe('stream');
    expect(
      compileFormatKind({ ...rule, otherwise: 'stream' }, columnsOf)(['Tidal', ''], 'Song'),
    ).toBe('stream');
    expect(compileFormatKind({ constant: 'physical' }, columnsOf)(['x', 'y'], 'Song')).toBe(
      'physical',
    );
  });
});

describe('a template with a broken rule', () => {
  it('says what is wrong', () => {
    const withRule = (formatKind: unknown) => ({
      ...DISTROKID,
      versions: [
        { ...DISTROKID.versions[0]!, fields: { ...DISTROKID.versions[0]!.fields, formatKind } },
      ],
    });
    expect(templateProblems(withRule({ constant: 'cassette' }))).toEqual([
      'Version 1: fields.formatKind.constant must be one of stream, download, physical, video, other',
    ]);
    expect(
      templateProblems(withRule({ columns: ['Store'], stream: 'Spotify', otherwise: 'x' })),
    ).toEqual([
      'Version 1: fields.formatKind.stream must be a list of values',
      'Version 1: fields.formatKind.otherwise must be one of stream, download, physical, video, other',
    ]);
    expect(templateProblems(withRule({ download: ['iTunes'] }))).toEqual([
      'Version 1: fields.formatKind must be { constant } or { columns: [...], <kind>: [values] }',
    ]);
  });
});

describe('the keyword classification of a template without a rule', () => {
  it.each([
    ['Stream', 'stream'],
    ['Ad-Supported Streams', 'stream'],
    ['STREAMING', 'stream'],
    ['Video Stream', 'stream'],
    ['Album Download', 'download'],
    ['Music Video', 'video'],
    ['Vinyl LP', 'physical'],
    ['CD', 'physical'],
    ['Physical', 'physical'],
    ['CDBaby Sku', 'other'],
    ['Song', 'other'],
    ['Album', 'other'],
    ['', 'other'],
  ] as const)('%s is %s', (raw, kind) => {
    expect(formatKindByKeyword(raw)).toBe(kind);
  });
});
