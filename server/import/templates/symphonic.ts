import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/** Symphonic: the Earnings Detail CSV export of SymphonicMS, and the first template kept. */
export const SYMPHONIC: DistributorTemplate = {
  name: 'Symphonic',
  versions: [
    {
      // Reporting Period (JUN-25), UPC Code, ISRC Code, Digital Service Provider, Activity Period
      // (the month the sale happened, 'May 2025'), three-letter Territory, Sale or Void, Count and
      // Royalty ($US); a void is written with negative Count and Royalty.
      name: 'Earnings Detail export',
      headers: [
        'Reporting Period',
        'Label',
        'Release Name',
        'ISRC Code',
        'Digital Service Provider',
        'Territory',
        'Sale or Void',
        'Count',
        'Royalty ($US)',
      ],
      fields: {
        codes: [
          { column: 'ISRC Code', kind: 'isrc' },
          { column: 'UPC Code', kind: 'upc' },
          { column: 'Catalogue', kind: 'custom' },
        ],
        title: cols('Track Title', 'Release Name'),
        artist: cols('Track Artists', 'Release Artists'),
        service: cols('Digital Service Provider'),
        format: cols('Content Type', 'Delivery'),
        territory: cols('Territory'),
        // The sale month is the Activity Period; the Reporting Period is the month Symphonic
        // reported it in (later), read only for a file or row without an Activity Period.
        date: cols('Activity Period', 'Reporting Period'),
        units: cols('Count'),
        revenue: cols('Royalty ($US)'),
        kind: {
          columns: ['Content Type'],
          mechanicalWhen: ['Mechanical', 'Mechanicals', 'Mechanical Royalty'],
        },
        currency: { constant: 'USD' },
      },
    },
    {
      name: 'Royalty statement',
      headers: [
        'Reporting Period',
        'Store',
        'Country',
        'Artist',
        'Track Title',
        'UPC',
        'ISRC',
        'Quantity',
        'Royalty ({currency})',
      ],
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
          { column: 'Catalog #', kind: 'custom' },
        ],
        title: cols('Track Title', 'Release Title'),
        artist: cols('Artist'),
        service: cols('Store'),
        format: cols('Type'),
        territory: cols('Country'),
        date: cols('Sales Period', 'Reporting Period'),
        units: cols('Quantity'),
        revenue: cols('Royalty ({currency})'),
        kind: { columns: ['Type'], mechanicalWhen: ['Mechanical', 'Publishing'] },
        currency: { fromHeader: true },
      },
    },
  ],
};
