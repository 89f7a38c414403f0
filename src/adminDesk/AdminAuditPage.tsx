import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { streamKinds, type StreamKind } from '../../api/events';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { PageProps } from '../routes/types';
import { SelectField } from '../widgets/SelectField';
import { TextInput } from '../widgets/TextInput';
import { downloadAudit, listAudit, type AuditFilters } from './adminDeskApi';
import { AuditEventItem } from './AuditEventItem';
import { AUDIT_EVENT_TYPES, eventLabelKey, STREAM_KIND_KEYS } from './eventLabels';
import { Pager } from './Pager';
import { PersonFilter } from './PersonFilter';
import { useSearchState } from './useSearchState';
import './adminDesk.css';

const FILTERS = [
  'streamType',
  'streamId',
  'type',
  'actor',
  'emulatingActor',
  'from',
  'to',
] as const;

/** A day of the date input (YYYY-MM-DD) as epoch seconds at its start or its last second, UTC. */
const dayBound = (day: string, end: boolean): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = Date.parse(`${day}T00:00:00Z`) / 1000;
  return Number.isNaN(start) ? undefined : end ? start + 86_399 : start;
};

/** /admin/audit: the event log, filtered and paged, each change with its before and after. */
export function AdminAuditPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { values, offset, set } = useSearchState(FILTERS);
  const [downloading, setDownloading] = useState(false);
  const filters = useMemo<AuditFilters>(
    () => ({
      streamType: (streamKinds as readonly string[]).includes(values.streamType)
        ? (values.streamType as StreamKind)
        : undefined,
      streamId: values.streamId.trim() || undefined,
      type: values.type || undefined,
      actor: values.actor.trim() || undefined,
      emulatingActor: values.emulatingActor.trim() || undefined,
      from: dayBound(values.from, false),
      to: dayBound(values.to, true),
    }),
    [
      values.streamType,
      values.streamId,
      values.type,
      values.actor,
      values.emulatingActor,
      values.from,
      values.to,
    ],
  );
  const listed = useLoad(
    (signal) => listAudit(api, filters, offset, signal),
    [api, filters, offset],
  );
  const rangeWrong =
    filters.from !== undefined && filters.to !== undefined && filters.from > filters.to;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAudit(api, filters);
    } catch {
      // The API client has shown the failure.
    } finally {
      setDownloading(false);
    }
  };

  const typeOptions = [
    { value: '', label: t('admin-desk.audit.any-type') },
    ...AUDIT_EVENT_TYPES.map((type) => ({
      value: type,
      label: t(eventLabelKey({ type, data: {} })),
    })).sort((a, b) => a.label.localeCompare(b.label)),
  ];
  return (
    <section className="page desk-page">
      <header className="desk-head">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void download()}
          disabled={downloading || rangeWrong}
        >
          {t('admin-desk.audit.download')}
        </button>
      </header>
      <form
        className="card desk-filters"
        aria-label={t('admin-desk.audit.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label={t('admin-desk.audit.stream-type')}
          value={values.streamType}
          onChange={(value) => set('streamType', value)}
          options={[
            { value: '', label: t('admin-desk.audit.any-stream') },
            ...streamKinds.map((kind) => ({
              value: kind,
              label: t(STREAM_KIND_KEYS[kind] ?? kind),
            })),
          ]}
        />
        <TextInput
          label={t('admin-desk.audit.stream-id')}
          value={values.streamId}
          onChange={(value) => set('streamId', value)}
          maxLength={200}
        />
        <SelectField
          label={t('admin-desk.audit.type')}
          value={values.type}
          onChange={(value) => set('type', value)}
          options={typeOptions}
        />
        <PersonFilter
          label={t('admin-desk.audit.actor')}
          personId={values.actor.trim()}
          onChange={(value) => set('actor', value)}
        />
        <PersonFilter
          label={t('admin-desk.audit.emulating-actor')}
          personId={values.emulatingActor.trim()}
          onChange={(value) => set('emulatingActor', value)}
        />
        <TextInput
          label={t('admin-desk.audit.from')}
          type="date"
          value={values.from}
          onChange={(value) => set('from', value)}
        />
        <TextInput
          label={t('admin-desk.audit.to')}
          type="date"
          value={values.to}
          onChange={(value) => set('to', value)}
          error={rangeWrong ? t('admin-desk.audit.range-wrong') : null}
        />
      </form>
      {listed.data && (
        <Pager
          offset={offset}
          shown={listed.data.items.length}
          total={listed.data.total}
          onMove={(next) => set('offset', String(next))}
        />
      )}
      {listed.status === 'loading' ? (
        <p className="page-note">{t('admin-desk.audit.loading')}</p>
      ) : listed.data?.items.length ? (
        <ol className="desk-events" aria-label={t('admin-desk.audit.list')}>
          {listed.data.items.map((event) => (
            <AuditEventItem
              key={event.seq}
              event={event}
              onActor={(actor) => set('actor', actor)}
            />
          ))}
        </ol>
      ) : (
        <p className="page-note">{t('admin-desk.audit.empty')}</p>
      )}
    </section>
  );
}
