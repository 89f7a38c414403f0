import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { TextInput } from '../widgets/TextInput';
import type { BeneficialOwner, BeneficialOwnerInput, Business } from '../../api/business';
import {
  isControllerOwnershipPct,
  isOwnershipPct,
  isPastDate,
  isSsnLast4,
} from '../../rules/business';
import { AddressFields, addressComplete, EMPTY_ADDRESS } from './AddressFields';
import { saveOwner } from './businessApi';
import { useBusinessText } from './businessText';

/**
 * One beneficial owner: name and share first; birthdate, address and SSN last 4 may follow, and
 * must, before certifying, for an owner of 25% or more. The controlling person is listed here too,
 * with their title, and may own 0%.
 */
export function OwnerForm({
  owner,
  onSaved,
  onCancel,
}: {
  owner: BeneficialOwner | null;
  onSaved: (next: Business) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { failure } = useBusinessText();
  const [firstName, setFirstName] = useState(owner?.firstName ?? '');
  const [lastName, setLastName] = useState(owner?.lastName ?? '');
  const [pct, setPct] = useState(owner?.ownershipPct ?? '');
  const [birthdate, setBirthdate] = useState(owner?.birthdate ?? '');
  const [withAddress, setWithAddress] = useState(owner?.address !== null && owner !== null);
  const [address, setAddress] = useState(owner?.address ?? EMPTY_ADDRESS);
  const [ssn, setSsn] = useState('');
  const [controlling, setControlling] = useState(owner?.controlling ?? false);
  const [controlTitle, setControlTitle] = useState(owner?.controlTitle ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const pctValid = controlling ? isControllerOwnershipPct(pct) : isOwnershipPct(pct);
  const pctError =
    pct && !pctValid
      ? t(controlling ? 'business.errors.controller-ownership' : 'business.errors.ownership')
      : null;
  const birthdateError =
    birthdate && !isPastDate(birthdate, new Date()) ? t('business.errors.birthdate') : null;
  const ssnError = ssn && !isSsnLast4(ssn) ? t('business.errors.ssn') : null;
  const ready =
    !!firstName.trim() &&
    !!lastName.trim() &&
    pctValid &&
    (!controlling || !!controlTitle.trim()) &&
    !birthdateError &&
    !ssnError &&
    (!withAddress || addressComplete(address)) &&
    !saving;

  const save = async () => {
    setSaving(true);
    setProblem(null);
    const input: BeneficialOwnerInput = {
      firstName,
      lastName,
      ownershipPct: pct,
      birthdate: birthdate || null,
      address: withAddress ? address : null,
      ssnLast4: ssn || null,
      controlling,
      controlTitle: controlling ? controlTitle : null,
    };
    try {
      onSaved(await saveOwner(api, owner?.id ?? null, input));
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="owner-form"
      aria-label={owner ? t('business.owners.edit-title') : t('business.owners.add-title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void save();
      }}
    >
      <TextInput
        label={t('business.owners.first-name')}
        value={firstName}
        onChange={setFirstName}
        required
      />
      <TextInput
        label={t('business.owners.last-name')}
        value={lastName}
        onChange={setLastName}
        required
      />
      <TextInput
        label={t('business.owners.ownership')}
        value={pct}
        onChange={setPct}
        error={pctError}
        inputMode="decimal"
        required
      />
      <label className="field checkbox-field">
        <input
          type="checkbox"
          checked={controlling}
          onChange={(event) => setControlling(event.target.checked)}
        />
        <span>{t('business.owners.controlling')}</span>
      </label>
      {controlling && (
        <TextInput
          label={t('business.owners.control-title')}
          value={controlTitle}
          onChange={setControlTitle}
          required
        />
      )}
      <TextInput
        label={t('business.owners.birthdate')}
        value={birthdate}
        onChange={setBirthdate}
        error={birthdateError}
        type="date"
      />
      <TextInput
        label={t('business.owners.ssn')}
        value={ssn}
        onChange={setSsn}
        error={ssnError}
        inputMode="numeric"
        autoComplete="off"
        {...(owner?.ssnGiven ? { hint: t('business.owners.ssn-kept') } : {})}
      />
      <label className="field checkbox-field">
        <input
          type="checkbox"
          checked={withAddress}
          onChange={(event) => setWithAddress(event.target.checked)}
        />
        <span>{t('business.owners.with-address')}</span>
      </label>
      {withAddress && (
        <AddressFields
          legend={t('business.owners.address')}
          value={address}
          onChange={setAddress}
        />
      )}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!ready}>
          {t('business.owners.save')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('business.actions.cancel')}
        </button>
      </div>
    </form>
  );
}
