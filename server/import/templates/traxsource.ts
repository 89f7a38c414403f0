import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * Traxsource's monthly label royalty statement (its "Text/CSV" download): one row per track or
 * release, territory and bit rate, amounts in US dollars, followed by a summary block of one-cell
 * lines (purchases, label net, mechanicals withheld, period total, "All values are in US
 * Dollars").
 */
export const TRAXSOURCE: DistributorTemplate = {
  name: 'Traxsource',
  versions: [
    {
      name: 'Label royalty statement',
      headers: [
        'Label',
        'Period',
        'UPC - EAN',
        'Catalog Number',
        'ISRC',
        'Trans %',
        'Mechanical Withholding',
        'Unit Rate',
        'Qty',
        'Amount Due',
      ],
      delimiter: ',',
      decimalComma: false,
      // The summary block after the sales: each line is one cell, its label first.
      totalRows: {
        startsWith: [
          'Traxsource Royalty Statement',
          'Company',
          'Period',
          'Purchases',
          'Voided Discrepancies',
          'Total Purchases',
          'Label Net',
          'Voided Amount',
          'Mechanicals Withheld',
          'Tax',
          'Period Total',
          'Adjustments',
          'Previous Unpaid Statements',
          'Due to Date',
          '**',
          'Total',
        ],
      },
      fields: {
        // A whole-release purchase has no ISRC, only the release's UPC; some older releases
        // have no UPC either, only the label's catalogue number.
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC - EAN', kind: 'upc' },
          { column: 'Catalog Number', kind: 'custom' },
        ],
        title: cols('Track Title', 'Release Title'),
        artist: cols('Track Artist', 'Release Artist'),
        service: { constant: 'Traxsource' },
        format: cols('Bitrate'),
        territory: cols('Territory'),
        date: cols('Period'),
        units: cols('Qty'),
        // What the label is paid: price less Traxsource's transaction share, times the label's
        // percentage, less the mechanicals withheld outside the US (their sum is the Period
        // Total). Unit Rate is that per unit, rounded to 3 places.
        revenue: cols('Amount Due'),
        kind: { constant: 'sale' },
        currency: { constant: 'USD' },
        formatKind: { constant: 'download' },
      },
    },
  ],
};
