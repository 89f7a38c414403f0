import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * Audius's sales report to a label or distributor that delivers to it: one row per purchase of
 * a track or an album, paid in USDC and reported in US dollars, with the period the report
 * covers on every row.
 */
export const AUDIUS: DistributorTemplate = {
  name: 'Audius',
  versions: [
    {
      name: 'Sales report',
      headers: [
        'Start_Date',
        'End_Date',
        'Sale_Date',
        'UPC',
        'ISRC',
        'DSP ID',
        'Country of sale',
        'Quantity',
        'Royalty per item',
        'Total royalty',
      ],
      delimiter: ',',
      decimalComma: false,
      fields: {
        // An album purchase carries the album's UPC and, usually, no ISRC.
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Track title', 'Album title'),
        artist: cols('Artist'),
        service: cols('Service'),
        format: cols('Sales type'),
        territory: cols('Country of sale'),
        // Sale_Date is written as milliseconds since 1970 (the CSV writer's default for a
        // date), which no statement date form reads: the sale is dated by the report's start.
        date: cols('Start_Date'),
        units: cols('Quantity'),
        // The seller's split of the purchase, in dollars (Royalty per item times Quantity).
        revenue: cols('Total royalty'),
        kind: { constant: 'sale' },
        currency: cols('Currency'),
      },
    },
  ],
};
