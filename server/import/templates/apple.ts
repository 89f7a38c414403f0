import type { DistributorTemplate, LayoutVersion } from '../../../rules/templateSchema';
import { cols } from './columns';

/** The fields of both Sales and Trends versions but the title's and artist's columns. */
const fieldsWith = (title: string, artist: string): LayoutVersion['fields'] => ({
  codes: [
    { column: 'ISRC', kind: 'isrc' },
    { column: 'UPC', kind: 'upc' },
  ],
  title: cols(title),
  artist: cols(artist),
  service: { constant: 'iTunes' },
  format: cols('Product Type Identifier'),
  territory: cols('Country Code'),
  date: cols('Begin Date'),
  units: cols('Units'),
  revenue: cols('Royalty Price'),
  revenuePerUnit: true,
  kind: { constant: 'sale' },
  currency: cols('Royalty Currency'),
  // This report is iTunes Store sales; Apple Music streams come in Apple's streams reports.
  formatKind: { constant: 'download' },
});

/** Apple's Sales and Trends report for music: tab-separated, a royalty price per unit. */
export const APPLE: DistributorTemplate = {
  name: 'Apple',
  versions: [
    {
      // The music report's own column names: 'Title / Episode / Season', 'Artist / Show'.
      name: 'iTunes Sales and Trends (Title / Episode / Season)',
      headers: [
        'Provider',
        'UPC',
        'ISRC',
        'Artist / Show',
        'Title / Episode / Season',
        'Units',
        'Royalty Price',
        'Begin Date',
        'Country Code',
        'Royalty Currency',
      ],
      delimiter: '\t',
      fields: fieldsWith('Title / Episode / Season', 'Artist / Show'),
    },
    {
      // The first template's 'Title' (the name the app report uses): kept for files written so.
      name: 'iTunes Sales and Trends',
      headers: [
        'Provider',
        'UPC',
        'ISRC',
        'Artist / Show',
        'Title',
        'Units',
        'Royalty Price',
        'Begin Date',
        'Country Code',
        'Royalty Currency',
      ],
      delimiter: '\t',
      fields: fieldsWith('Title', 'Artist / Show'),
    },
  ],
};
