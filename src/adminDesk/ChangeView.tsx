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

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A value's text with each id read as the name of what it points at (the raw id in debug mode). */
export function namedText(
  text: string,
  names: Readonly<Record<string, string>>,
  unknown: string,
): string {
  return text.replace(UUID, (id) => names[id] ?? unknown);
}

/** A statement's machine state reads as its status; the state itself shows in debug mode. */
function Value({
  field,
  value,
  names,
}: {
  field: string;
  value: unknown;
  names: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const debug = useDebugMode();
  if (field === 'state' && typeof value === 'string' && statusOfState[value]) {
    return (
      <>
        <StatusBadge status={statusOfState[value]} />
        {debug && <code className="desk-raw"> {value}</code>}
      </>
    );
  }
  const text = valueText(value);
  return <>{debug ? text : namedText(text, names, t('admin-desk.audit.unknown-item'))}</>;
}

/** Each changed field with its value before and after, side by side; unchanged fields left out. */
export function ChangeView({
  change,
  names = {},
}: {
  change: AuditChange;
  /** The names of the ids the change holds. */
  names?: Readonly<Record<string, string>>;
}) {
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
              <Value field={field} value={change.before[field]} names={names} />
            </td>
            <td data-testid="audit-after">
              <Value field={field} value={change.after[field]} names={names} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
