import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { PageProps } from '../routes/types';
import { readPayeeStatement } from './earningsApi';
import { PayeeStatementView } from './PayeeStatementView';

/** /earnings/{statementId}: the signed-in payee's statement of one approved statement. */
export function EarningPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { id = '' } = useParams();
  const loaded = useLoad(() => readPayeeStatement(api, id, { own: true }), [api, id]);
  if (loaded.status === 'loading') {
    return <p className="page page-note">{t('payee-statements.page.loading')}</p>;
  }
  if (!loaded.data) {
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('payee-statements.page.not-found')}</p>
      </section>
    );
  }
  const statement = loaded.data;
  return (
    <section className="page earning-page">
      <h1 className="page-title">
        {t(route.titleKey)} {statement.period} · {statement.distributor}
      </h1>
      <PayeeStatementView statement={statement} source={{ own: true }} />
    </section>
  );
}
