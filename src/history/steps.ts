// A history as the viewer shows it: each event in the reader's words, with what it changed.
import type { HistoryEvent } from '../../api/history';

/** A value before or after a change: text, an amount (shown by the Money widget), or nothing. */
export type Shown = { text: string } | { amount: string; currency: string } | null;

export interface ChangeRow {
  /** What changed, in the reader's words. */
  field: string;
  before: Shown;
  after: Shown;
}

export interface HistoryStep {
  event: HistoryEvent;
  /** The event in the reader's words; its type is shown in debug mode only. */
  title: string;
  /** The filter this step falls under (an id of the history's categories). */
  category: string;
  changes: ChangeRow[];
  /** Where the thing stands after this event: a recoupment's balance, a payment's status. */
  standing?: { label: string; value: Shown };
  /** A developer's word for the standing (a machine state), shown in debug mode only. */
  debugNote?: string;
}

export interface Category {
  id: string;
  label: string;
}

export interface DescribedHistory {
  steps: HistoryStep[];
  categories: Category[];
}

export const text = (value: string | null | undefined): Shown =>
  value === null || value === undefined || value === '' ? null : { text: value };

export const money = (amount: string | null | undefined, currency: string): Shown =>
  amount === null || amount === undefined ? null : { amount, currency };

/** What a search matches of a step: its title, who did it, and every change's words. */
export function searchableText(step: HistoryStep): string {
  const shown = (value: Shown) =>
    value === null ? '' : 'text' in value ? value.text : `${value.amount} ${value.currency}`;
  return [
    step.title,
    step.event.actorName ?? '',
    step.standing ? `${step.standing.label} ${shown(step.standing.value)}` : '',
    ...step.changes.map((row) => `${row.field} ${shown(row.before)} ${shown(row.after)}`),
  ]
    .join(' ')
    .toLocaleLowerCase();
}

/** The steps a filter and a search leave, in history order. */
export function filterSteps(
  steps: readonly HistoryStep[],
  category: string,
  search: string,
): HistoryStep[] {
  const words = search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return steps.filter(
    (step) =>
      (category === '' || step.category === category) &&
      words.every((word) => searchableText(step).includes(word)),
  );
}

/** Any recorded value as text: strings as they are, anything else as its JSON. */
export const plainText = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);
