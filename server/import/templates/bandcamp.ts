import type { DistributorTemplate, FieldMapping } from '../../../rules/templateSchema';
import { cols } from './columns';

/** Payouts (money sent to the seller) are rows of the sales report but no sale. */
const PAYOUTS = { columns: ['item type'], values: ['payout'] };

/** Both exports but the codes: lower-case headers, one row per sale. */
const fields = (codes: FieldMapping['codes']): FieldMapping => ({
  codes,
  title: cols('item name'),
  artist: cols('artist'),
  service: { constant: 'Bandcamp' },
  format: cols('item type'),
  territory: cols('country code', 'country'),
  date: cols('date'),
  units: cols('quantity'),
  // What the seller keeps after the payment processor's fee and Bandcamp's share;
  // 'amount you received' is only what reached the seller's PayPal for that sale
  // (0 when Bandcamp collected the money to cover its share).
  revenue: cols('net amount'),
  kind: { constant: 'sale' },
  currency: cols('currency'),
  // A digital item is a download; a package is a record, a tape or merchandise sent by post.
  formatKind: { columns: ['item type'], download: ['album', 'track'], physical: ['package'] },
});

/**
 * Bandcamp's sales report, UTF-16LE: with item details (catalog number, upc, isrc), and the
 * default export without them, whose rows name their item only: matched by title to the label's
 * catalog when the statement is read. Payout rows are left out and counted.
 */
export const BANDCAMP: DistributorTemplate = {
  name: 'Bandcamp',
  versions: [
    {
      name: 'Sales report',
      headers: [
        'date',
        'item type',
        'item name',
        'artist',
        'catalog number',
        'quantity',
        'net amount',
        'currency',
      ],
      encoding: 'utf-16le',
      nonSales: PAYOUTS,
      fields: fields([
        { column: 'isrc', kind: 'isrc' },
        { column: 'upc', kind: 'upc' },
        { column: 'catalog number', kind: 'custom' },
        { column: 'item name', kind: 'title' },
      ]),
    },
    {
      name: 'Sales report without item details',
      headers: ['date', 'item type', 'item name', 'artist', 'quantity', 'net amount', 'currency'],
      encoding: 'utf-16le',
      nonSales: PAYOUTS,
      fields: fields([{ column: 'item name', kind: 'title' }]),
    },
  ],
};
