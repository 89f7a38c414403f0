import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/** CD Baby's digital distribution sales report. */
export const CD_BABY: DistributorTemplate = {
  name: 'CD Baby',
  versions: [
    {
      // The layout seen in a public sample: tab-separated text, lower-case 'Isrc', 'Barcode'.
      name: 'Tab-separated sales report',
      headers: [
        'Report Date',
        'Sales Date',
        'Quantity',
        'Subtotal',
        'Isrc',
        'Barcode',
        'Album Name',
        'Artist Name',
        'Partner Name',
      ],
      delimiter: '\t',
      fields: {
        codes: [
          { column: 'Isrc', kind: 'isrc' },
          { column: 'Barcode', kind: 'upc' },
          { column: 'CDBabySku', kind: 'custom' },
        ],
        title: cols('Track Name', 'Album Name'),
        artist: cols('Artist Name'),
        service: cols('Partner Name'),
        format: cols('Transaction Type'),
        territory: cols('Delivery Country'),
        date: cols('Sales Date'),
        units: cols('Quantity'),
        revenue: cols('Subtotal'),
        kind: {
          columns: ['Transaction Type'],
          mechanicalWhen: ['Mechanical', 'Mechanical Royalty'],
        },
        currency: { constant: 'USD' },
      },
    },
    {
      name: 'Digital sales report',
      headers: [
        'Report Date',
        'Sales Date',
        'Partner',
        'Artist',
        'Album',
        'UPC',
        'Quantity',
        'Subtotal',
      ],
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Track', 'Album'),
        artist: cols('Artist'),
        service: cols('Partner'),
        format: cols('Transaction Type'),
        territory: cols('Country'),
        date: cols('Sales Date'),
        units: cols('Quantity'),
        revenue: cols('Subtotal'),
        kind: {
          columns: ['Transaction Type'],
          mechanicalWhen: ['Mechanical', 'Mechanical Royalty'],
        },
        currency: { constant: 'USD' },
      },
    },
  ],
};
