import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jobStatuses, type JobStatus } from '../../api/adminLogs';
import { useServices } from '../app/ServicesContext';
import { useDebugMode } from '../app/useDebugMode';
import { useLoad } from '../app/useLoad';
import { formatDateTime } from '../format/formatters';
import { listJobs } from './adminDeskApi';
import { durationText, jobKindLabel, jobStatusLabel } from './deskLabels';
import { Pager } from './Pager';
import { LogFilters, type LogTabProps } from './StatementStepsTab';

/** SPEC section 7's admin status log: every run of the job queue with its attempts and error. */
export function JobsTab({ values, offset, set }: LogTabProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const debug = useDebugMode();
  const filters = useMemo(
    () => ({
      account: values.account.trim() || undefined,
      statement: values.statement.trim() || undefined,
      status: (jobStatuses as readonly string[]).includes(values.status)
        ? (values.status as JobStatus)
        : undefined,
    }),
    [values.account, values.statement, values.status],
  );
  const listed = useLoad(
    (signal) => listJobs(api, filters, offset, signal),
    [api, filters, offset],
  );
  return (
    <>
      <LogFilters
        values={values}
        set={set}
        jobStatuses={jobStatuses.map((status) => ({
          value: status,
          label: jobStatusLabel(t, status),
        }))}
      />
      {listed.data && (
        <Pager
          offset={offset}
          shown={listed.data.items.length}
          total={listed.data.total}
          onMove={(next) => set('offset', String(next))}
        />
      )}
      <table className="desk-table" aria-label={t('admin-desk.logs.jobs-table')}>
        <thead>
          <tr>
            <th scope="col">{t('admin-desk.logs.job')}</th>
            <th scope="col">{t('admin-desk.logs.statement')}</th>
            <th scope="col">{t('admin-desk.logs.job-status')}</th>
            <th scope="col">{t('admin-desk.logs.attempts')}</th>
            <th scope="col">{t('admin-desk.logs.started')}</th>
            <th scope="col">{t('admin-desk.logs.finished')}</th>
            <th scope="col">{t('admin-desk.logs.duration')}</th>
            <th scope="col">{t('admin-desk.logs.error')}</th>
          </tr>
        </thead>
        <tbody>
          {(listed.data?.items ?? []).map((job) => (
            <tr key={job.id} data-testid="log-job">
              <td>
                {jobKindLabel(t, job.kind)}
                {debug && <code className="desk-raw">{job.kind}</code>}
              </td>
              <td>
                {job.statementId ? (
                  <Link to={`/statements/${encodeURIComponent(job.statementId)}`}>
                    {job.statementTitle ?? job.statementId}
                  </Link>
                ) : (
                  '—'
                )}
                {job.accountName && <div className="desk-sub">{job.accountName}</div>}
              </td>
              <td className={`desk-job desk-job-${job.status}`}>{jobStatusLabel(t, job.status)}</td>
              <td>{job.attempts}</td>
              <td>{job.startedAt === null ? '—' : formatDateTime(job.startedAt)}</td>
              <td>{job.finishedAt === null ? '—' : formatDateTime(job.finishedAt)}</td>
              <td>{durationText(t, job.durationSeconds)}</td>
              <td>{job.error ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {listed.data?.items.length === 0 && <p className="page-note">{t('admin-desk.logs.empty')}</p>}
    </>
  );
}
