import type { DistributorTemplate, FieldMapping } from './templateSchema';

export type {
  CurrencySource,
  DistributorTemplate,
  FieldMapping,
  FieldSource,
  KindSource,
  LayoutVersion,
} from './templateSchema';
export { templateProblems, validateTemplate } from './templateSchema';

const cols = (...columns: string[]) => ({ columns });

/** DistroKid's bank export: tab-separated, one row per store, month, country and track or album. */
export const DISTROKID: DistributorTemplate = {
  name: 'DistroKid',
  versions: [
    {
      name: 'Tab-separated bank export',
      headers: [
        'Reporting Date',
        'Sale Month',
        'Store',
        'Artist',
        'Title',
        'ISRC',
        'Quantity',
        'Earnings ({currency})',
      ],
      delimiter: '\t',
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Title'),
        artist: cols('Artist'),
        service: cols('Store'),
        format: cols('Song/Album'),
        territory: cols('Country of Sale'),
        date: cols('Sale Month'),
        units: cols('Quantity'),
        revenue: cols('Earnings ({currency})'),
        kind: { constant: 'sale' },
        currency: { fromHeader: true },
      },
    },
    {
      // Since mid-2025 the export starts with Date Inserted and ends with Recoup (USD); the
      // Song/Album column is called Source Type in some files and keeps its old name in others.
      // Seen tab-separated and as quoted CSV, so the delimiter is detected.
      name: 'Bank export with Date Inserted (2025)',
      headers: [
        'Date Inserted',
        'Reporting Date',
        'Sale Month',
        'Store',
        'Artist',
        'Title',
        'ISRC',
        'Quantity',
        'Earnings ({currency})',
      ],
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Title'),
        artist: cols('Artist'),
        service: cols('Store'),
        format: cols('Source Type', 'Song/Album'),
        territory: cols('Country of Sale'),
        date: cols('Sale Month'),
        units: cols('Quantity'),
        revenue: cols('Earnings ({currency})'),
        kind: { constant: 'sale' },
        currency: { fromHeader: true },
      },
    },
  ],
};

