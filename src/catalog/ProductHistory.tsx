import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { HistoryViewer } from '../history/HistoryViewer';
import { productHistory } from '../history/productSteps';
import { useStreamHistory } from '../history/useStreamHistory';
import { useWhatIfPayouts } from './useWhatIfPayouts';
import { WhatIfPayouts } from './WhatIfPayouts';

/** The product's history: who changed what, when, before and after, and what each split version would pay. */
export function ProductHistory({
  productId,
  version,
  nameOf,
}: {
  productId: string;
  /** A new version catches the history up. */
  version: number;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const history = useStreamHistory('product', productId, [version]);
  const events = history.data?.events;
  const described = useMemo(() => productHistory(t, events ?? [], nameOf), [t, events, nameOf]);
  const whatIf = useWhatIfPayouts(api, productId, events);

  if (history.status === 'loading')
    return <p className="page-note">{t('catalog.history.loading')}</p>;
  if (!history.data) return <p className="page-note">{t('replay.viewer.unavailable')}</p>;
  return (
    <HistoryViewer
      label={t('catalog.history.title')}
      history={described}
      offline={history.data.offline}
      extra={(step) => <WhatIfPayouts step={step} whatIf={whatIf} nameOf={nameOf} />}
    />
  );
}
