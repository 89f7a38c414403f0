import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useServerText } from '../i18n/serverText';
import { countryName } from '../format/countries';
import { formatDateTime } from '../format/formatters';
import { useSession } from '../session/useSession';
import { Facts } from '../widgets/Facts';
import { TextInput } from '../widgets/TextInput';
import type { BankAccount, BankAccountAnswer, CurrencyPayout } from '../../api/bankAccount';
import { bankAccountTypes, type BankAccountType } from '../../rules/bankAccount';
import {
  accountKindOf,
  bankCountryOf,
  bankDetailsProblems,
  bankSchemeOf,
  bicRequired,
  formatSortCode,
  isValidIban,
  normalBankDetails,
  type TypedBankDetails,
} from '../../rules/bankDetails';
import { COUNTRY_CODES } from '../../rules/countries';
import { payoutMethodFor, type BankScheme, type PayoutMethod } from '../../rules/paymentRails';
import { readBankAccount, saveBankAccount, verifyBankAccount } from './paymentsApi';

const STATUS_KEYS: Record<BankAccount['status'], string> = {
  'verification-pending': 'bank-account.status.pending',
  verified: 'bank-account.status.verified',
  'verification-failed': 'bank-account.status.failed',
};

const TYPE_KEYS: Record<BankAccountType, string> = {
  checking: 'bank-account.type.checking',
  savings: 'bank-account.type.savings',
};

const PAYOUT_KEYS: Record<PayoutMethod, string> = {
  nacha: 'bank-account.payout.nacha',
  sepa: 'bank-account.payout.sepa',
  sandbox: 'bank-account.payout.sandbox',
};

/** The form's failure in the reader's language: the server's own text where it sent one. */
function useFailureText() {
  const serverText = useServerText({ email: '' });
  const { t } = useTranslation();
  return (error: unknown) =>
    error instanceof ApiError ? serverText(error.message) : t('bank-account.errors.unexpected');
}

/** How each currency reaches the account: ACH, SEPA, the payment partner, or not at all. */
function PayoutMethods({ payouts }: { payouts: readonly CurrencyPayout[] }) {
  const { t } = useTranslation();
  return (
    <ul className="bank-account-payouts" aria-label={t('bank-account.fields.payout')}>
      {payouts.map(({ currency, method }) => (
        <li key={currency}>
          <strong>{currency}</strong>:{' '}
          {method ? t(PAYOUT_KEYS[method]) : t('bank-account.payout.none')}
        </li>
      ))}
    </ul>
  );
}

/** The reference list of countries, named in the reader's language and sorted by name. */
function useCountries() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) =>
        a.name.localeCompare(b.name, language),
      ),
    [language],
  );
}

