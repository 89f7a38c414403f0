import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { Business } from '../../api/business';
import { BeneficialOwnersSection } from './BeneficialOwnersSection';
import { BusinessDetailsSection } from './BusinessDetailsSection';
import { readBusiness } from './businessApi';
import { CertificationSection } from './CertificationSection';

/**
 * The business half of the account page: details, beneficial owners, certification. A label is a
 * business; a payee's own account may choose to be paid as one. Other accounts show nothing.
 */
export function BusinessSections() {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLoad(() => readBusiness(api), [api]);
  const [latest, setLatest] = useState<Business | null>(null);
  const [choosing, setChoosing] = useState(false);
  const business = latest ?? loaded.data;
  if (!business) return <p className="page-note">{t('business.section.loading')}</p>;
  if (!business.isBusiness && !choosing) {
    if (business.accountType !== 'person' || !business.editable) return null;
    return (
      <section className="card" aria-labelledby="business-choice-heading">
        <h2 id="business-choice-heading" className="section-title">
          {t('business.choice.heading')}
        </h2>
        <p className="page-note">{t('business.choice.intro')}</p>
        <button type="button" className="button button-secondary" onClick={() => setChoosing(true)}>
          {t('business.choice.start')}
        </button>
      </section>
    );
  }
  return (
    <>
      <BusinessDetailsSection business={business} onSaved={setLatest} />
      {business.details && (
        <>
          <BeneficialOwnersSection business={business} onSaved={setLatest} />
          <CertificationSection business={business} onSaved={setLatest} />
        </>
      )}
    </>
  );
}
