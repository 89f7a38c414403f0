import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * AWAL: the monthly CSV of the AWAL Workstation's Accounting statements (since October 2023), of
 * the same family as The Orchard's upper-case statement (both Sony): STATEMENT PERIOD, SALE
 * COUNTRY, STORE, ISRC, QUANTITY and NET SHARE ACCOUNT CURRENCY, plus the account and contract
 * columns and DISPLAY UPC, the release's barcode, the only code of an album row.
 */
export const AWAL: DistributorTemplate = {
  name: 'AWAL',
  versions: [
    {
      name: 'Workstation statement (net share, account currency)',
      headers: [
        'STATEMENT PERIOD',
        'ACCOUNT ID',
        'CONTRACT ID',
        'TRANSACTION DATE',
        'SALE COUNTRY',
        'STORE',
        'SERVICE DETAIL',
        'DISPLAY UPC',
        'ISRC',
        'QUANTITY',
        'NET SHARE ACCOUNT CURRENCY',
      ],
      decimalComma: false,
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'DISPLAY UPC', kind: 'upc' },
        ],
        title: cols('TRACK', 'PRODUCT'),
        artist: cols('TRACK ARTIST', 'PRODUCT ARTIST'),
        service: cols('STORE'),
        format: cols('TRANSACTION SUBTYPE', 'TRANSACTION TYPE'),
        territory: cols('SALE COUNTRY'),
        // The day the store counted the sale; STATEMENT PERIOD is the month AWAL accounted it.
        date: cols('TRANSACTION DATE', 'STATEMENT PERIOD'),
        units: cols('QUANTITY'),
        // The label's share after AWAL's; GROSS REVENUE ACCOUNT CURRENCY is before it.
        revenue: cols('NET SHARE ACCOUNT CURRENCY'),
        kind: { columns: ['TRANSACTION TYPE'], mechanicalWhen: ['Mechanical', 'Mechanicals'] },
        currency: cols('ACCOUNT CURRENCY'),
      },
    },
  ],
};
