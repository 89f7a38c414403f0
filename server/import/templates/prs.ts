import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * PRS for Music's distribution statement (the UK society for songwriters, composers and
 * publishers): performance royalties per work and use, in pounds sterling, dates day first. A
 * work is not a recording: its ISWC, else the PRS work number (tune code), is the custom code,
 * else the work title, matched to the catalog by title. Shares (Share, IP1-IP4) are not record
 * fields; the amount is already the member's share.
 */
export const PRS_FOR_MUSIC: DistributorTemplate = {
  name: 'PRS for Music',
  versions: [
    {
      name: 'Distribution statement',
      headers: ['Record Number', 'CAE Number', 'Work Title', 'Amount (performance revenue)'],
      decimalComma: false,
      dateOrder: 'dmy',
      fields: {
        codes: [
          { column: 'ISWC', kind: 'custom' },
          { column: 'Work No', kind: 'custom' },
          { column: 'Work Title', kind: 'title' },
        ],
        title: cols('Work Title'),
        artist: cols('IP1', 'Member Name'),
        service: cols('Usage Narrative'),
        territory: cols('Territory'),
        date: cols('Perf Start Date'),
        // A statement without the performances column reads 0 units.
        units: { columns: ['Number of Perfs', 'Performances'], default: '0' },
        revenue: cols('Amount (performance revenue)'),
        // Performing right income; the portal's kinds are sale and mechanical.
        kind: { constant: 'sale' },
        currency: { constant: 'GBP' },
        formatKind: { constant: 'other' },
      },
    },
  ],
};
