import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/** Believe's sales report: semicolon-separated. */
export const BELIEVE: DistributorTemplate = {
  name: 'Believe',
  versions: [
    {
      name: 'Sales report',
      headers: [
        'Reporting month',
        'Sales Month',
        'Platform',
        'Artist Name',
        'Track title',
        'UPC',
        'ISRC',
        'Quantity',
        'Net Revenue',
      ],
      delimiter: ';',
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
          { column: 'Release Catalog nb', kind: 'custom' },
        ],
        title: cols('Track title', 'Release title'),
        artist: cols('Artist Name'),
        service: cols('Platform'),
        format: cols('Sales Type'),
        // Written both ways in real files.
        territory: cols('Country / Region', 'Country/Region'),
        date: cols('Sales Month'),
        units: cols('Quantity'),
        revenue: cols('Net Revenue'),
        kind: { columns: ['Sales Type'], mechanicalWhen: ['Mechanical', 'Mechanical royalties'] },
        currency: cols('Client Payment Currency'),
        // Sales Type says Streaming for a YouTube video too; Release type tells the video apart.
        formatKind: { columns: ['Release type'], video: ['Video'] },
      },
    },
  ],
};
