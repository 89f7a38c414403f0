import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/** Bandcamp's sales report (with item details): UTF-16LE, lower-case headers, one row per sale. */
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
      fields: {
        codes: [
          { column: 'isrc', kind: 'isrc' },
          { column: 'upc', kind: 'upc' },
          { column: 'catalog number', kind: 'custom' },
        ],
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
      },
    },
  ],
};
