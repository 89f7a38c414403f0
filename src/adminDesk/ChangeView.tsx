import { useTranslation } from 'react-i18next';
import type { AuditChange } from '../../api/events';
import { statusOfState } from '../../machines/statementMachine';
import { useDebugMode } from '../app/useDebugMode';
import { StatusBadge } from '../statements/StatusBadge';

/** A value of an event as text: text as it is, anything else as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A statement's machine state reads as its status; the state itself shows in debug mode. */
function Value({ field, value }: { field: string; value: unknown }) {
  const debug = useDebugMode();
  if (field === 'state' && typeof value === 'string' && statusOfState[value]) {
    return (
      <>
        <StatusBadge status={statusOfState[value]} />
        {debug && <code className="desk-raw"> {value}</code>}
      </>
    );
  }
  return <>{valueText(value)}</>;
}

/** Each changed field with its value before and after, side by side; unchanged fields left out. */
export function ChangeView({ change }: { change: AuditChange }) {
  const { t } = useTranslation();
  const fields = [...new Set([...Object.keys(change.before), ...Object.keys(change.after)])];
  const changed = fields.filter(
    (field) => valueText(change.before[field]) !== valueText(change.after[field]),
  );
  return (
    <table className="desk-change" data-testid="audit-change">
      <caption className="desk-change-caption">
        {change.source === 'event'
          ? t('admin-desk.audit.change-carried')
          : t('admin-desk.audit.change-derived')}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('admin-desk.audit.field')}</th>
          <th scope="col">{t('admin-desk.audit.before')}</th>
          <th scope="col">{t('admin-desk.audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {(changed.length ? changed : fields).map((field) => (
          <tr key={field}>
            <th scope="row">{field}</th>
            <td data-testid="audit-before">
              <Value field={field} value={change.before[field]} />
            </td>
            <td data-testid="audit-after">
              <Value field={field} value={change.after[field]} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
