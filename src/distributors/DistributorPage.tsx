import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { PageProps } from '../routes/types';
import { getDistributor } from './distributorsApi';
import { IntakeKeys } from './IntakeKeys';
import { OwnLayouts } from './OwnLayouts';
import { TemplatePreview } from './TemplatePreview';
import { TemplateSummary } from './TemplateSummary';
import { useCanEditDistributors } from './useDistributorAccess';
import './distributors.css';

/**
 * /distributors/{id}: the distributor, its template, for overseers a preview and edit, and for
 * those who upload the label's statements the label's own layouts and the keys the distributor
 * sends them with.
 */
export function DistributorPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { id = '' } = useParams();
  const canEdit = useCanEditDistributors();
  const loaded = useLoad(() => getDistributor(api, id), [api, id]);
  const [ownLayouts, setOwnLayouts] = useState(0);

  if (loaded.status === 'failed') {
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('distributors.detail.not-found')}</p>
      </section>
    );
  }
  const distributor = loaded.data;
  if (!distributor) {
    return (
      <section className="page">
        <p className="page-note">{t('distributors.list.loading')}</p>
      </section>
    );
  }
  return (
    <section className="page distributor-page">
      <header className="distributors-head">
        <h1 className="page-title">{distributor.name}</h1>
        {canEdit && (
          <Link
            className="button button-primary"
            to={`/distributors/${encodeURIComponent(distributor.id)}/edit`}
          >
            {t('distributors.detail.edit')}
          </Link>
        )}
      </header>
      <dl className="facts card">
        <dt>{t('distributors.list.uploadable')}</dt>
        <dd data-testid="distributor-uploadable">
          {distributor.uploadable ? t('distributors.list.yes') : t('distributors.list.no')}
        </dd>
      </dl>
      <h2 className="portal-section-title">{t('distributors.detail.template')}</h2>
      {distributor.template ? (
        <TemplateSummary template={distributor.template} />
      ) : (
        <p className="page-note">{t('distributors.detail.no-template')}</p>
      )}
      {canEdit && distributor.template && (
        <TemplatePreview template={distributor.template} distributorId={distributor.id} />
      )}
      <OwnLayouts
        distributor={{ id: distributor.id, name: distributor.name }}
        onCount={setOwnLayouts}
      />
      <IntakeKeys
        distributor={{ id: distributor.id, name: distributor.name }}
        // The label's own layouts read what the distributor sends, as its template does.
        receivesStatements={
          distributor.uploadable && (distributor.template !== null || ownLayouts > 0)
        }
      />
    </section>
  );
}
