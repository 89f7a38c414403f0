import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { PageProps } from '../routes/types';
import { RecoupmentForm } from './RecoupmentForm';
import { readRecoupment } from './recoupmentFormApi';

/** /recoupments/edit/{recoupmentId}: saved with the version read, so no edit overwrites another. */
export function RecoupmentEditPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { recoupmentId = '' } = useParams();
  const loaded = useLoad(
    (signal) => readRecoupment(api, recoupmentId, signal),
    [api, recoupmentId],
  );
  const detailPath = `/recoupments/${encodeURIComponent(recoupmentId)}`;

  return (
    <section className="page catalog-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {loaded.status === 'loading' && <p>{t('recoupment-form.page.loading')}</p>}
      {/* The client has shown why the read failed (a toast); there is nothing to edit. */}
      {loaded.status === 'failed' && !loaded.data && <p>{t('recoupment-form.page.not-loaded')}</p>}
      {loaded.data && (
        <RecoupmentForm
          key={loaded.data.version}
          recoupment={loaded.data}
          onSaved={() => void navigate(detailPath)}
          onCancel={() => void navigate(detailPath)}
        />
      )}
    </section>
  );
}
