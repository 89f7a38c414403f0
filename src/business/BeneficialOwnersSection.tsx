import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import type { BeneficialOwner, Business } from '../../api/business';
import { BENEFICIAL_OWNER_THRESHOLD_PCT, pctHundredths } from '../../rules/business';
import { removeOwner } from './businessApi';
import { useBusinessText } from './businessText';
import { OwnerForm } from './OwnerForm';

const NEW_OWNER = 'new';

/** What an owner still lacks, in the reader's words. */
function useMissing() {
  const { t } = useTranslation();
  return (owner: BeneficialOwner) =>
    [
      owner.birthdate === null && t('business.owners.birthdate'),
      owner.address === null && t('business.owners.address'),
      !owner.ssnGiven && t('business.owners.ssn'),
    ].filter((part): part is string => typeof part === 'string');
}

/**
 * SPEC section 9: every person owning 25% or more is listed, with name, birthdate, address, SSN;
 * so is the person who controls the business.
 */
export function BeneficialOwnersSection({
  business,
  onSaved,
}: {
  business: Business;
  onSaved: (next: Business) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { failure } = useBusinessText();
  const missing = useMissing();
  // An owner's id, NEW_OWNER for the add form, or null.
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const total = business.owners.reduce((sum, owner) => sum + pctHundredths(owner.ownershipPct), 0);
  const saved = (next: Business) => {
    setEditing(null);
    onSaved(next);
  };
  const remove = async (id: string) => {
    setProblem(null);
    try {
      onSaved(await removeOwner(api, id));
    } catch (error) {
      setProblem(failure(error));
    }
  };

  return (
    <section className="card" aria-labelledby="business-owners-heading">
      <h2 id="business-owners-heading" className="section-title">
        {t('business.owners.heading')}
      </h2>
      <p className="page-note">
        {t('business.owners.intro', { threshold: BENEFICIAL_OWNER_THRESHOLD_PCT })}
      </p>
      <p className="page-note">{t('business.owners.controller-intro')}</p>
      {business.owners.length > 0 && (
        <table className="owners-table">
          <thead>
            <tr>
              <th scope="col">{t('business.owners.name')}</th>
              <th scope="col">{t('business.owners.ownership')}</th>
              <th scope="col">{t('business.owners.status')}</th>
              {business.editable && <th scope="col">{t('business.owners.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {business.owners.map((owner) => (
              <tr key={owner.id}>
                <td>
                  {`${owner.firstName} ${owner.lastName}`}
                  {owner.controlling && (
                    <>
                      <br />
                      {t('business.owners.controlling-as', { title: owner.controlTitle ?? '' })}
                    </>
                  )}
                </td>
                <td>{`${owner.ownershipPct}%`}</td>
                <td>
                  {owner.complete
                    ? t('business.owners.complete')
                    : t('business.owners.missing', { fields: missing(owner).join(', ') })}
                </td>
                {business.editable && (
                  <td>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('business.owners.edit-named', {
                        name: `${owner.firstName} ${owner.lastName}`,
                      })}
                      onClick={() => setEditing(owner.id)}
                    >
                      {t('business.owners.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('business.owners.remove-named', {
                        name: `${owner.firstName} ${owner.lastName}`,
                      })}
                      onClick={() => void remove(owner.id)}
                    >
                      {t('business.owners.remove')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="page-note">
        {t('business.owners.total', { total: (total / 100).toFixed(2) })}
        {total > 100 * 100 && ` ${t('business.errors.over-100')}`}
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {business.editable &&
        (editing === null ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setEditing(NEW_OWNER)}
          >
            {t('business.owners.add')}
          </button>
        ) : (
          <OwnerForm
            key={editing}
            owner={business.owners.find((owner) => owner.id === editing) ?? null}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        ))}
    </section>
  );
}
