import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * Beatport's label sales statement: one row per purchase (a track, or a whole release), upper-case
 * snake_case columns, amounts in US dollars, three-letter territories, a refunded purchase as a
 * row of its own with SALE_TYPE `Void` and negative amounts, read as one unit returned.
 */
export const BEATPORT: DistributorTemplate = {
  name: 'Beatport',
  versions: [
    {
      name: 'Label sales statement',
      headers: [
        'PRODUCT_UPC',
        'PRODUCT_CATALOGUE_NUMBER',
        'TRACK_ISRC_CODE',
        'TERRITORY',
        'TRANSACTION_DATE',
        'CONTENT_TYPE',
        'NET_TOTAL',
        'SALE_TYPE',
      ],
      delimiter: ',',
      decimalComma: false,
      fields: {
        // A release purchase carries the UPC and no ISRC; older tracks carry neither, only the
        // release's catalogue number.
        codes: [
          { column: 'TRACK_ISRC_CODE', kind: 'isrc' },
          { column: 'PRODUCT_UPC', kind: 'upc' },
          { column: 'PRODUCT_CATALOGUE_NUMBER', kind: 'custom' },
        ],
        title: cols('TRACK_TITLE', 'RELEASE'),
        artist: cols('TRACK_ARTIST'),
        service: { constant: 'Beatport' },
        format: cols('FORMAT'),
        territory: cols('TERRITORY'),
        date: cols('TRANSACTION_DATE'),
        // Each row is one purchase. TRACK_COUNT is the number of tracks in the purchased release
        // (18 for an album sold once), never a quantity.
        units: { constant: '1' },
        // What the label is paid: the net content and WAV revenue less the mechanical and US tax
        // withholding (NET_TOTAL = NET_CONTENT_REVENUE + NET_WAV_REVENUE - WITHHELD_AMOUNT).
        revenue: cols('NET_TOTAL'),
        // A refunded purchase takes its unit back as well as its amount.
        sign: { columns: ['SALE_TYPE'], negativeWhen: ['Void'] },
        kind: { constant: 'sale' },
        currency: { constant: 'USD' },
        formatKind: { constant: 'download' },
      },
    },
  ],
};
