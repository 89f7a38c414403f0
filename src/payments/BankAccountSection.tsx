import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useServerText } from '../i18n/serverText';
import { formatDateTime } from '../format/formatters';
import { useSession } from '../session/useSession';
import { Facts } from '../widgets/Facts';
import { TextInput } from '../widgets/TextInput';
import type { BankAccount } from '../../api/bankAccount';
import {
  bankAccountTypes,
  isValidAccountNumber,
  isValidRoutingNumber,
  type BankAccountType,
} from '../../rules/bankAccount';
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

/** The form's failure in the reader's language: the server's own text where it sent one. */
function useFailureText() {
  const serverText = useServerText({ email: '' });
  const { t } = useTranslation();
  return (error: unknown) =>
    error instanceof ApiError ? serverText(error.message) : t('bank-account.errors.unexpected');
}

function AddBankAccount({ onSaved, onCancel }: { onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const failureText = useFailureText();
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [type, setType] = useState<BankAccountType>('checking');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const routingError =
    routing && !isValidRoutingNumber(routing.trim()) ? t('bank-account.errors.routing') : null;
  const accountError =
    account && !isValidAccountNumber(account.trim()) ? t('bank-account.errors.account') : null;
  const ready = !!routing && !!account && !!password && !routingError && !accountError && !saving;

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await saveBankAccount(api, {
        routingNumber: routing,
        accountNumber: account,
        accountType: type,
        password,
      });
      onSaved();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="bank-account-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void save();
      }}
    >
      <TextInput
        label={t('bank-account.fields.routing')}
        value={routing}
        onChange={setRouting}
        error={routingError}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextInput
        label={t('bank-account.fields.account')}
        value={account}
        onChange={setAccount}
        error={accountError}
        inputMode="numeric"
        autoComplete="off"
      />
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
      {account.microDepositsExpected && (
        <p className="page-note" data-testid="micro-deposits-expected">
          {t('bank-account.verify.expected', {
            from: formatDateTime(account.microDepositsExpected.from),
            to: formatDateTime(account.microDepositsExpected.to),
          })}
        </p>
      )}
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

function Summary({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  return (
    <Facts
      items={[
        [
          t('bank-account.fields.account'),
          t('bank-account.summary.account', {
            type: t(TYPE_KEYS[account.accountType]),
            last4: account.last4,
          }),
        ],
        [t('bank-account.fields.routing'), account.routingNumber],
        ...(account.bankName ? [[t('bank-account.fields.bank'), account.bankName] as const] : []),
        [t('bank-account.fields.status'), t(STATUS_KEYS[account.status])],
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
