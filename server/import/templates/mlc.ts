import type { DistributorTemplate } from '../../../rules/templateSchema';
import { cols } from './columns';

/**
 * The MLC's (the US Mechanical Licensing Collective's) monthly royalty statement: tab-separated,
 * one row per musical work, digital service and use type (Work Summary), mechanical royalties in
 * US dollars. A work is not a recording: the member's own work identifier, else its ISWC, else
 * the MLC song code is the custom code, else the work title, matched to the catalog by title.
 */
export const THE_MLC: DistributorTemplate = {
  name: 'The MLC',
  versions: [
    {
      name: 'Royalty statement',
      headers: [
        'Work Primary Title',
        'Work Writer List',
        'DSP Name',
        'Usage Period Start Date',
        'Number of Usages',
        'Distributed Amount',
      ],
      delimiter: '\t',
      decimalComma: false,
      fields: {
        // A Royalty Detail statement names the recording's ISRC as well.
        codes: [
          { column: 'ISRC', kind: 'isrc' },
          { column: 'Member Song Identifier', kind: 'custom' },
          { column: 'ISWC', kind: 'custom' },
          { column: 'MLC Song Code', kind: 'custom' },
          { column: 'Work Primary Title', kind: 'title' },
        ],
        title: cols('Work Primary Title'),
        artist: cols('Recording Display Artist Name', 'Work Writer List'),
        service: cols('DSP Name'),
        // Interactive Streaming, Limited Download, Permanent Download: the keyword rule.
        format: cols('Use Type'),
        territory: cols('Territory'),
        date: cols('Usage Period Start Date'),
        units: cols('Number of Usages'),
        // What the MLC pays the member: the work's Royalty Amount times the member's Work
        // Payable %.
        revenue: cols('Distributed Amount'),
        kind: { constant: 'mechanical' },
        currency: { constant: 'USD' },
      },
    },
  ],
};
