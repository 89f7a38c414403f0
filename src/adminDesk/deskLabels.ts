// Static translation keys of the desk's enums, so the locale check finds each.
import type { TFunction } from 'i18next';

const JOB_KIND_KEYS: Record<string, string> = {
  'statement.parse': 'admin-desk.job-kind.parse',
  'statement.calculate': 'admin-desk.job-kind.calculate',
  'statement.record-tables': 'admin-desk.job-kind.record-tables',
};

const JOB_STATUS_KEYS: Record<string, string> = {
  queued: 'admin-desk.job-status.queued',
  running: 'admin-desk.job-status.running',
  done: 'admin-desk.job-status.done',
  failed: 'admin-desk.job-status.failed',
};

const OUTCOME_KEYS: Record<string, string> = {
  ok: 'admin-desk.outcome.ok',
  failed: 'admin-desk.outcome.failed',
};

const ERROR_SOURCE_KEYS: Record<string, string> = {
  job: 'admin-desk.error-source.job',
  file: 'admin-desk.error-source.file',
  calculation: 'admin-desk.error-source.calculation',
};

const label = (keys: Record<string, string>, t: TFunction, value: string) => {
  const key = keys[value];
  return key ? t(key) : value;
};

export const jobKindLabel = (t: TFunction, kind: string) => label(JOB_KIND_KEYS, t, kind);
export const jobStatusLabel = (t: TFunction, status: string) => label(JOB_STATUS_KEYS, t, status);
export const outcomeLabel = (t: TFunction, outcome: string) => label(OUTCOME_KEYS, t, outcome);
export const errorSourceLabel = (t: TFunction, source: string) =>
  label(ERROR_SOURCE_KEYS, t, source);

/** A duration in seconds as the reader counts it: "42 s", "3 min 5 s", "2 h 10 min". */
export function durationText(t: TFunction, seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return t('admin-desk.duration.seconds', { s: seconds });
  if (seconds < 3600)
    return t('admin-desk.duration.minutes', { m: Math.floor(seconds / 60), s: seconds % 60 });
  return t('admin-desk.duration.hours', {
    h: Math.floor(seconds / 3600),
    m: Math.floor((seconds % 3600) / 60),
  });
}