/** TuneCore's sales report CSV. */
export const TUNECORE: DistributorTemplate = {
  name: 'TuneCore',
  versions: [
    {
      name: 'Sales report',
      headers: [
        'Sales Period',
        'Store Name',
        'Country Of Sale',
        'Artist',
        'Release Title',
        'UPC',
        'Sales Type',
        '# Units Sold',
        'Total Earned',
      ],
      fields: {
        codes: [
          { column: 'Optional ISRC', kind: 'isrc' },
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Song Title', 'Release Title'),
        artist: cols('Artist'),
        service: cols('Store Name'),
        format: cols('Sales Type'),
        territory: cols('Country Of Sale'),
        date: cols('Sales Period'),
        units: cols('# Units Sold'),
        revenue: cols('Total Earned'),
        kind: {
          columns: ['Sales Type'],
          mechanicalWhen: ['Mechanical', 'Mechanicals', 'Publishing'],
        },
        currency: cols('Currency'),
      },
    },
  ],
};

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

/**
 * The Orchard: the Label Share Net Receipts statement (semicolons and decimal commas for European
 * accounts, commas otherwise), and the older semicolon and upper-case layouts kept from before.
 */
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

export const THE_ORCHARD: DistributorTemplate = {
  name: 'The Orchard',
  versions: [
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
      encoding: 'windows-1252',
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

/** Believe's sales report: semicolon-separated. */
export const BELIEVE: DistributorTemplate = {
  name: 'Believe',
  versions: [
    {
      name: 'Sales report',
      headers: [
        'Reporting month',
        'Sales Month',
        'Platform',
        'Artist Name',
        'Track title',
        'UPC',
        'ISRC',
        'Quantity',
        'Net Revenue',
      ],
      delimiter: ';',
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
          { column: 'Release Catalog nb', kind: 'custom' },
        ],
        title: cols('Track title', 'Release title'),
        artist: cols('Artist Name'),
        service: cols('Platform'),
        format: cols('Sales Type'),
        // Written both ways in real files.
        territory: cols('Country / Region', 'Country/Region'),
        date: cols('Sales Month'),
        units: cols('Quantity'),
        revenue: cols('Net Revenue'),
        kind: { columns: ['Sales Type'], mechanicalWhen: ['Mechanical', 'Mechanical royalties'] },
        currency: cols('Client Payment Currency'),
      },
    },
  ],
};

/** FUGA's sales statement: one row per asset (track) or product (release). */
export const FUGA: DistributorTemplate = {
  name: 'FUGA',
  versions: [
    {
      name: 'Sales statement',
      headers: [
        'Sale Start date',
        'DSP',
        'Territory',
        'Product UPC',
        'Asset ISRC',
        'Asset Quantity',
        'Reported Royalty',
        'Currency',
      ],
      fields: {
        codes: [
          { column: 'Asset ISRC', kind: 'isrc' },
          { column: 'Product UPC', kind: 'upc' },
        ],
        title: cols('Asset Title', 'Product Title'),
        artist: cols('Asset Artist', 'Product Artist'),
        service: cols('DSP'),
        format: cols('Sale Type'),
        territory: cols('Territory'),
        date: cols('Sale Start date'),
        units: { columns: ['Asset Quantity', 'Product Quantity'], default: '0' },
        revenue: cols('Reported Royalty'),
        kind: { columns: ['Sale Type'], mechanicalWhen: ['Mechanical', 'Mechanicals'] },
        currency: cols('Currency'),
      },
    },
  ],
};

/** Symphonic's royalty statement CSV. */
export const SYMPHONIC: DistributorTemplate = {
  name: 'Symphonic',
  versions: [
    {
      name: 'Royalty statement',
      headers: [
        'Reporting Period',
        'Store',
        'Country',
        'Artist',
        'Track Title',
        'UPC',
        'ISRC',
        'Quantity',
        'Royalty ({currency})',
      ],
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
          { column: 'Catalog #', kind: 'custom' },
        ],
        title: cols('Track Title', 'Release Title'),
        artist: cols('Artist'),
        service: cols('Store'),
        format: cols('Type'),
        territory: cols('Country'),
        date: cols('Sales Period', 'Reporting Period'),
        units: cols('Quantity'),
        revenue: cols('Royalty ({currency})'),
        kind: { columns: ['Type'], mechanicalWhen: ['Mechanical', 'Publishing'] },
        currency: { fromHeader: true },
      },
    },
  ],
};

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
      },
    },
  ],
};

/** Apple's Sales and Trends report for music: tab-separated, a royalty price per unit. */
export const APPLE: DistributorTemplate = {
  name: 'Apple',
  versions: [
    {
      name: 'iTunes Sales and Trends',
      headers: [
        'Provider',
        'UPC',
        'ISRC',
        'Artist / Show',
        'Title',
        'Units',
        'Royalty Price',
        'Begin Date',
        'Country Code',
        'Royalty Currency',
      ],
      delimiter: '\t',
      fields: {
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'UPC', kind: 'upc' },
        ],
        title: cols('Title'),
        artist: cols('Artist / Show'),
        service: { constant: 'iTunes' },
        format: cols('Product Type Identifier'),
        territory: cols('Country Code'),
        date: cols('Begin Date'),
        units: cols('Units'),
        revenue: cols('Royalty Price'),
        revenuePerUnit: true,
        kind: { constant: 'sale' },
        currency: cols('Royalty Currency'),
      },
    },
  ],
};

/** The templates every install ships, under each distributor's own name. */
export const SHIPPED_TEMPLATES: readonly DistributorTemplate[] = [
  DISTROKID,
  TUNECORE,
  CD_BABY,
  THE_ORCHARD,
  BELIEVE,
  FUGA,
  SYMPHONIC,
  BANDCAMP,
  APPLE,
];
