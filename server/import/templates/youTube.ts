import type { DistributorTemplate, FieldMapping } from '../../../rules/templateSchema';
import { cols } from './columns';

/** The columns of the music asset revenue report, by name as the report writes them. */
const assetRevenueFields = (name: (studio: string, api: string) => string): FieldMapping => ({
  codes: [
    { column: name('ISRC', 'isrc'), kind: 'isrc' },
    { column: name('UPC', 'upc'), kind: 'upc' },
    { column: name('Custom ID', 'custom_id'), kind: 'custom' },
  ],
  title: cols(name('Asset Title', 'asset_title')),
  artist: cols(name('Artist', 'artist')),
  service: { constant: 'YouTube' },
  format: cols(name('Content Type', 'content_type'), name('Asset Type', 'asset_type')),
  territory: cols(name('Country', 'country')),
  date: cols(name('Day', 'day')),
  units: cols(name('Owned Views', 'owned_views')),
  // The partner's revenue (after YouTube's split), never the YouTube Revenue Split columns nor
  // the per-sale-type parts of the partner revenue.
  revenue: cols(name('Partner Revenue', 'partner_revenue')),
  kind: { constant: 'sale' },
  currency: { constant: 'USD' },
  formatKind: { constant: 'video' },
});

/**
 * YouTube's asset revenue report for music partners (Content ID ad revenue per asset, from
 * YouTube Studio Content Manager's Reports page, or the same report from the YouTube Reporting
 * API with its snake_case field names). Adjustment rows (backpay, spam deductions) are revenue
 * like any other row, negative when they deduct.
 */
export const YOUTUBE: DistributorTemplate = {
  name: 'YouTube',
  versions: [
    {
      name: 'Asset revenue report (music)',
      headers: ['Asset ID', 'ISRC', 'Owned Views', 'Partner Revenue'],
      decimalComma: false,
      fields: assetRevenueFields((studio) => studio),
    },
    {
      name: 'Asset revenue report (music, Reporting API)',
      headers: ['asset_id', 'isrc', 'owned_views', 'partner_revenue'],
      decimalComma: false,
      fields: assetRevenueFields((_studio, api) => api),
    },
  ],
};
