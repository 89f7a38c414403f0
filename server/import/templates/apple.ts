import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/** Apple's Sales and Trends report for music: tab-separated, a royalty price per unit. */
export const APPLE: DistributorTemplate = {
  name: 'Apple',
  versions: [
    {
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
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Title'),
        artist: cols('Artist / Show'),
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
      },
    },
  ],
};
