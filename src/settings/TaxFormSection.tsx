import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '../../api/address';
import type { TaxForm, TaxFormAnswer, TaxFormInput } from '../../api/taxForms';
import type { TaxFormKind } from '../../rules/taxForms';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { AddressFields, EMPTY_ADDRESS } from '../business/AddressFields';
import { countryOptions } from '../format/countries';
import { formatDate } from '../format/formatters';
import { Facts } from '../widgets/Facts';
import { Money } from '../widgets/Money';
import { SelectField } from '../widgets/SelectField';
import { TextInput } from '../widgets/TextInput';
import { CHAPTER3_KEYS, KIND_KEYS, STATUS_KEYS, TEXT_KEYS, taxFormFailure } from './taxFormText';

const quiet = { quiet: true };

/** A form's facts as signed: never more of the TIN than its last 4 digits. */
function SignedForm({ form }: { form: TaxForm }) {
  const { t } = useTranslation();
  return (
    <Facts
      items={[
        [t('tax-forms.fields.form'), t(KIND_KEYS[form.kind])],
        [t('tax-forms.fields.name'), form.name],
        ...(form.tinLast4
          ? [[t('tax-forms.fields.tin'), `•••••${form.tinLast4}`] as [string, string]]
          : []),
        [t('tax-forms.fields.signer'), form.signerName],
        [t('tax-forms.fields.signed'), formatDate(form.signedAt)],
        [
          t('tax-forms.fields.expires'),
          form.expiresAt === null
            ? t('tax-forms.page.never-expires')
            : formatDate(form.expiresAt - 1),
        ],
      ]}
    />
  );
}

/**
 * The payee's tax form (issue 42): the form asked of them (a W-9 of a US person, a W-8BEN of an
 * individual abroad, a W-8BEN-E of an entity abroad), its status, the form to fill and sign, the
 * forms signed before and the year-end copies. Payments wait until a valid form is signed.
 */
export function TaxFormSection() {
  const { api } = useServices();
  const loaded = useLoad((signal) => api.get<TaxFormAnswer>('tax-form', { signal }), [api]);
  if (!loaded.data) return null;
  return (
    <TaxFormPanel answer={loaded.data} onSaved={loaded.reload} key={loaded.data.history.length} />
  );
}

