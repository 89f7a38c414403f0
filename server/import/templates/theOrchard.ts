import type { DistributorTemplate, FieldMapping } from '../../../rules/templateSchema';
import { cols } from './columns';

/** The Label Share Net Receipts layout, the same columns with either separator. */
const ORCHARD_NET_RECEIPTS_FIELDS: FieldMapping = {
  codes: [
    { column: 'ISRC', kind: 'isrc' },
    { column: 'Orchard UPC', kind: 'upc' },
    { column: 'Product UPC', kind: 'upc' },
  ],
  title: cols('Track Name', 'Release Name', 'Product Name'),
  artist: cols('Track Artist', 'Artist Name'),
  service: cols('DMS', 'Retailer'),
  format: cols('Trans Type Description', 'Trans Type'),
  territory: cols('Territory'),
  date: cols('Activity Period', 'Period'),
  units: cols('Quantity'),
  revenue: cols('Label Share Net Receipts'),
  kind: { columns: ['Trans Type'], mechanicalWhen: ['Mechanical', 'Mechanicals'] },
  currency: cols('Preferred Currency', 'Currency'),
};

/**
 * The Orchard: the Label Share Net Receipts statement (semicolons and decimal commas for European
 * accounts, commas otherwise), and the older semicolon and upper-case layouts kept from before.
 */
export const THE_ORCHARD: DistributorTemplate = {
  name: 'The Orchard',
  versions: [
    {
      // The newer upper-case statement: a UTF-8 BOM, STATEMENT PERIOD, SALE COUNTRY (ISO official
      // short names such as 'Viet Nam'), STORE, NET SHARE ACCOUNT CURRENCY with a dollar sign and
      // negatives in parentheses ('($1.23)'), ORIGINAL STATEMENT PERIOD written day first.
      name: 'Upper-case statement (net share, account currency)',
      headers: [
        'STATEMENT PERIOD',
        'SALE COUNTRY',
        'STORE',
        'ISRC',
        'QUANTITY',
        'NET SHARE ACCOUNT CURRENCY',
      ],
      decimalComma: false,
      dateOrder: 'dmy',
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
          { column: 'PRODUCT UPC', kind: 'upc' },
          // The release's barcode in the family's newer files (AWAL's among them): an album row's
          // only code.
          { column: 'DISPLAY UPC', kind: 'upc' },
        ],
        title: cols('TRACK NAME', 'TRACK TITLE', 'RELEASE NAME', 'PRODUCT NAME'),
        artist: cols('TRACK ARTIST', 'ARTIST NAME', 'ARTIST'),
        service: cols('STORE'),
        format: cols('TRANS TYPE DESCRIPTION', 'TRANS TYPE', 'SALE TYPE'),
        territory: cols('SALE COUNTRY'),
        date: cols('STATEMENT PERIOD'),
        units: cols('QUANTITY'),
        revenue: cols('NET SHARE ACCOUNT CURRENCY'),
        kind: {
          columns: ['TRANS TYPE', 'SALE TYPE'],
          mechanicalWhen: ['MECHANICAL', 'MECHANICALS'],
        },
        currency: cols('ACCOUNT CURRENCY', 'CURRENCY'),
      },
    },
    {
      // Period (2017M10) and Activity Period, Label Share Net Receipts, Preferred Currency;
      // European accounts get semicolons and decimal commas.
      name: 'Label Share Net Receipts, semicolons (decimal comma)',
      headers: ['Period', 'Territory', 'ISRC', 'Quantity', 'Label Share Net Receipts'],
      delimiter: ';',
      decimalComma: true,
      fields: ORCHARD_NET_RECEIPTS_FIELDS,
    },
    {
      name: 'Label Share Net Receipts, commas',
      headers: ['Period', 'Territory', 'ISRC', 'Quantity', 'Label Share Net Receipts'],
      delimiter: ',',
      fields: ORCHARD_NET_RECEIPTS_FIELDS,
    },
    {
      name: 'Semicolon layout (decimal comma)',
      headers: [
        'Period',
        'DMS',
        'Territory',
        'UPC',
        'ISRC',
        'Artist Name',
        'Quantity',
        'Net Receipts',
        'Currency',
      ],
      delimiter: ';',
      decimalComma: true,
      dateOrder: 'dmy',
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Track Name', 'Release Name'),
        artist: cols('Artist Name'),
        service: cols('DMS'),
        format: cols('Trans Type'),
        territory: cols('Territory'),
        date: cols('Period'),
        units: cols('Quantity'),
        revenue: cols('Net Receipts'),
        kind: { columns: ['Trans Type'], mechanicalWhen: ['Mechanical', 'Mechanicals'] },
        currency: cols('Currency'),
      },
    },
    {
      name: 'Upper-case layout',
      headers: [
        'REPORTING PERIOD',
        'DMS',
        'TERRITORY',
        'UPC',
        'ISRC',
        'ARTIST NAME',
        'QUANTITY',
        'LABEL SHARE NET RECEIPTS',
        'CURRENCY',
      ],
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('TRACK NAME', 'RELEASE NAME'),
        artist: cols('ARTIST NAME'),
        service: cols('DMS'),
        format: cols('TRANS TYPE DESCRIPTION', 'TRANS TYPE'),
        territory: cols('TERRITORY'),
        date: cols('TRANSACTION DATE', 'REPORTING PERIOD'),
        units: cols('QUANTITY'),
        revenue: cols('LABEL SHARE NET RECEIPTS'),
        kind: { columns: ['TRANS TYPE'], mechanicalWhen: ['MECHANICAL', 'MECHANICALS'] },
        currency: cols('CURRENCY'),
      },
    },
  ],
};
