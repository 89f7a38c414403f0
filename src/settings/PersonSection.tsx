import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { TextInput } from '../widgets/TextInput';
import type { Address } from '../../api/address';
import type { PersonDetails, PersonDetailsChange } from '../../api/settings';
import { personProblems, type PersonField } from '../../rules/personDetails';
import { countryOptions } from '../format/countries';
import { useMessageText } from './messages';
import { SelectField } from '../widgets/SelectField';
import { readPerson, savePerson } from './settingsApi';

/** Phone, birthdate, SSN and address (SPEC section 3, "Account": Person and Address). */
export function PersonSection() {
  const { api } = useServices();
  const loaded = useLoad((signal) => readPerson(api, signal), [api]);
  if (!loaded.data) return null;
  return <PersonForm saved={loaded.data} />;
}

const ADDRESS_FIELDS: readonly { field: keyof Address; key: string; autoComplete: string }[] = [
  { field: 'street', key: 'settings.person.street', autoComplete: 'address-line1' },
  { field: 'suite', key: 'settings.person.suite', autoComplete: 'address-line2' },
  { field: 'city', key: 'settings.person.city', autoComplete: 'address-level2' },
  { field: 'state', key: 'settings.person.state', autoComplete: 'address-level1' },
  { field: 'postalCode', key: 'settings.person.postal-code', autoComplete: 'postal-code' },
];

function PersonForm({ saved }: { saved: PersonDetails }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const text = useMessageText();
  const [current, setCurrent] = useState(saved);
  const [draft, setDraft] = useState<PersonDetailsChange>({
    phone: saved.phone,
    birthdate: saved.birthdate,
    address: saved.address,
    ssn: '',
  });
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> }>();
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);
  const birthdateId = useId();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const problems = personProblems(draft, draft.ssn ?? '', new Date());
  const errorOf = (field: PersonField) =>
    text.rule(problems[field]) ?? failure?.fields[field] ?? null;
  const edit = (change: Partial<PersonDetailsChange>) => {
    setDone(false);
    setDraft((before) => ({ ...before, ...change }));
  };
  const editAddress = (field: keyof Address) => (value: string) =>
    edit({ address: { ...draft.address, [field]: value } });

  const save = async () => {
    setSaving(true);
    setFailure(undefined);
    try {
      const answer = await savePerson(api, draft);
      setCurrent(answer);
      setDraft({
        phone: answer.phone,
        birthdate: answer.birthdate,
        address: answer.address,
        ssn: '',
      });
      setDone(true);
    } catch (error) {
      setFailure(text.failure(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.keys(problems).length === 0 && !saving) void save();
      }}
    >
      <fieldset disabled={!current.editable}>
        <legend>{t('settings.person.person')}</legend>
        <TextInput
          label={t('settings.person.phone')}
          value={draft.phone}
          onChange={(phone) => edit({ phone })}
          error={errorOf('phone')}
          type="tel"
          autoComplete="tel"
        />
        <div className="field">
          <label className="field-label" htmlFor={birthdateId}>
            {t('settings.person.birthdate')}
          </label>
          <input
            id={birthdateId}
            className={errorOf('birthdate') ? 'input input-invalid' : 'input'}
            type="date"
            value={draft.birthdate}
            onChange={(event) => edit({ birthdate: event.target.value })}
            aria-invalid={errorOf('birthdate') ? true : undefined}
          />
          {errorOf('birthdate') && (
            <span className="field-error" role="alert">
              {errorOf('birthdate')}
            </span>
          )}
        </div>
        <TextInput
          label={t('settings.person.ssn')}
          value={draft.ssn ?? ''}
          onChange={(ssn) => edit({ ssn })}
          error={errorOf('ssn')}
          hint={
            current.ssn
              ? t('settings.person.ssn-on-file', { last4: current.ssn.last4 })
              : t('settings.person.ssn-hint')
          }
          inputMode="numeric"
          autoComplete="off"
        />
      </fieldset>
      <fieldset disabled={!current.editable}>
        <legend>{t('settings.person.address')}</legend>
        {ADDRESS_FIELDS.map(({ field, key, autoComplete }) => (
          <TextInput
            key={field}
            label={t(key)}
            value={draft.address[field]}
            onChange={editAddress(field)}
            error={errorOf(`address.${field}`)}
            autoComplete={autoComplete}
          />
        ))}
        <SelectField
          label={t('settings.person.country')}
          value={draft.address.country}
          onChange={editAddress('country')}
          options={[
            { value: '', label: t('settings.person.choose-country') },
            ...countries.map((country) => ({ value: country.code, label: country.name })),
          ]}
          error={errorOf('address.country')}
          autoComplete="country"
        />
      </fieldset>
      {failure && Object.keys(failure.fields).length === 0 && (
        <p className="field-error" role="alert">
          {failure.message}
        </p>
      )}
      {done && (
        <p className="settings-saved" role="status">
          {t('settings.page.saved')}
        </p>
      )}
      {current.editable && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {t('settings.page.save')}
          </button>
        </div>
      )}
    </form>
  );
}