function AddBankAccount({
  answer,
  onSaved,
  onCancel,
}: {
  answer: BankAccountAnswer;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const failureText = useFailureText();
  const serverText = useServerText({ email: '' });
  const countries = useCountries();
  const [country, setCountry] = useState(answer.bankAccount?.country ?? 'US');
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [type, setType] = useState<BankAccountType>('checking');
  const [sortCode, setSortCode] = useState('');
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const scheme: BankScheme | null = bankSchemeOf(country);
  const typed: TypedBankDetails | null =
    scheme === 'aba'
      ? { scheme, routingNumber: routing, accountNumber: account, accountType: type }
      : scheme === 'sortcode'
        ? { scheme, sortCode, accountNumber: account }
        : scheme === 'iban'
          ? { scheme, iban, bic }
          : null;
  const details = typed && normalBankDetails(typed);
  const problems = details ? bankDetailsProblems(country, details) : {};
  // A field's problem shows once something is typed in it; a BIC is asked for once the IBAN says
  // its bank is outside SEPA.
  const shown = (value: string, problem: string | undefined) =>
    value && problem ? serverText(problem) : null;
  const ibanValid = scheme === 'iban' && isValidIban(iban);
  const bankCountry = details && ibanValid ? bankCountryOf(country, details) : country;
  const bicNeeded = scheme === 'iban' && bicRequired(bankCountry);
  const filled =
    scheme === 'aba'
      ? !!routing && !!account
      : scheme === 'sortcode'
        ? !!sortCode && !!account
        : scheme === 'iban' && !!iban;
  const ready = filled && !!password && Object.keys(problems).length === 0 && !saving;

  const save = async () => {
    if (!typed) return;
    setSaving(true);
    setFailure(null);
    try {
      const common = { country, password };
      await saveBankAccount(
        api,
        typed.scheme === 'aba'
          ? {
              ...common,
              scheme: 'aba',
              routingNumber: typed.routingNumber,
              accountNumber: typed.accountNumber,
              accountType: typed.accountType,
            }
          : typed.scheme === 'sortcode'
            ? {
                ...common,
                scheme: 'sortcode',
                sortCode: typed.sortCode,
                accountNumber: typed.accountNumber,
              }
            : { ...common, scheme: 'iban', iban: typed.iban, bic: typed.bic },
      );
      onSaved();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  // US and UK accounts both have an account number beside their routing number or sort code.
  const accountNumberInput = (
    <TextInput
      label={t('bank-account.fields.account')}
      value={account}
      onChange={setAccount}
      error={shown(account, problems.accountNumber)}
      inputMode="numeric"
      autoComplete="off"
    />
  );

  return (
    <form
      className="bank-account-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void save();
      }}
    >
      <label className="field">
        <span className="field-label">{t('bank-account.fields.country')}</span>
        <select
          className="input"
          value={country}
          onChange={(event) => {
            setCountry(event.target.value);
            setFailure(null);
          }}
        >
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {scheme === null && (
        <p className="field-error" role="alert">
          {t('bank-account.errors.country')}
        </p>
      )}
      {scheme === 'aba' && (
        <>
          <TextInput
            label={t('bank-account.fields.routing')}
            value={routing}
            onChange={setRouting}
            error={shown(routing, problems.routingNumber)}
            inputMode="numeric"
            autoComplete="off"
          />
          {accountNumberInput}
          <label className="field">
            <span className="field-label">{t('bank-account.fields.type')}</span>
            <select
              className="input"
              value={type}
              onChange={(event) => setType(event.target.value as BankAccountType)}
            >
              {bankAccountTypes.map((value) => (
                <option key={value} value={value}>
                  {t(TYPE_KEYS[value])}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      {scheme === 'sortcode' && (
        <>
          <TextInput
            label={t('bank-account.fields.sort-code')}
            value={sortCode}
            onChange={setSortCode}
            error={shown(sortCode, problems.sortCode)}
            inputMode="numeric"
            autoComplete="off"
          />
          {accountNumberInput}
        </>
      )}
      {scheme === 'iban' && (
        <>
          <TextInput
            label={t('bank-account.fields.iban')}
            value={iban}
            onChange={setIban}
            error={shown(iban, problems.iban)}
            autoComplete="off"
          />
          <TextInput
            label={t(bicNeeded ? 'bank-account.fields.bic' : 'bank-account.fields.bic-optional')}
            value={bic}
            onChange={setBic}
            error={ibanValid && problems.bic ? serverText(problems.bic) : null}
            autoComplete="off"
          />
        </>
      )}
      {scheme && (
        <div className="field">
          <span className="field-label">{t('bank-account.fields.payout')}</span>
          <PayoutMethods
            payouts={answer.currencies.map((currency) => ({
              currency,
              method: payoutMethodFor(answer.rail, currency, accountKindOf(scheme, bankCountry)),
            }))}
          />
        </div>
      )}
      <TextInput
        label={t('bank-account.fields.password')}
        value={password}
        onChange={setPassword}
        type="password"
        autoComplete="current-password"
      />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={!ready}>
          {t('bank-account.actions.save')}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('bank-account.actions.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function VerifyBankAccount({
  account,
  testDeposits,
  onVerified,
  onFailed,
}: {
  account: BankAccount;
  testDeposits: string[] | null;
  onVerified: () => void;
  onFailed: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const failureText = useFailureText();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const verify = async () => {
    setVerifying(true);
    setFailure(null);
    try {
      await verifyBankAccount(api, [first, second]);
      onVerified();
    } catch (error) {
      setFailure(failureText(error));
      // The tries left, or an account that must now be added again.
      if (error instanceof ApiError && error.status === 400) onFailed();
    } finally {
      setVerifying(false);
    }
  };
  return (
    <form
      className="bank-account-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (first && second && !verifying) void verify();
      }}
    >
      <p className="page-note">{t('bank-account.verify.intro')}</p>
      <MicroDepositsArrival account={account} />
      <p className="page-note">
        {t('bank-account.verify.tries-left', { count: account.triesLeft })}
      </p>
      {testDeposits && (
        <p className="page-note">
          {t('bank-account.verify.test-bank', { amounts: testDeposits.join(', ') })}
        </p>
      )}
      <TextInput
        label={t('bank-account.verify.first')}
        value={first}
        onChange={setFirst}
        inputMode="decimal"
      />
      <TextInput
        label={t('bank-account.verify.second')}
        value={second}
        onChange={setSecond}
        inputMode="decimal"
      />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={!first || !second || verifying}
        >
          {t('bank-account.actions.verify')}
        </button>
      </div>
    </form>
  );
}

function accountText(t: TFunction, account: BankAccount) {
  if (account.scheme === 'iban') return t('bank-account.summary.iban', { last4: account.last4 });
  if (account.scheme === 'sortcode') return t('bank-account.summary.uk', { last4: account.last4 });
  return t('bank-account.summary.account', {
    type: t(TYPE_KEYS[account.accountType ?? 'checking']),
    last4: account.last4,
  });
}

function Summary({ account }: { account: BankAccount }) {
  const { t, i18n } = useTranslation();
  const fact = (term: string, value: string | null) =>
    value ? [[term, value] as const] : ([] as const);
  return (
    <Facts
      items={[
        [t('bank-account.fields.account'), accountText(t, account)],
        [t('bank-account.fields.country'), countryName(account.country, i18n.language)],
        ...fact(t('bank-account.fields.routing'), account.routingNumber),
        ...fact(
          t('bank-account.fields.sort-code'),
          account.sortCode && formatSortCode(account.sortCode),
        ),
        ...fact(t('bank-account.fields.bic'), account.bic),
        ...fact(t('bank-account.fields.bank'), account.bankName),
        [t('bank-account.fields.status'), t(STATUS_KEYS[account.status])],
        [t('bank-account.fields.payout'), <PayoutMethods payouts={account.payoutMethods} />],
      ]}
    />
  );
}

/**
 * Where the person's payments go: add a bank account, confirm its two micro-deposits, replace
 * it. Only the person themself changes it (not an admin emulating them); the number shows as its
 * last 4 digits.
 */
export function BankAccountSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { session } = useSession();
  const loaded = useLoad(() => readBankAccount(api), [api]);
  const [replacing, setReplacing] = useState(false);
  const readOnly = !!session?.emulation;
  const answer = loaded.data;
  const account = answer?.bankAccount ?? null;
  const saved = () => {
    setReplacing(false);
    loaded.reload();
  };

  return (
    <section className="card" aria-labelledby="bank-account-heading">
      <h2 id="bank-account-heading" className="section-title">
        {t('bank-account.section.heading')}
      </h2>
      {loaded.status === 'loading' || !answer ? (
        <p className="page-note">{t('bank-account.section.loading')}</p>
      ) : (
        <>
          {account && <Summary account={account} />}
          {readOnly ? (
            <p className="page-note">{t('bank-account.section.emulating')}</p>
          ) : !account || replacing || account.status === 'verification-failed' ? (
            <>
              {!account && <p className="page-note">{t('bank-account.section.none')}</p>}
              {account?.status === 'verification-failed' && (
                <>
                  <p className="field-error" role="alert">
                    {t('bank-account.errors.locked')}
                  </p>
                  <p className="page-note">{t('bank-account.section.add-again')}</p>
                </>
              )}
              <AddBankAccount
                answer={answer}
                onSaved={saved}
                {...(account && replacing ? { onCancel: () => setReplacing(false) } : {})}
              />
            </>
          ) : (
            <>
              {account.status === 'verification-pending' && (
                <VerifyBankAccount
                  account={account}
                  testDeposits={answer.testDeposits}
                  onVerified={saved}
                  onFailed={() => loaded.reload()}
                />
              )}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setReplacing(true)}
              >
                {t('bank-account.actions.replace')}
              </button>
            </>
          )}
        </>
      )}
    </section>
  );
}

/**
 * When the two deposits reach the bank, as the portal's rail knows it: in the label's next bank
 * file, at a time the sandbox sets (at once, or already there), or within a window.
 */
function MicroDepositsArrival({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  const expected = account.microDepositsExpected;
  // When the page was read: the deposits due by then are there.
  const [readAt] = useState(() => Date.now() / 1000);
  let text: string | null = null;
  if (account.microDepositsInBankFile) text = t('bank-account.verify.in-bank-file');
  else if (expected && expected.from !== expected.to) {
    text = t('bank-account.verify.expected', {
      from: formatDateTime(expected.from),
      to: formatDateTime(expected.to),
    });
  } else if (expected) {
    text =
      expected.to <= readAt
        ? t('bank-account.verify.arrived')
        : t('bank-account.verify.due', { at: formatDateTime(expected.to) });
  }
  if (text === null) return null;
  return (
    <p className="page-note" data-testid="micro-deposits-expected">
      {text}
    </p>
  );
}
