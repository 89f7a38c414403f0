import { X } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownMessage } from '../../api/messages';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import { useSession } from '../session/useSession';
import { dismissMessage, readMyMessages } from './messagesApi';

/** One message of the banner (SPEC section 3, "Global message": title, message, type). */
export function MessageBar({
  message,
  onClose,
}: {
  message: Pick<ShownMessage, 'type' | 'title' | 'message'>;
  onClose?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className={`global-message global-message-${message.type}`} role="status">
      <div>
        <strong className="global-message-title">{message.title}</strong> {message.message}
      </div>
      {onClose && (
        <button
          type="button"
          className="icon-button"
          aria-label={t('frame.toast.close')}
          onClick={onClose}
        >
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

/**
 * The application root's global messages: what an admin posted for everyone or for the reader's
 * account, on every page until cleared, or until the reader closes one that may be closed.
 */
export function GlobalMessageBanner() {
  const { session } = useSession();
  if (!session) return null;
  // A new person (sign-in, emulation) reads their own banner from scratch.
  const reader = `${session.account.id}:${session.emulation?.account.id ?? ''}:${session.username ?? session.fullname}`;
  return <SignedInMessages key={reader} />;
}

function SignedInMessages() {
  const { api } = useServices();
  const loaded = useLoad((signal) => readMyMessages(api, signal), [api]);
  const reload = loaded.reload;
  useLiveReload(streamOf('message'), reload, []);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const close = useCallback(
    (id: string) => {
      setClosed((previous) => new Set(previous).add(id));
      dismissMessage(api, id).then(reload, reload);
    },
    [api, reload],
  );
  const messages = (loaded.data?.items ?? []).filter((message) => !closed.has(message.id));
  if (messages.length === 0) return null;
  return (
    <div className="global-messages">
      {messages.map((message) => (
        <MessageBar
          key={message.id}
          message={message}
          onClose={message.cancelable ? () => close(message.id) : undefined}
        />
      ))}
    </div>
  );
}
