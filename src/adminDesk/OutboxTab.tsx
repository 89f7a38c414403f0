import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDateTime } from '../format/formatters';
import { TextInput } from '../widgets/TextInput';
import { listOutbox } from './adminDeskApi';
import { Pager } from './Pager';

const LANGUAGE_KEYS: Record<string, string> = {
  en: 'admin-desk.language.en',
  fr: 'admin-desk.language.fr',
  es: 'admin-desk.language.es',
  pt: 'admin-desk.language.pt',
  zh: 'admin-desk.language.zh',
  ja: 'admin-desk.language.ja',
};

interface Props {
  q: string;
  offset: number;
  set: (name: 'q' | 'offset', value: string) => void;
}

/**
 * The e-mails the portal wrote, each as its recipient reads it. The body is plain text: it is
 * shown as text (never as markup), its lines kept, so nothing in a mail can run in the page.
 */
export function OutboxTab({ q, offset, set }: Props) {
  const { t } = useTranslation();
  const { api } = useServices();
  const listed = useLoad((signal) => listOutbox(api, q.trim(), offset, signal), [api, q, offset]);
  return (
    <>
      <form className="card desk-filters" onSubmit={(event) => event.preventDefault()}>
        <TextInput
          label={t('admin-desk.outbox.search')}
          value={q}
          onChange={(value) => set('q', value)}
          maxLength={200}
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
      <ol className="desk-mails" aria-label={t('admin-desk.outbox.list')}>
        {(listed.data?.items ?? []).map((mail) => (
          <li key={mail.id} className="card desk-mail" data-testid="outbox-mail">
            <h3 className="desk-mail-subject">{mail.subject}</h3>
            <dl className="facts">
              <dt>{t('admin-desk.outbox.to')}</dt>
              <dd>
                {mail.recipientName ? `${mail.recipientName} <${mail.recipient}>` : mail.recipient}
              </dd>
              <dt>{t('admin-desk.outbox.language')}</dt>
              <dd>
                {mail.language
                  ? LANGUAGE_KEYS[mail.language]
                    ? t(LANGUAGE_KEYS[mail.language] ?? '')
                    : mail.language
                  : '—'}
              </dd>
              <dt>{t('admin-desk.outbox.written')}</dt>
              <dd>{formatDateTime(mail.createdAt)}</dd>
              <dt>{t('admin-desk.outbox.sent')}</dt>
              <dd>
                {mail.sentAt === null
                  ? t('admin-desk.outbox.not-sent')
                  : formatDateTime(mail.sentAt)}
              </dd>
            </dl>
            <pre className="desk-mail-body" data-testid="outbox-body">
              {mail.body}
            </pre>
          </li>
        ))}
      </ol>
      {listed.data?.items.length === 0 && (
        <p className="page-note">{t('admin-desk.outbox.empty')}</p>
      )}
    </>
  );
}
