import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../widgets/TextInput';
import { SelectField } from './SelectField';
import type { Address } from '../../api/business';
import { COUNTRY_CODES } from '../../rules/countries';
import { isValidPostalCode } from '../../rules/postalCodes';

export const EMPTY_ADDRESS: Address = {
  street: '',
  suite: null,
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
};

/** Every country of the reference list, named in the reader's language and sorted by it. */
function useCountries() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, i18n.language),
    );
  }, [i18n.language]);
}

export const addressComplete = (address: Address) =>
  !!address.street.trim() &&
  !!address.city.trim() &&
  isValidPostalCode(address.country, address.postalCode);

/** Street, suite, city, state, postal code (checked per country as typed) and country. */
export function AddressFields({
  value,
  onChange,
  legend,
}: {
  value: Address;
  onChange: (next: Address) => void;
  legend: string;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const set = (field: keyof Address) => (text: string) => onChange({ ...value, [field]: text });
  const postalError =
    value.postalCode && !isValidPostalCode(value.country, value.postalCode)
      ? t('business.errors.postal-code')
      : null;
  return (
    <fieldset className="address-fields">
      <legend>{legend}</legend>
      <TextInput
        label={t('business.address.street')}
        value={value.street}
        onChange={set('street')}
        required
      />
      <TextInput
        label={t('business.address.suite')}
        value={value.suite ?? ''}
        onChange={(text) => onChange({ ...value, suite: text || null })}
      />
      <TextInput
        label={t('business.address.city')}
        value={value.city}
        onChange={set('city')}
        required
      />
      <TextInput label={t('business.address.state')} value={value.state} onChange={set('state')} />
      <TextInput
        label={t('business.address.postal-code')}
        value={value.postalCode}
        onChange={set('postalCode')}
        error={postalError}
        required
      />
      <SelectField
        label={t('business.address.country')}
        value={value.country}
        onChange={(country) => onChange({ ...value, country })}
      >
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
