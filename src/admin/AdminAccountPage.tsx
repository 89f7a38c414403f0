import { AccountReplay } from '../history/HistorySections';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { readAdminAccount, searchAccounts } from '../business/businessApi';
import { STATE_KEYS } from '../business/CertificationSection';
import { Facts } from '../widgets/Facts';
import { TextInput } from '../widgets/TextInput';
import type { AdminAccount } from '../../api/adminAccounts';
import type { PageProps } from '../routes/types';
import { AccountPeople } from './AccountPeople';
import { useCompletionText } from './completionText';

/**
 * The admin's view of any account: found by its name or one of its people, what is missing
 * before it can be paid, and each person's logins, locks and e-mails, and delete.
 */
export function AdminAccountPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const completion = useCompletionText();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const accountId = params.get('account');
  const found = useLoad(
    (signal) => (query.trim().length > 2 ? searchAccounts(api, query.trim(), signal) : null),
    [api, query],
  );
  const loaded = useLoad(
    () => (accountId ? readAdminAccount(api, accountId) : null),
    [api, accountId],
  );
  const [changed, setChanged] = useState<AdminAccount | null>(null);
  const account = changed?.account.id === accountId ? changed : (loaded.data ?? null);

  return (
    <section className="page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <div className="card">
        <TextInput
          label={t('admin-account.search.label')}
          hint={t('admin-account.search.hint')}
          value={query}
          onChange={setQuery}
          type="search"
        />
        {query.trim().length > 2 && found.data && (
          <ul className="account-results" aria-label={t('admin-account.search.results')}>
            {found.data.items.length === 0 && <li>{t('admin-account.search.none')}</li>}
            {found.data.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="button button-link"
                  aria-current={item.id === accountId}
                  onClick={() => {
                    setChanged(null);
                    setParams({ q: query, account: item.id });
                  }}
                >
                  {item.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {account && (
        <>
          <section className="card" aria-labelledby="account-completion-heading">
            <h2 id="account-completion-heading" className="section-title">
              {account.account.name}
            </h2>
            <Facts
              items={[
                [t('admin-account.account.type'), account.account.type],
                [
                  t('admin-account.account.business'),
                  account.businessState
                    ? t(STATE_KEYS[account.businessState])
                    : t('admin-account.account.not-business'),
                ],
                [
                  t('admin-account.account.missing'),
                  account.missing.length === 0
                    ? t('admin-account.completion.nothing')
                    : account.missing.map(completion).join(', '),
                ],
              ]}
            />
          </section>
          <AccountPeople
            account={account}
            onChanged={setChanged}
            reload={() => {
              setChanged(null);
              loaded.reload();
            }}
          />
          <AccountReplay accountId={account.account.id} stateKey={account} />
        </>
      )}
    </section>
  );
}
