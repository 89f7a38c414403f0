/**
 * The Product Guide and the FAQ of /help (SPEC section 2), as keyed sections: each has a title (a
 * question in the FAQ) and paragraphs, every text a key of the `help` locale section, so each
 * language is translated piece by piece and the search reads the same pieces.
 */
export interface HelpEntry {
  /** Stable anchor of the section, used in links (`/help#statement`). */
  id: string;
  titleKey: string;
  paragraphKeys: readonly string[];
}

export const GUIDE: readonly HelpEntry[] = [
  {
    id: 'overview',
    titleKey: 'help.guide-overview.title',
    paragraphKeys: ['help.guide-overview.p1', 'help.guide-overview.p2'],
  },
  {
    id: 'statement',
    titleKey: 'help.guide-statement.title',
    paragraphKeys: [
      'help.guide-statement.p1',
      'help.guide-statement.p2',
      'help.guide-statement.p3',
      'help.guide-statement.p4',
      'help.guide-statement.p5',
      'help.guide-statement.p6',
    ],
  },
  {
    id: 'splits',
    titleKey: 'help.guide-splits.title',
    paragraphKeys: ['help.guide-splits.p1', 'help.guide-splits.p2', 'help.guide-splits.p3'],
  },
  {
    id: 'conditional',
    titleKey: 'help.guide-conditional.title',
    paragraphKeys: ['help.guide-conditional.p1', 'help.guide-conditional.p2'],
  },
  {
    id: 'recoupments',
    titleKey: 'help.guide-recoupments.title',
    paragraphKeys: [
      'help.guide-recoupments.p1',
      'help.guide-recoupments.p2',
      'help.guide-recoupments.p3',
    ],
  },
  {
    id: 'payments',
    titleKey: 'help.guide-payments.title',
    paragraphKeys: ['help.guide-payments.p1', 'help.guide-payments.p2', 'help.guide-payments.p3'],
  },
  {
    id: 'accounts',
    titleKey: 'help.guide-accounts.title',
    paragraphKeys: ['help.guide-accounts.p1', 'help.guide-accounts.p2', 'help.guide-accounts.p3'],
  },
];

export const FAQ: readonly HelpEntry[] = [
  {
    id: 'held',
    titleKey: 'help.faq-held.question',
    paragraphKeys: ['help.faq-held.p1', 'help.faq-held.p2'],
  },
  {
    id: 'needs-attention',
    titleKey: 'help.faq-needs-attention.question',
    paragraphKeys: ['help.faq-needs-attention.p1', 'help.faq-needs-attention.p2'],
  },
  {
    id: 'limited',
    titleKey: 'help.faq-limited.question',
    paragraphKeys: ['help.faq-limited.p1'],
  },
  {
    id: 'cents',
    titleKey: 'help.faq-cents.question',
    paragraphKeys: ['help.faq-cents.p1', 'help.faq-cents.p2'],
  },
  {
    id: 'funds',
    titleKey: 'help.faq-funds.question',
    paragraphKeys: ['help.faq-funds.p1'],
  },
  {
    id: 'recalculate',
    titleKey: 'help.faq-recalculate.question',
    paragraphKeys: ['help.faq-recalculate.p1'],
  },
  {
    id: 'recouped',
    titleKey: 'help.faq-recouped.question',
    paragraphKeys: ['help.faq-recouped.p1'],
  },
  {
    id: 'arrival',
    titleKey: 'help.faq-arrival.question',
    paragraphKeys: ['help.faq-arrival.p1'],
  },
  {
    id: 'gross-net',
    titleKey: 'help.faq-gross-net.question',
    paragraphKeys: ['help.faq-gross-net.p1'],
  },
];
