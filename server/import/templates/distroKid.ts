import type { DistributorTemplate, FormatKindSource } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * Song/Album says whether a track or a release was sold, not how: the store does. These stores
 * sell downloads; every other DistroKid store (Spotify, Apple Music, Deezer, YouTube…) streams.
 */
const STORE_FORMAT: FormatKindSource = {
  columns: ['Store'],
  download: ['iTunes', 'iTunes Store', 'Amazon MP3', 'Amazon (Downloads)', 'Beatport', '7digital'],
  otherwise: 'stream',
};

/** DistroKid's bank export: tab-separated, one row per store, month, country and track or album. */
export const DISTROKID: DistributorTemplate = {
  name: 'DistroKid',
  versions: [
    {
      name: 'Tab-separated bank export',
      headers: [
        'Reporting Date',
        'Sale Month',
        'Store',
        'Artist',
        'Title',
        'ISRC',
        'Quantity',
        'Earnings ({currency})',
      ],
      delimiter: '\t',
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Title'),
        artist: cols('Artist'),
        service: cols('Store'),
        format: cols('Song/Album'),
        territory: cols('Country of Sale'),
        date: cols('Sale Month'),
        units: cols('Quantity'),
        revenue: cols('Earnings ({currency})'),
        kind: { constant: 'sale' },
        currency: { fromHeader: true },
        formatKind: STORE_FORMAT,
      },
    },
    {
      // Since mid-2025 the export starts with Date Inserted and ends with Recoup (USD); the
      // Song/Album column is called Source Type in some files and keeps its old name in others.
      // Seen tab-separated and as quoted CSV, so the delimiter is detected.
      name: 'Bank export with Date Inserted (2025)',
      headers: [
        'Date Inserted',
        'Reporting Date',
        'Sale Month',
        'Store',
        'Artist',
        'Title',
        'ISRC',
        'Quantity',
        'Earnings ({currency})',
      ],
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Title'),
        artist: cols('Artist'),
        service: cols('Store'),
        format: cols('Source Type', 'Song/Album'),
        territory: cols('Country of Sale'),
        date: cols('Sale Month'),
        units: cols('Quantity'),
        revenue: cols('Earnings ({currency})'),
        kind: { constant: 'sale' },
        currency: { fromHeader: true },
        formatKind: STORE_FORMAT,
      },
    },
  ],
};
