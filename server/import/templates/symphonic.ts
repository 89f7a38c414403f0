import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/** Symphonic's royalty statement CSV. */
export const SYMPHONIC: DistributorTemplate = {
  name: 'Symphonic',
  versions: [
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
