import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * iMusician: the detailed sales report (Earnings > Statements > Download sales report, a .csv),
 * one row per release or track, shop, transaction type and country, in the account's currency
 * named in the revenue column's header ('Revenue EUR').
 */
export const IMUSICIAN: DistributorTemplate = {
  name: 'iMusician',
  versions: [
    {
      name: 'Sales report',
      headers: [
        'Sales Date',
        'Statement Date',
        'Barcode',
        'ISRC',
        'Shop',
        'Transaction Type',
        'Country',
        'Quantity',
        'Revenue {currency}',
      ],
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'Barcode', kind: 'upc' },
        ],
        title: cols('Track Title', 'Release title'),
        artist: cols('Artist'),
        service: cols('Shop'),
        format: cols('Transaction Type'),
        territory: cols('Country'),
        // The month the music was sold or streamed; the Statement Date is when iMusician booked it.
        date: cols('Sales Date', 'Statement Date'),
        units: cols('Quantity'),
        // What iMusician credited to the account for the row.
        revenue: cols('Revenue {currency}'),
        currency: { fromHeader: true },
      },
    },
  ],
};
