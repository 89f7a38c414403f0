import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditEvent } from '../../api/events';
import { useDebugMode } from '../app/useDebugMode';
import { formatDateTime } from '../format/formatters';
import { ChangeView } from './ChangeView';
import { eventLabelKey, STREAM_KIND_KEYS, streamLink } from './eventLabels';

/** One event of the audit: when, what (in words), on what, by whom, and what it changed. */
export function AuditEventItem({
  event,
  onActor,
}: {
  event: AuditEvent;
  /** Filters the audit to this person's events. */
  onActor: (actor: string) => void;
}) {
  const { t } = useTranslation();
  const debug = useDebugMode();
  const kind = event.streamId.slice(0, event.streamId.indexOf('-'));
  const entity = event.streamId.slice(kind.length + 1);
  const link = streamLink(event.streamId);
  const kindKey = STREAM_KIND_KEYS[kind];
  const person = (id: string | null, name: string | null | undefined) =>
    id ? (
      <button type="button" className="link-button" onClick={() => onActor(id)}>
        {name ?? t('admin-desk.audit.former-person')}
      </button>
    ) : (
      t('admin-desk.audit.system')
    );
  return (
    <li className="card desk-event" data-testid="audit-event">
      <div className="desk-event-head">
        <span className="desk-event-time">{formatDateTime(event.at)}</span>
        <strong data-testid="audit-event-label">{t(eventLabelKey(event))}</strong>
        {debug && <code className="desk-raw">{event.type}</code>}
      </div>
      <dl className="facts desk-event-facts">
        <dt>{t('admin-desk.audit.on')}</dt>
        <dd>
          {kindKey ? t(kindKey) : kind}
          {event.streamName && (
            <> {link ? <Link to={link}>{event.streamName}</Link> : event.streamName}</>
          )}
          {!event.streamName && link && (
            <>
              {' '}
              <Link to={link}>{t('admin-desk.audit.open-item')}</Link>
            </>
          )}
          {debug && <code className="desk-raw">{entity}</code>}
        </dd>
        <dt>{t('admin-desk.audit.by')}</dt>
        <dd>
          {person(event.actor, event.actorName)}
          {event.emulatingActor && (
            <>
              {' '}
              {t('admin-desk.audit.emulated-by')}{' '}
              {person(event.emulatingActor, event.emulatingActorName)}
            </>
          )}
        </dd>
      </dl>
      {event.change && <ChangeView change={event.change} names={event.names ?? {}} />}
      <details className="desk-event-data">
        <summary>{t('admin-desk.audit.data')}</summary>
        <pre>{JSON.stringify(event.data, null, 2)}</pre>
      </details>
    </li>
  );
}
