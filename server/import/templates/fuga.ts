import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/** FUGA's sales statement: one row per asset (track) or product (release). */
export const FUGA: DistributorTemplate = {
  name: 'FUGA',
  versions: [
    {
      name: 'Sales statement',
      headers: [
        'Sale Start date',
        'DSP',
        'Territory',
        'Product UPC',
        'Asset ISRC',
        'Asset Quantity',
        'Reported Royalty',
        'Currency',
      ],
      fields: {
        codes: [
          { column: 'Asset ISRC', kind: 'isrc' },
          { column: 'Product UPC', kind: 'upc' },
        ],
        title: cols('Asset Title', 'Product Title'),
        artist: cols('Asset Artist', 'Product Artist'),
        service: cols('DSP'),
        format: cols('Sale Type'),
        territory: cols('Territory'),
        date: cols('Sale Start date'),
        units: { columns: ['Asset Quantity', 'Product Quantity'], default: '0' },
        revenue: cols('Reported Royalty'),
        kind: { columns: ['Sale Type'], mechanicalWhen: ['Mechanical', 'Mechanicals'] },
        currency: cols('Currency'),
      },
    },
  ],
};
