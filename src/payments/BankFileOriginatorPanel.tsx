import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useServerText } from '../i18n/serverText';
import { useSession } from '../session/useSession';
import { TextInput } from '../widgets/TextInput';
import type { BankFileOriginator, NachaOriginator } from '../../api/bankFileOriginator';
import {
  checkNachaOriginatorFields,
  checkSepaDebtorFields,
  NACHA_NAME_LENGTHS,
  nachaOriginatorFields,
  nachaProblemText,
  SEPA_NAME_LENGTH,
  sepaProblemText,
  type NachaOriginatorField,
  type SepaDebtorFields,
} from '../../rules/bankFileOriginator';
import { readBankFileOriginator, saveBankFileOriginator } from './paymentsApi';

const EMPTY_NACHA: NachaOriginator = {
  immediateDestination: '',
  immediateDestinationName: '',
  immediateOrigin: '',
  immediateOriginName: '',
  companyName: '',
  companyId: '',
  odfiRouting: '',
};

/** Each field's label, by the name its bank-file part gives it. */
const FIELD_LABEL_KEYS: Record<NachaOriginatorField, string> = {
  immediateDestination: 'bank-files.originator.immediate-destination',
  immediateDestinationName: 'bank-files.originator.immediate-destination-name',
  immediateOrigin: 'bank-files.originator.immediate-origin',
  immediateOriginName: 'bank-files.originator.immediate-origin-name',
  companyName: 'bank-files.originator.company-name',
  companyId: 'bank-files.originator.company-id',
  odfiRouting: 'bank-files.originator.odfi-routing',
};

const MAX_LENGTHS: Record<NachaOriginatorField, number> = {
  immediateDestination: 9,
  immediateOrigin: 10,
  companyId: 10,
  odfiRouting: 9,
  ...NACHA_NAME_LENGTHS,
};

/** Each field's problem as the form shows it, by the path the server names it with. */
type Problems = Map<string, string>;

function OriginatorForm({
  settings,
  onSaved,
}: {
  settings: BankFileOriginator;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const { session } = useSession();
  const serverText = useServerText({ email: '' });
  // An admin emulating the label's owner reads these details; only the owner sets them.
  const readOnly = !!session?.emulation;
  const [usesNacha, setUsesNacha] = useState(settings.nacha !== null);
  const [nacha, setNacha] = useState<NachaOriginator>(settings.nacha ?? EMPTY_NACHA);
  const [usesSepa, setUsesSepa] = useState(settings.sepa !== null);
  const [sepa, setSepa] = useState<SepaDebtorFields>({
    name: settings.sepa?.name ?? '',
    iban: '',
    bic: settings.sepa?.bic ?? '',
  });
  const [tried, setTried] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problems>(new Map());
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const problems: Problems = new Map();
  if (usesNacha) {
    for (const problem of checkNachaOriginatorFields(nacha)) {
      problems.set(`nacha/${problem.field}`, serverText(nachaProblemText(problem)));
    }
  }
  if (usesSepa) {
    for (const problem of checkSepaDebtorFields(sepa, settings.sepa !== null)) {
      problems.set(`sepa/${problem.field}`, serverText(sepaProblemText(problem)));
    }
  }
  // A field's problem shows once it holds something, or after a try to save.
  const errorOf = (path: string, value: string) =>
    serverProblems.get(path) ??
    (tried || value.trim() !== '' ? (problems.get(path) ?? null) : null);

  const save = async () => {
    setTried(true);
    if (problems.size > 0) return;
    setSaving(true);
    setFailure(null);
    setServerProblems(new Map());
    try {
      await saveBankFileOriginator(api, {
        version: settings.version,
        nacha: usesNacha ? nacha : null,
        sepa: usesSepa ? sepa : null,
      });
      toasts.send({
        type: 'toast.add',
        toast: { type: 'success', content: t('bank-files.originator.saved') },
      });
      onSaved();
    } catch (error) {
      if (error instanceof ApiError) {
        setServerProblems(
          new Map(error.fieldErrors.map((field) => [field.path, serverText(field.message)])),
        );
        setFailure(serverText(error.message));
      } else setFailure(t('bank-files.originator.unexpected'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="payment-settings-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving && !readOnly) void save();
      }}
    >
      <p className="page-note">{t('bank-files.originator.note')}</p>
      <fieldset className="bank-file-originator" disabled={readOnly}>
        <legend className="field-label">{t('bank-files.originator.nacha-heading')}</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={usesNacha}
            onChange={(event) => setUsesNacha(event.target.checked)}
          />
          <span>{t('bank-files.originator.nacha-use')}</span>
        </label>
        {usesNacha &&
          nachaOriginatorFields.map((field) => (
            <TextInput
              key={field}
              name={`nacha-${field}`}
              label={t(FIELD_LABEL_KEYS[field])}
              value={nacha[field]}
              onChange={(value) => setNacha((current) => ({ ...current, [field]: value }))}
              error={errorOf(`nacha/${field}`, nacha[field])}
              maxLength={MAX_LENGTHS[field]}
              autoComplete="off"
              {...(field === 'immediateDestination' || field === 'odfiRouting'
                ? { inputMode: 'numeric' as const }
                : {})}
            />
          ))}
      </fieldset>
      <fieldset className="bank-file-originator" disabled={readOnly}>
        <legend className="field-label">{t('bank-files.originator.sepa-heading')}</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={usesSepa}
            onChange={(event) => setUsesSepa(event.target.checked)}
          />
          <span>{t('bank-files.originator.sepa-use')}</span>
        </label>
        {usesSepa && (
          <>
            <TextInput
              name="sepa-name"
              label={t('bank-files.originator.name')}
              value={sepa.name}
              onChange={(name) => setSepa((current) => ({ ...current, name }))}
              error={errorOf('sepa/name', sepa.name)}
              maxLength={SEPA_NAME_LENGTH}
            />
            <TextInput
              name="sepa-iban"
              label={t('bank-files.originator.iban')}
              value={sepa.iban}
              onChange={(iban) => setSepa((current) => ({ ...current, iban }))}
              error={errorOf('sepa/iban', sepa.iban)}
              maxLength={42}
              autoComplete="off"
              {...(settings.sepa
                ? { hint: t('bank-files.originator.iban-kept', { last4: settings.sepa.ibanLast4 }) }
                : {})}
            />
            <TextInput
              name="sepa-bic"
              label={t('bank-files.originator.bic')}
              value={sepa.bic}
              onChange={(bic) => setSepa((current) => ({ ...current, bic }))}
              error={errorOf('sepa/bic', sepa.bic)}
              maxLength={11}
              autoComplete="off"
            />
          </>
        )}
      </fieldset>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {!readOnly && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {t('bank-files.originator.save')}
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * The label's own bank details its bank files carry (the ACH originator, the SEPA debtor), on
 * /payments under the bank-file rail, for the label's owner. Payees never see them.
 */
export function BankFileOriginatorPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLoad(() => readBankFileOriginator(api), [api]);
  const [rounds, setRounds] = useState(0);
  return (
    <section className="card payment-settings" aria-labelledby="bank-file-originator-heading">
      <h2 id="bank-file-originator-heading" className="section-title">
        {t('bank-files.originator.heading')}
      </h2>
      {loaded.data ? (
        <OriginatorForm
          key={`${loaded.data.version}:${rounds}`}
          settings={loaded.data}
          onSaved={() => {
            setRounds(rounds + 1);
            loaded.reload();
          }}
        />
      ) : (
        <p className="page-note">{t('bank-files.originator.loading')}</p>
      )}
    </section>
  );
}
