// The history viewer on the recoupment, payment and admin account pages, each in its own card.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recoupment } from '../../api/recoupments';
import type { HistoryKind } from '../../api/history';
import { accountHistory } from './accountSteps';
import type { CaughtUp } from './catchUp';
import { HistoryViewer } from './HistoryViewer';
import { paymentHistory } from './paymentSteps';
import { recoupmentHistory } from './recoupmentSteps';
import type { DescribedHistory } from './steps';
import { useStreamHistory } from './useStreamHistory';

function HistoryCard({
  kind,
  id,
  reloadOn,
  describe,
}: {
  kind: HistoryKind;
  id: string;
  reloadOn: readonly unknown[];
  describe: (caught: CaughtUp) => DescribedHistory;
}) {
  const { t } = useTranslation();
  const history = useStreamHistory(kind, id, reloadOn);
  const described = useMemo(
    () => (history.data ? describe(history.data) : null),
    [history.data, describe],
  );
  return (
    // The viewer inside is the region, named by this heading's words.
    <div className="card">
      <h2 className="section-title">{t('replay.viewer.heading')}</h2>
      {history.status === 'loading' ? (
        <p className="page-note">{t('replay.viewer.loading')}</p>
      ) : described && history.data ? (
        <HistoryViewer
          label={t('replay.viewer.heading')}
          history={described}
          offline={history.data.offline}
        />
      ) : (
        <p className="page-note">{t('replay.viewer.unavailable')}</p>
      )}
    </div>
  );
}

/** A recoupment's terms, remittances and the balance after each. */
export function RecoupmentReplay({ recoupment }: { recoupment: Recoupment }) {
  const { t } = useTranslation();
  const describe = useMemo(() => {
    const people = new Map(
      [
        recoupment.creditor,
        ...recoupment.debtors,
        ...(recoupment.warranter ? [recoupment.warranter] : []),
      ].map((person) => [person.id, person.fullname]),
    );
    return (caught: CaughtUp) => recoupmentHistory(t, caught.events, (id) => people.get(id) ?? id);
  }, [t, recoupment]);
  return (
    <HistoryCard
      kind="recoupment"
      id={recoupment.id}
      reloadOn={[recoupment.version]}
      describe={describe}
    />
  );
}

/** A payment's states, replayed through the shared payment machine. */
export function PaymentReplay({
  paymentId,
  currency,
  stateKey,
}: {
  paymentId: string;
  currency: string;
  stateKey: string;
}) {
  const { t } = useTranslation();
  const describe = useMemo(
    () => (caught: CaughtUp) => paymentHistory(t, caught.events, currency),
    [t, currency],
  );
  return <HistoryCard kind="payment" id={paymentId} reloadOn={[stateKey]} describe={describe} />;
}

/** An account's life: opened, its people, their access and settings, business and payments. */
export function AccountReplay({ accountId, stateKey }: { accountId: string; stateKey: unknown }) {
  const { t } = useTranslation();
  const describe = useMemo(() => (caught: CaughtUp) => accountHistory(t, caught.events), [t]);
  return <HistoryCard kind="account" id={accountId} reloadOn={[stateKey]} describe={describe} />;
}