/** The status, the form to sign, the year-end copies and the forms signed before. */
function TaxFormPanel({ answer, onSaved }: { answer: TaxFormAnswer; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [kind, setKind] = useState<TaxFormKind>(answer.current?.kind ?? answer.asked);
  const [name, setName] = useState(answer.current?.name ?? answer.prefill.name);
  const [tin, setTin] = useState('');
  const [address, setAddress] = useState<Address>(
    answer.current?.address ??
      (answer.prefill.address.country ? answer.prefill.address : EMPTY_ADDRESS),
  );
  const [country, setCountry] = useState(answer.current?.country ?? '');
  const [chapter3Status, setChapter3Status] = useState(answer.current?.chapter3Status ?? '');
  const [claimsTreaty, setClaimsTreaty] = useState(answer.current?.treaty != null);
  const [treaty, setTreaty] = useState(
    answer.current?.treaty ?? { country: '', article: '', rate: '' },
  );
  const [signer, setSigner] = useState('');
  const [certify, setCertify] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countries = countryOptions(i18n.language).map((option) => ({
    value: option.code,
    label: option.name,
  }));
  const kinds: TaxFormKind[] = answer.business ? ['w9', 'w8ben-e'] : ['w9', 'w8ben'];

  const sign = async () => {
    setBusy(true);
    setProblem(null);
    const input: TaxFormInput = {
      kind,
      name,
      tin: kind === 'w9' ? tin : '',
      address,
      country: kind === 'w9' ? '' : country,
      chapter3Status: kind === 'w8ben-e' ? chapter3Status : '',
      treaty: kind !== 'w9' && claimsTreaty ? treaty : null,
      signerName: signer,
      certify,
    };
    try {
      await api.post<TaxFormAnswer>('tax-form', input, quiet);
      onSaved();
    } catch (error) {
      setProblem(taxFormFailure(t, error));
    } finally {
      setBusy(false);
    }
  };
  const download = async (year: number) => {
    try {
      await api.get(`tax-form/documents/${year}`, { format: 'file' });
    } catch {
      // The API client has shown the failure.
    }
  };
  const years = [...new Set(answer.documents.map((document) => document.year))];

  return (
    <div className="settings-form">
      <section className="card" aria-labelledby="tax-form-status-heading">
        <h2 id="tax-form-status-heading" className="section-title">
          {t('tax-forms.page.title')}
        </h2>
        <Facts
          items={[
            [t('tax-forms.fields.asked'), t(KIND_KEYS[answer.asked])],
            [t('tax-forms.fields.status'), t(STATUS_KEYS[answer.status])],
          ]}
        />
        {answer.status !== 'valid' && (
          <p className="page-note" role="status">
            {t('tax-forms.page.payments-wait')}
          </p>
        )}
        {answer.current && <SignedForm form={answer.current} />}
      </section>

      <form
        className="card"
        aria-labelledby="tax-form-sign-heading"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void sign();
        }}
      >
        <h2 id="tax-form-sign-heading" className="section-title">
          {answer.current ? t('tax-forms.page.sign-new') : t('tax-forms.page.sign-first')}
        </h2>
        <SelectField
          label={t('tax-forms.fields.form')}
          value={kind}
          onChange={(next) => setKind(next as TaxFormKind)}
          options={kinds.map((value) => ({ value, label: t(KIND_KEYS[value]) }))}
        />
        <TextInput label={t('tax-forms.fields.name')} value={name} onChange={setName} required />
        {kind === 'w9' && (
          <TextInput
            label={t('tax-forms.fields.tin')}
            value={tin}
            onChange={setTin}
            autoComplete="off"
            hint={
              answer.tinOnFile
                ? t('tax-forms.page.tin-on-file', { last4: answer.tinOnFile.last4 })
                : t('tax-forms.page.tin-hint')
            }
          />
        )}
        {kind !== 'w9' && (
          <SelectField
            label={
              kind === 'w8ben'
                ? t('tax-forms.fields.citizenship')
                : t('tax-forms.fields.organization')
            }
            value={country}
            onChange={setCountry}
            options={countries}
            required
          />
        )}
        {kind === 'w8ben-e' && (
          <SelectField
            label={t('tax-forms.fields.chapter3')}
            value={chapter3Status}
            onChange={setChapter3Status}
            options={answer.chapter3Statuses.map((value) => ({
              value,
              label: t(CHAPTER3_KEYS[value] ?? value),
            }))}
            required
          />
        )}
        <AddressFields
          value={address}
          onChange={setAddress}
          legend={
            kind === 'w9' ? t('tax-forms.fields.address') : t('tax-forms.fields.foreign-address')
          }
        />
        {kind !== 'w9' && (
          <>
            <label className="field checkbox-field">
              <input
                type="checkbox"
                checked={claimsTreaty}
                onChange={(event) => setClaimsTreaty(event.target.checked)}
              />
              <span>{t('tax-forms.fields.claims-treaty')}</span>
            </label>
            {claimsTreaty && (
              <fieldset className="address-fields">
                <legend>{t('tax-forms.fields.treaty')}</legend>
                <SelectField
                  label={t('tax-forms.fields.treaty-country')}
                  value={treaty.country}
                  onChange={(value) => setTreaty({ ...treaty, country: value })}
                  options={countries}
                  required
                />
                <TextInput
                  label={t('tax-forms.fields.treaty-article')}
                  value={treaty.article}
                  onChange={(value) => setTreaty({ ...treaty, article: value })}
                  required
                />
                <TextInput
                  label={t('tax-forms.fields.treaty-rate')}
                  value={treaty.rate}
                  onChange={(value) => setTreaty({ ...treaty, rate: value })}
                  required
                />
              </fieldset>
            )}
          </>
        )}
        <blockquote className="certified-text">{t(TEXT_KEYS[kind])}</blockquote>
        <label className="field checkbox-field">
          <input
            type="checkbox"
            checked={certify}
            onChange={(event) => setCertify(event.target.checked)}
          />
          <span>{t('tax-forms.fields.certify')}</span>
        </label>
        <TextInput
          label={t('tax-forms.fields.signer')}
          value={signer}
          onChange={setSigner}
          required
        />
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <div className="form-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={busy || !certify || !signer.trim()}
          >
            {t('tax-forms.page.sign')}
          </button>
        </div>
      </form>

      <section className="card" aria-labelledby="tax-form-documents-heading">
        <h2 id="tax-form-documents-heading" className="section-title">
          {t('tax-forms.documents.title')}
        </h2>
        {answer.documents.length === 0 ? (
          <p className="page-note">{t('tax-forms.documents.none')}</p>
        ) : (
          <ul className="settings-documents">
            {answer.documents.map((document) => (
              <li key={`${document.year}-${document.payer}-${document.currency}`}>
                <strong>
                  {document.form} {document.year}
                </strong>{' '}
                {document.payer} <Money amount={document.amount} currency={document.currency} />
              </li>
            ))}
          </ul>
        )}
        {years.map((year) => (
          <button
            key={year}
            type="button"
            className="button button-secondary"
            onClick={() => void download(year)}
          >
            {t('tax-forms.documents.download', { year })}
          </button>
        ))}
      </section>

      {answer.history.length > 1 && (
        <section className="card" aria-labelledby="tax-form-history-heading">
          <h2 id="tax-form-history-heading" className="section-title">
            {t('tax-forms.page.history')}
          </h2>
          {answer.history
            .filter((form) => form.supersededAt !== null)
            .map((form) => (
              <SignedForm key={form.id} form={form} />
            ))}
        </section>
      )}
    </div>
  );
}
