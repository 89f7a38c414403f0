/**
 * One meaning, one colour, on every page's badges:
 * - success: over, and as hoped (paid, completed, created);
 * - warning: waiting on a person (attention, funds, approval, a hold, a request);
 * - danger: it failed or was refused;
 * - neutral: under way, or over without an outcome to judge (syncing, scheduled, cancelled).
 */
export type Tone = 'success' | 'warning' | 'danger' | 'neutral';

const STATEMENT: Record<string, Tone> = {
  failed: 'danger',
  'needs-attention': 'warning',
  'waiting-for-funds': 'warning',
  'pending-approval': 'warning',
  ready: 'success',
  paid: 'success',
};

const PAYMENT: Record<string, Tone> = {
  held: 'warning',
  completed: 'success',
  failed: 'danger',
};

const RECOUPMENT: Record<string, Tone> = { closed: 'success' };

const PRODUCT_REQUEST: Record<string, Tone> = {
  requested: 'warning',
  created: 'success',
  refused: 'danger',
};

const TONES = {
  statement: STATEMENT,
  payment: PAYMENT,
  recoupment: RECOUPMENT,
  'product-request': PRODUCT_REQUEST,
} as const;

export type BadgeKind = keyof typeof TONES;

/** What a status of this kind means, as a tone; a status not named is neutral. */
export const toneOf = (kind: BadgeKind, status: string): Tone => TONES[kind][status] ?? 'neutral';

/** The class names of a badge of this tone. */
export const badgeClass = (tone: Tone): string => `badge-tone tone-${tone}`;
