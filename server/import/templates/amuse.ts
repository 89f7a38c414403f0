import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * Amuse: the Financial Statement downloaded from the web app's Wallet (an .xlsx), one row per
 * transaction of the wallet: royalties credited (per service, release or track and royalty date)
 * and withdrawals debited, which are no sales.
 */
export const AMUSE: DistributorTemplate = {
  name: 'Amuse',
  versions: [
    {
      name: 'Financial statement (wallet transactions)',
      headers: [
        'Transaction date',
        'Type',
        'Source',
        'Royalty Date',
        'Service',
        'UPC',
        'ISRC',
        'Quantity',
        'Amount',
        'Split',
        'Total',
      ],
      decimalComma: false,
      // A withdrawal from the wallet is a debit, not a sale.
      nonSales: { columns: ['Type'], values: ['Debit', 'Debited'] },
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Track', 'Release'),
        artist: cols('Artist'),
        service: cols('Service'),
        format: cols('Source'),
        // The day of the stream, download or view; the transaction date is when it was credited.
        date: cols('Royalty Date', 'Transaction date'),
        units: cols('Quantity'),
        // After the account's splits (Amount is before them, Split the percentage kept).
        revenue: cols('Total'),
        // The wallet is kept in US dollars and the statement names no currency.
        currency: { constant: 'USD' },
      },
    },
  ],
};
