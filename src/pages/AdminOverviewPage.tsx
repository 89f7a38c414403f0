import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jobStatuses } from '../../api/adminLogs';
import type { OverviewError } from '../../api/adminOverview';
import { readOverview } from '../adminDesk/adminDeskApi';
import { errorSourceLabel, jobStatusLabel } from '../adminDesk/deskLabels';
import { useDebugMode } from '../app/useDebugMode';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDateTime } from '../format/formatters';
import { paymentStatusLabel } from '../payments/labels';
import type { PageProps } from '../routes/types';
import { StatusBadge } from '../statements/StatusBadge';
import '../adminDesk/adminDesk.css';
import './uikit.css';

/** Bytes in the reader's locale, in the largest unit that keeps them above 1. */
function sizeText(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    maximumFractionDigits: 1,
  }).format(value);
}

/** Where an error is acted on: its statement, or the job log of failed jobs. */
function ErrorItem({ error }: { error: OverviewError }) {
  const { t } = useTranslation();
  return (
    <li className="desk-error" data-testid="overview-error">
      <span className="desk-sub">
        {errorSourceLabel(t, error.source)}
        {error.at !== null && ` · ${formatDateTime(error.at)}`}
      </span>
      <span>{error.message}</span>
      {error.statementId ? (
        <Link to={`/statements/${encodeURIComponent(error.statementId)}`}>
          {error.statementTitle ?? error.statementId}
          {error.accountName && ` (${error.accountName})`}
        </Link>
      ) : (
        <Link to="/admin/logs?tab=jobs&status=failed">{t('admin-desk.overview.open-jobs')}</Link>
      )}
    </li>
  );
}

/** /admin/overview: the install at a glance, each figure linking to where it is acted on. */
export function AdminOverviewPage({ route }: PageProps) {
  const { t, i18n } = useTranslation();
  const debug = useDebugMode();
  const { api } = useServices();
  const overview = useLoad((signal) => readOverview(api, signal), [api]).data;
  return (
    <section className="page desk-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {overview && (
        <div className="desk-grid">
          <section className="card" aria-labelledby="overview-install">
            <h2 id="overview-install">{t('admin-desk.overview.install')}</h2>
            <dl className="facts">
              <dt>{t('admin-desk.overview.version')}</dt>
              <dd data-testid="overview-version">{overview.version}</dd>
              <dt>{t('admin-desk.overview.database')}</dt>
              <dd>
                {overview.database.kind === 'pglite'
                  ? t('admin-desk.overview.database-embedded')
                  : t('admin-desk.overview.database-server')}
              </dd>
              <dt>{t('admin-desk.overview.size')}</dt>
              <dd>{sizeText(overview.database.sizeBytes, i18n.language)}</dd>
              <dt>{t('admin-desk.overview.events')}</dt>
              <dd>
                <Link to="/admin/audit">{overview.events}</Link>
              </dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="overview-jobs">
            <h2 id="overview-jobs">{t('admin-desk.overview.jobs')}</h2>
            <dl className="facts">
              {jobStatuses.map((status) => (
                <div key={status} className="desk-fact">
                  <dt>{jobStatusLabel(t, status)}</dt>
                  <dd data-testid={`overview-jobs-${status}`}>
                    <Link to={`/admin/logs?tab=jobs&status=${status}`}>
                      {overview.jobs[status]}
                    </Link>
                  </dd>
                </div>
              ))}
            </dl>
            {overview.jobs.lastError && (
              <>
                <h3>{t('admin-desk.overview.last-job-error')}</h3>
                <ul className="desk-errors">
                  <ErrorItem error={overview.jobs.lastError} />
                </ul>
              </>
            )}
          </section>
          <section className="card" aria-labelledby="overview-statements">
            <h2 id="overview-statements">{t('admin-desk.overview.statements')}</h2>
            {overview.statements.length === 0 ? (
              <p className="page-note">{t('admin-desk.overview.none')}</p>
            ) : (
              <ul className="desk-counts">
                {overview.statements.map(({ status, count }) => (
                  <li key={status} data-testid="overview-statement-count">
                    <StatusBadge status={status} />
                    <Link to={`/admin/logs?status=${encodeURIComponent(status)}`}>{count}</Link>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/statements">{t('admin-desk.overview.open-statements')}</Link>
          </section>
          <section className="card" aria-labelledby="overview-payments">
            <h2 id="overview-payments">{t('admin-desk.overview.payments')}</h2>
            {overview.payments.length === 0 ? (
              <p className="page-note">{t('admin-desk.overview.none')}</p>
            ) : (
              <ul className="desk-counts">
                {overview.payments.map(({ status, count }) => (
                  <li key={status} data-testid="overview-payment-count">
                    <span>{paymentStatusLabel(t, status)}</span>
                    <span>{count}</span>
                  </li>
                ))}
              </ul>
            )}
            <Link to="/payments">{t('admin-desk.overview.open-payments')}</Link>
          </section>
          <section className="card" aria-labelledby="overview-outbox">
            <h2 id="overview-outbox">{t('admin-desk.overview.outbox')}</h2>
            <dl className="facts">
              <dt>{t('admin-desk.overview.mails')}</dt>
              <dd data-testid="overview-outbox-count">
                <Link to="/admin/logs?tab=outbox">{overview.outbox.count}</Link>
              </dd>
              <dt>{t('admin-desk.overview.unsent')}</dt>
              <dd>{overview.outbox.unsent}</dd>
              <dt>{t('admin-desk.overview.last-written')}</dt>
              <dd>
                {overview.outbox.lastWrittenAt === null
                  ? '—'
                  : formatDateTime(overview.outbox.lastWrittenAt)}
              </dd>
              <dt>{t('admin-desk.overview.last-sent')}</dt>
              <dd>
                {overview.outbox.lastSentAt === null
                  ? t('admin-desk.overview.never-sent')
                  : formatDateTime(overview.outbox.lastSentAt)}
              </dd>
            </dl>
          </section>
          <section className="card desk-wide" aria-labelledby="overview-errors">
            <h2 id="overview-errors">{t('admin-desk.overview.errors')}</h2>
            {overview.errors.length === 0 ? (
              <p className="page-note">{t('admin-desk.overview.no-errors')}</p>
            ) : (
              <ul className="desk-errors">
                {overview.errors.map((error, index) => (
                  <ErrorItem key={`${error.source}-${error.jobId ?? ''}-${index}`} error={error} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
      <div className="card">
        <h2>{t('admin.toolkit.title')}</h2>
        <ul className="toolkit-list">
          <li>
            <Link to="?modal=emulate">{t('admin.toolkit.emulate')}</Link>
          </li>
          <li>
            <Link to="/admin/account">{t('admin-account.toolkit.link')}</Link>
          </li>
          <li>
            <Link to="/admin/audit">{t('routes.admin-audit.title')}</Link>
          </li>
          <li>
            <Link to="/admin/logs">{t('routes.admin-logs.title')}</Link>
          </li>
          <li>
            <Link to="/admin/messages">{t('routes.admin-messages.title')}</Link>
          </li>
          {/* The widget gallery is for the people building the portal: in debug mode only. */}
          {debug && (
            <li>
              <Link to="/admin/uikit">{t('admin.toolkit.uikit')}</Link>
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}
