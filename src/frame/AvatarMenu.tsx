import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import type { Session } from '../../api/session';
import type { Money } from '../../api/wallet';
import { Money as MoneyAmount } from '../widgets/Money';
import { initials } from './initials';
import { useRoleLabel } from './RoleLabel';
import { canSeeBalance } from './WalletBalance';
import { LanguageSelect } from './LanguageSelect';
import { CopyButton } from '../widgets/CopyButton';

interface AvatarMenuProps {
  session: Session;
  balance: Money | null;
  /** Opening the menu refreshes what it shows. */
  onOpen: () => void;
}

/** The avatar: up to 2 initials; its menu shows who is signed in and the way out. */
export function AvatarMenu({ session, balance, onOpen }: AvatarMenuProps) {
  const { t } = useTranslation();
  const { session: actor, api } = useServices();
  const roleLabel = useRoleLabel();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('mousedown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="avatar-menu" ref={container}>
      <button
        type="button"
        className="avatar"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('frame.avatar.open-menu')}
        onClick={() => {
          if (!open) onOpen();
          setOpen(!open);
        }}
      >
        {initials(session.fullname)}
      </button>
      {open && (
        <div className="avatar-popover" id={menuId}>
          <dl className="facts">
            <dt>{t('frame.avatar.fullname')}</dt>
            <dd data-testid="avatar-fullname">{session.fullname}</dd>
            <dt>{t('frame.avatar.username')}</dt>
            <dd>{session.username ?? '—'}</dd>
            <dt>{t('frame.avatar.account-id')}</dt>
            <dd className="avatar-account-id">
              <span>{session.account.id}</span>
              <CopyButton
                text={session.account.id}
                label={t('shell.copy.account-id', { id: session.account.id })}
              />
            </dd>
            <dt>{t('frame.avatar.roles')}</dt>
            <dd>{session.roles.map(roleLabel).join(', ')}</dd>
            {session.emulation && (
              <>
                <dt>{t('frame.avatar.emulating')}</dt>
                <dd data-testid="avatar-emulating">
                  {session.emulation.fullname} ({session.emulation.account.name})
                </dd>
              </>
            )}
            {canSeeBalance(session) && (
              <>
                <dt>{t('wallet.balance.label')}</dt>
                <dd data-testid="avatar-balance">
                  {balance ? (
                    <MoneyAmount amount={balance.amount} currency={balance.currency} balance />
                  ) : (
                    '…'
                  )}
                </dd>
              </>
            )}
          </dl>
          <LanguageSelect />
          {session.emulation && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                // SPEC section 4: after stopping, the user goes to /admin with their own session.
                void api.stopEmulation().then(
                  () => window.location.assign('/admin'),
                  // The client has shown the failure; the user stays where they are.
                  () => undefined,
                );
              }}
            >
              {t('frame.avatar.stop-emulation')}
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setOpen(false);
              actor.send({ type: 'session.logout' });
            }}
          >
            {t('frame.avatar.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
