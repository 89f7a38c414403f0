import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { Facts } from '../widgets/Facts';
import { TextInput } from '../widgets/TextInput';
import type { Business, BusinessDetailsInput } from '../../api/business';
import {
  businessClassifications,
  businessTypes,
  isValidEin,
  maskedEin,
  type BusinessClassification,
  type BusinessType,
} from '../../rules/business';
import { AddressFields, addressComplete, EMPTY_ADDRESS } from './AddressFields';
import { saveBusinessDetails } from './businessApi';
import { SelectField } from '../widgets/SelectField';
import { useBusinessText } from './businessText';

const TYPE_KEYS: Record<BusinessType, string> = {
  'sole-proprietorship': 'business.type.sole-proprietorship',
  llc: 'business.type.llc',
  corporation: 'business.type.corporation',
  partnership: 'business.type.partnership',
};

const CLASSIFICATION_KEYS: Record<BusinessClassification, string> = {
  'record-label': 'business.classification.record-label',
  'music-publishing': 'business.classification.music-publishing',
  'artist-management': 'business.classification.artist-management',
  'music-production': 'business.classification.music-production',
  'other-entertainment': 'business.classification.other-entertainment',
};

function draftOf(business: Business): BusinessDetailsInput {
  const details = business.details;
  return {
    businessName: details?.businessName ?? '',
    dba: details?.dba ?? null,
    businessType: (details?.businessType as BusinessType | undefined) ?? 'llc',
    classification:
      (details?.classification as BusinessClassification | undefined) ?? 'record-label',
    ein: null,
    address: details?.address ?? EMPTY_ADDRESS,
  };
}

/**
 * The business's name, DBA, type, classification, EIN (shown as its last 4 digits once kept)
 * and address. A change voids a certification given before it; the form says so.
 */
export function BusinessDetailsSection({
  business,
  onSaved,
}: {
  business: Business;
  onSaved: (next: Business) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { failure } = useBusinessText();
  const [editing, setEditing] = useState(business.details === null);
  const [draft, setDraft] = useState<BusinessDetailsInput>(() => draftOf(business));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ein = draft.ein ?? '';
  const einError = ein && !isValidEin(ein) ? t('business.errors.ein') : null;
  const needsEin = business.details === null;
  const ready =
    !!draft.businessName.trim() &&
    (needsEin ? isValidEin(ein) : !einError) &&
    addressComplete(draft.address) &&
    !saving;

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      onSaved(await saveBusinessDetails(api, draft));
      setEditing(false);
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setSaving(false);
    }
  };

  const details = business.details;
  return (
    <section className="card" aria-labelledby="business-details-heading">
      <h2 id="business-details-heading" className="section-title">
        {t('business.details.heading')}
      </h2>
      {details && !editing && (
        <>
          <Facts
            items={[
              [t('business.details.name'), details.businessName],
              [t('business.details.dba'), details.dba ?? '—'],
              [t('business.details.type'), t(TYPE_KEYS[details.businessType as BusinessType])],
              [
                t('business.details.classification'),
                t(CLASSIFICATION_KEYS[details.classification as BusinessClassification]),
              ],
              [t('business.details.ein'), maskedEin(details.einLast4)],
              [
                t('business.address.heading'),
                [
                  details.address.street,
                  details.address.suite,
                  details.address.city,
                  details.address.state,
                  details.address.postalCode,
                  details.address.country,
                ]
                  .filter(Boolean)
                  .join(', '),
              ],
            ]}
          />
          {business.editable && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setDraft(draftOf(business));
                setEditing(true);
              }}
            >
              {t('business.details.edit')}
            </button>
          )}
        </>
      )}
      {editing && business.editable && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) void save();
          }}
        >
          {business.certification && (
            <p className="page-note">{t('business.details.voids-certification')}</p>
          )}
          <TextInput
            label={t('business.details.name')}
            value={draft.businessName}
            onChange={(businessName) => setDraft({ ...draft, businessName })}
            required
          />
          <TextInput
            label={t('business.details.dba')}
            value={draft.dba ?? ''}
            onChange={(dba) => setDraft({ ...draft, dba: dba || null })}
          />
          <SelectField
            label={t('business.details.type')}
            value={draft.businessType}
            onChange={(type) => setDraft({ ...draft, businessType: type as BusinessType })}
            options={businessTypes.map((type) => ({ value: type, label: t(TYPE_KEYS[type]) }))}
          />
          <SelectField
            label={t('business.details.classification')}
            value={draft.classification}
            onChange={(value) =>
              setDraft({ ...draft, classification: value as BusinessClassification })
            }
            options={businessClassifications.map((value) => ({
              value,
              label: t(CLASSIFICATION_KEYS[value]),
            }))}
          />
          <TextInput
            label={t('business.details.ein')}
            value={ein}
            onChange={(text) => setDraft({ ...draft, ein: text || null })}
            error={einError}
            required={needsEin}
            autoComplete="off"
            {...(details
              ? { hint: t('business.details.ein-kept', { ein: maskedEin(details.einLast4) }) }
              : {})}
          />
          <AddressFields
            legend={t('business.address.heading')}
            value={draft.address}
            onChange={(address) => setDraft({ ...draft, address })}
          />
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={!ready}>
              {t('business.details.save')}
            </button>
            {details && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setEditing(false)}
              >
                {t('business.actions.cancel')}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
