import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../widgets/TextInput';
import { SelectField } from '../widgets/SelectField';
import type { Address } from '../../api/address';
import { countryOptions } from '../format/countries';
import { isValidPostalCode } from '../../rules/postalCodes';

export const EMPTY_ADDRESS: Address = {
  street: '',
  suite: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
};

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
  const { i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
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
      <TextInput label={t('business.address.suite')} value={value.suite} onChange={set('suite')} />
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
        options={countries.map((country) => ({ value: country.code, label: country.name }))}
      />
    </fieldset>
  );
}
