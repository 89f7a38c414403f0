import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../app/ServicesContext';
import { useDebugMode } from '../app/useDebugMode';
import { useLoad } from '../app/useLoad';
import { formatDateTime } from '../format/formatters';
import { STATUS_KEYS } from '../statements/pipeline';
import { StatusBadge } from '../statements/StatusBadge';
import { SelectField } from '../widgets/SelectField';
import { TextInput } from '../widgets/TextInput';
import { listStatementLog } from './adminDeskApi';
import { durationText, outcomeLabel } from './deskLabels';
import { eventLabelKey } from './eventLabels';
import { Pager } from './Pager';

/** What each log tab of the desk takes: its filters from the address, and how to change them. */
export interface LogTabProps {
  values: { account: string; statement: string; status: string };
  offset: number;
  set: (name: 'account' | 'statement' | 'status' | 'offset', value: string) => void;
}

/** SPEC section 7's admin statement log: every pipeline step of every statement, timed. */
export function StatementStepsTab({ values, offset, set }: LogTabProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const debug = useDebugMode();
  const filters = useMemo(
    () => ({
      account: values.account.trim() || undefined,
      statement: values.statement.trim() || undefined,
      status: values.status || undefined,
    }),
    [values.account, values.statement, values.status],
  );
  const listed = useLoad(
    (signal) => listStatementLog(api, filters, offset, signal),
    [api, filters, offset],
  );
  return (
    <>
      <LogFilters values={values} set={set} statuses />
      {listed.data && (
        <Pager
          offset={offset}
          shown={listed.data.items.length}
          total={listed.data.total}
          onMove={(next) => set('offset', String(next))}
        />
      )}
      <table className="desk-table" aria-label={t('admin-desk.logs.steps-table')}>
        <thead>
          <tr>
            <th scope="col">{t('admin-desk.logs.at')}</th>
            <th scope="col">{t('admin-desk.logs.statement')}</th>
            <th scope="col">{t('admin-desk.logs.step')}</th>
            <th scope="col">{t('admin-desk.logs.duration')}</th>
            <th scope="col">{t('admin-desk.logs.outcome')}</th>
            <th scope="col">{t('admin-desk.logs.status-after')}</th>
          </tr>
        </thead>
        <tbody>
          {(listed.data?.items ?? []).map((step) => (
            <tr key={step.seq} data-testid="log-step">
              <td>{formatDateTime(step.at)}</td>
              <td>
                <Link to={`/statements/${encodeURIComponent(step.statementId)}`}>
                  {step.statementTitle}
                </Link>
                <div className="desk-sub">{step.accountName}</div>
              </td>
              <td>
                {t(eventLabelKey({ type: step.type, data: { event: step.machineEvent } }))}
                {step.fileName && <div className="desk-sub">{step.fileName}</div>}
                {debug && <code className="desk-raw">{step.machineEvent ?? step.type}</code>}
              </td>
              <td>{durationText(t, step.durationSeconds)}</td>
              <td className={`desk-outcome desk-outcome-${step.outcome}`}>
                {outcomeLabel(t, step.outcome)}
                {step.message && <div className="desk-sub">{step.message}</div>}
              </td>
              <td>{step.statusAfter ? <StatusBadge status={step.statusAfter} /> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {listed.data?.items.length === 0 && <p className="page-note">{t('admin-desk.logs.empty')}</p>}
    </>
  );
}

/** The account, statement and (for steps) status filters the two logs share. */
export function LogFilters({
  values,
  set,
  statuses,
  jobStatuses,
}: {
  values: { account: string; statement: string; status: string };
  set: (name: 'account' | 'statement' | 'status', value: string) => void;
  statuses?: boolean;
  jobStatuses?: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const statusOptions = statuses
    ? Object.entries(STATUS_KEYS).map(([value, key]) => ({ value, label: t(key) }))
    : (jobStatuses ?? []);
  return (
    <form className="card desk-filters" onSubmit={(event) => event.preventDefault()}>
      <TextInput
        label={t('admin-desk.logs.account')}
        value={values.account}
        onChange={(value) => set('account', value)}
        maxLength={100}
      />
      <TextInput
        label={t('admin-desk.logs.statement-id')}
        value={values.statement}
        onChange={(value) => set('statement', value)}
        maxLength={100}
      />
      <SelectField
        label={t('admin-desk.logs.status')}
        value={values.status}
        onChange={(value) => set('status', value)}
        options={[{ value: '', label: t('admin-desk.logs.any-status') }, ...statusOptions]}
      />
    </form>
  );
}
