import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MESSAGE_TEXT_MAX,
  MESSAGE_TITLE_MAX,
  messageAudiences,
  messageTypes,
  type MessageAudience,
  type MessageFields,
  type MessageType,
  type PostedMessage,
} from '../../api/messages';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { LabelAccountSelect } from '../catalog/LabelAccountSelect';
import { formatDateTime } from '../format/formatters';
import { MessageBar } from '../frame/GlobalMessageBanner';
import { clearMessage, editMessage, listPostedMessages, postMessage } from '../frame/messagesApi';
import type { PageProps } from '../routes/types';

const AUDIENCE_KEYS: Record<MessageAudience, string> = {
  everyone: 'admin-messages.audience.everyone',
  account: 'admin-messages.audience.account',
  login: 'admin-messages.audience.login',
};

const TYPE_KEYS: Record<MessageType, string> = {
  info: 'admin-messages.type.info',
  success: 'admin-messages.type.success',
  warning: 'admin-messages.type.warning',
  error: 'admin-messages.type.error',
};

const EMPTY: MessageFields = {
  audience: 'everyone',
  accountId: null,
  type: 'info',
  title: '',
  message: '',
  cancelable: true,
};

const fieldsOf = (message: PostedMessage): MessageFields => ({
  audience: message.audience,
  accountId: message.account?.id ?? null,
  type: message.type,
  title: message.title,
  message: message.message,
  cancelable: message.cancelable,
});

/**
 * /admin/messages: the global message banner and the login page's announcement. An admin posts a
 * message for everyone, one account or the login page, edits it, and clears it.
 */
export function AdminMessagesPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const posted = useLoad((signal) => listPostedMessages(api, signal), [api]);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<MessageFields>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (fields: Partial<MessageFields>) => setDraft((last) => ({ ...last, ...fields }));
  const done = (key: string) => {
    toasts.send({ type: 'toast.add', toast: { type: 'success', content: t(key) } });
    posted.reload();
  };
  const reset = () => {
    setEditing(null);
    setDraft(EMPTY);
    setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.title.trim() === '' || draft.message.trim() === '') {
      setProblem(t('admin-messages.form.text-required'));
      return;
    }
    if (draft.audience === 'account' && !draft.accountId) {
      setProblem(t('admin-messages.form.account-required'));
      return;
    }
    const fields = { ...draft, accountId: draft.audience === 'account' ? draft.accountId : null };
    setBusy(true);
    setProblem(null);
    try {
      if (editing) await editMessage(api, editing, fields);
      else await postMessage(api, fields);
      done(editing ? 'admin-messages.toast.saved' : 'admin-messages.toast.posted');
      reset();
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  };

  const clear = async (message: PostedMessage) => {
    try {
      await clearMessage(api, message.id);
      if (editing === message.id) reset();
      done('admin-messages.toast.cleared');
    } catch {
      // The API client has shown the failure.
    }
  };

  const items = posted.data?.items ?? [];
  return (
    <section className="page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <form className="card form" onSubmit={(event) => void submit(event)} noValidate>
        <h2 className="section-title">
          {editing ? t('admin-messages.form.heading-edit') : t('admin-messages.form.heading-new')}
        </h2>
        {problem && (
          <div className="alert alert-error" role="alert">
            {problem}
          </div>
        )}
        <label className="field">
          <span className="field-label">{t('admin-messages.form.audience')}</span>
          <select
            className="input"
            value={draft.audience}
            onChange={(event) => change({ audience: event.target.value as MessageAudience })}
          >
            {messageAudiences.map((audience) => (
              <option key={audience} value={audience}>
                {t(AUDIENCE_KEYS[audience])}
              </option>
            ))}
          </select>
        </label>
        {draft.audience === 'account' && (
          <LabelAccountSelect
            value={draft.accountId ?? ''}
            onChange={(accountId) => change({ accountId: accountId || null })}
            showProblem={problem !== null}
          />
        )}
        <label className="field">
          <span className="field-label">{t('admin-messages.form.type')}</span>
          <select
            className="input"
            value={draft.type}
            onChange={(event) => change({ type: event.target.value as MessageType })}
          >
            {messageTypes.map((type) => (
              <option key={type} value={type}>
                {t(TYPE_KEYS[type])}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('admin-messages.form.title')}</span>
          <input
            className="input"
            name="title"
            maxLength={MESSAGE_TITLE_MAX}
            value={draft.title}
            onChange={(event) => change({ title: event.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('admin-messages.form.message')}</span>
          <textarea
            className="input"
            name="message"
            rows={3}
            maxLength={MESSAGE_TEXT_MAX}
            value={draft.message}
            onChange={(event) => change({ message: event.target.value })}
          />
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.cancelable}
            onChange={(event) => change({ cancelable: event.target.checked })}
          />
          <span>{t('admin-messages.form.cancelable')}</span>
        </label>
        <div className="form-actions">
          <button className="button button-primary" type="submit" disabled={busy}>
            {editing ? t('admin-messages.form.save') : t('admin-messages.form.post')}
          </button>
          {editing && (
            <button className="button button-secondary" type="button" onClick={reset}>
              {t('admin-messages.form.cancel')}
            </button>
          )}
        </div>
      </form>
      <section className="card" aria-labelledby="posted-messages-heading">
        <h2 id="posted-messages-heading" className="section-title">
          {t('admin-messages.list.heading')}
        </h2>
        {posted.status !== 'loading' && items.length === 0 && (
          <p className="page-note">{t('admin-messages.list.empty')}</p>
        )}
        <ul className="posted-messages">
          {items.map((message) => (
            <li key={message.id} className="posted-message">
              <MessageBar message={message} />
              <p className="page-note">
                {message.audience === 'account'
                  ? (message.account?.name ?? '')
                  : t(AUDIENCE_KEYS[message.audience])}
                {' · '}
                {t(TYPE_KEYS[message.type])}
                {' · '}
                {message.cancelable
                  ? t('admin-messages.list.closable')
                  : t('admin-messages.list.stays')}
                {' · '}
                {t('admin-messages.list.posted', {
                  date: formatDateTime(message.postedAt),
                  name: message.postedBy?.name ?? '—',
                })}
              </p>
              <div className="form-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    setEditing(message.id);
                    setDraft(fieldsOf(message));
                    setProblem(null);
                  }}
                >
                  {t('admin-messages.list.edit')}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void clear(message)}
                >
                  {t('admin-messages.list.clear')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
