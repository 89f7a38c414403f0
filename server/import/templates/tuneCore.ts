import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/** TuneCore's sales report CSV. */
export const TUNECORE: DistributorTemplate = {
  name: 'TuneCore',
  versions: [
    {
      name: 'Sales report',
      headers: [
        'Sales Period',
        'Store Name',
        'Country Of Sale',
        'Artist',
        'Release Title',
        'UPC',
        'Sales Type',
        '# Units Sold',
        'Total Earned',
      ],
      fields: {
        codes: [
          { column: 'Optional ISRC', kind: 'isrc' },
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Song Title', 'Release Title'),
        artist: cols('Artist'),
        service: cols('Store Name'),
        format: cols('Sales Type'),
        territory: cols('Country Of Sale'),
        date: cols('Sales Period'),
        units: cols('# Units Sold'),
        revenue: cols('Total Earned'),
        kind: {
          columns: ['Sales Type'],
          mechanicalWhen: ['Mechanical', 'Mechanicals', 'Publishing'],
        },
        currency: cols('Currency'),
      },
    },
  ],
};
