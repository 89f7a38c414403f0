import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import type { Session } from '../../api/session';
import type { Money } from '../../api/wallet';
import { formatMoney } from '../format/formatters';
import { actingAs } from '../routes/access';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import { Money as MoneyAmount } from '../widgets/Money';

/** SPEC section 6: payment-method ro or rw holders (the emulated user's, while emulating). */
export function canSeeBalance(
  session: Pick<Session, 'permissions' | 'roles' | 'emulation'>,
): boolean {
  const { permissions } = actingAs(session);
  return permissions.includes('payment-method:ro') || permissions.includes('payment-method:rw');
}

export interface WalletBalanceState {
  /** Null until loaded, and for users who may not see it. */
  balance: Money | null;
  refresh: () => void;
}

/** The wallet balance (GET payment-method/balance) for payment-method ro/rw holders. */
export function useWalletBalance(session: Session): WalletBalanceState {
  const { api } = useServices();
  const [balance, setBalance] = useState<Money | null>(null);
  const [loads, setLoads] = useState(0);
  const refresh = useCallback(() => setLoads((count) => count + 1), []);
  // The balance moves when one of the person's payments does.
  useLiveReload(streamOf('payment'), refresh, []);
  const allowed = canSeeBalance(session);
  // The balance belongs to the person the server acts for: the emulated one while emulating.
  const person = session.emulation
    ? `${session.emulation.account.id}:${session.emulation.username ?? session.emulation.fullname}`
    : `${session.account.id}:${session.username ?? session.fullname}`;
  useEffect(() => {
    if (!allowed) return;
    let current = true;
    api.walletBalance().then(
      (answer) => {
        if (current) setBalance(answer[0]?.total ?? null);
      },
      // The client has already shown the failure where SPEC section 8 asks for it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, allowed, person, loads]);
  return { balance: allowed ? balance : null, refresh };
}

export function WalletBalance({
  balance,
  collapsed,
}: {
  balance: Money | null;
  collapsed: boolean;
}) {
  const { t, i18n } = useTranslation();
  const amount = balance
    ? formatMoney(balance.amount, balance.currency, i18n.language, { balance: true })
    : '…';
  return (
    <div
      className="wallet-balance"
      title={collapsed ? `${t('wallet.balance.label')} ${amount}` : undefined}
    >
      {!collapsed && <span className="wallet-balance-label">{t('wallet.balance.label')}</span>}
      <span className="wallet-balance-amount" data-testid="wallet-balance">
        {balance ? (
          <MoneyAmount amount={balance.amount} currency={balance.currency} balance />
        ) : (
          amount
        )}
      </span>
    </div>
  );
}
