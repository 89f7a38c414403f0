import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AttentionAccount } from '../../api/overseer';
import { readOverseerDesk } from '../adminDesk/adminDeskApi';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { canEmulate, canOpen } from '../routes/access';
import { routeById } from '../routes/table';
import type { PageProps } from '../routes/types';
import { useSession } from '../session/useSession';
import { Money } from '../widgets/Money';
import { ProductRequestQueue } from './ProductRequestQueue';
import '../adminDesk/adminDesk.css';
import './uikit.css';

/** What an overseer creates for the accounts they look after (SPEC section 6). */
const OVERSEER_CREATES = ['product-add', 'recoupment-add', 'distributor-add'] as const;

/** The counts of an account's statements that need someone, each in words. */
const ATTENTION_KEYS: [keyof AttentionAccount, string][] = [
  ['needsAttention', 'admin-desk.overseer.needs-attention'],
  ['failed', 'admin-desk.overseer.failed'],
  ['waitingForFunds', 'admin-desk.overseer.waiting-for-funds'],
  ['pendingApproval', 'admin-desk.overseer.pending-approval'],
  ['missingCodes', 'admin-desk.overseer.missing-codes'],
];

/**
 * /overseer: the accounts whose statements need attention, the distributors and their templates,
 * and the codes statements name that no product has yet, each with a link to act. An emulate rw
 * holder opens the account as its owner; an overseer (emulate ro) opens its pages as staff.
 */
export function OverseerPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  const { api } = useServices();
  const desk = useLoad((signal) => readOverseerDesk(api, signal), [api]).data;
  const [emulating, setEmulating] = useState(false);
  if (!session) return null;
  const creates = OVERSEER_CREATES.map(routeById).filter((target) => canOpen(target, session));
  const mayEmulate = canEmulate(session) && !session.emulation;
  const mayEditDistributors = canOpen(routeById('distributor-edit'), session);
  const mayAddProducts = canOpen(routeById('product-add'), session);

  const emulateOwner = async (username: string, target: string) => {
    setEmulating(true);
    try {
      await api.emulate(username, false);
      window.location.assign(target);
    } catch {
      // The API client has shown the failure.
      setEmulating(false);
    }
  };

  return (
    <section className="page desk-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <section className="card" aria-labelledby="overseer-accounts">
        <h2 id="overseer-accounts">{t('admin-desk.overseer.accounts')}</h2>
        {desk?.accounts.length === 0 && (
          <p className="page-note">{t('admin-desk.overseer.no-accounts')}</p>
        )}
        <ul className="desk-accounts">
          {desk?.accounts.map((account) => {
            const first = account.firstStatementId
              ? `/statements/${encodeURIComponent(account.firstStatementId)}`
              : '/statements';
            return (
              <li key={account.accountId} data-testid="overseer-account">
                <strong>{account.name}</strong>
                <ul className="desk-counts">
                  {ATTENTION_KEYS.filter(([field]) => Number(account[field]) > 0).map(
                    ([field, key]) => (
                      <li key={field}>{t(key, { count: Number(account[field]) })}</li>
                    ),
                  )}
                </ul>
                <span className="desk-actions">
                  <Link to={first}>{t('admin-desk.overseer.open-statement')}</Link>
                  {mayEmulate && account.ownerUsername && (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      disabled={emulating}
                      onClick={() => void emulateOwner(account.ownerUsername ?? '', first)}
                    >
                      {t('admin-desk.overseer.emulate-owner')}
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      </section>
      {mayAddProducts && <ProductRequestQueue />}
      <section className="card" aria-labelledby="overseer-codes">
        <h2 id="overseer-codes">{t('admin-desk.overseer.codes')}</h2>
        {desk && (
          <p className="page-note">
            {t('admin-desk.overseer.codes-count', {
              shown: desk.codes.length,
              total: desk.codesTotal,
            })}
          </p>
        )}
        <table className="desk-table">
          <thead>
            <tr>
              <th scope="col">{t('admin-desk.overseer.code')}</th>
              <th scope="col">{t('admin-desk.overseer.rows')}</th>
              <th scope="col">{t('admin-desk.overseer.revenue')}</th>
              <th scope="col">{t('admin-desk.logs.statement')}</th>
              <th scope="col">{t('admin-desk.overseer.act')}</th>
            </tr>
          </thead>
          <tbody>
            {desk?.codes.map((code) => (
              <tr key={`${code.statementId}-${code.code}`} data-testid="overseer-code">
                <td>
                  <code>{code.code}</code>
                </td>
                <td>{code.rows}</td>
                <td>
                  {code.currency ? (
                    <Money amount={code.revenue} currency={code.currency} />
                  ) : (
                    code.revenue
                  )}
                </td>
                <td>
                  <Link to={`/statements/${encodeURIComponent(code.statementId)}`}>
                    {code.statementTitle}
                  </Link>
                  <div className="desk-sub">{code.accountName}</div>
                </td>
                <td>
                  {mayAddProducts && (
                    <Link
                      to={`/products/add?code=${encodeURIComponent(code.code)}&kind=${encodeURIComponent(code.kind)}`}
                    >
                      {t('admin-desk.overseer.add-product')}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card" aria-labelledby="overseer-distributors">
        <h2 id="overseer-distributors">{t('admin-desk.overseer.distributors')}</h2>
        <table className="desk-table">
          <thead>
            <tr>
              <th scope="col">{t('admin-desk.overseer.distributor')}</th>
              <th scope="col">{t('admin-desk.overseer.template')}</th>
              <th scope="col">{t('admin-desk.overseer.uploadable')}</th>
              <th scope="col">{t('admin-desk.overseer.statements')}</th>
              <th scope="col">{t('admin-desk.overseer.act')}</th>
            </tr>
          </thead>
          <tbody>
            {desk?.distributors.map((distributor) => (
              <tr key={distributor.id} data-testid="overseer-distributor">
                <td>
                  <Link to={`/distributors/${encodeURIComponent(distributor.id)}`}>
                    {distributor.name}
                  </Link>
                </td>
                <td>
                  {distributor.hasTemplate
                    ? t('admin-desk.overseer.yes')
                    : t('admin-desk.overseer.no')}
                </td>
                <td>
                  {distributor.uploadable
                    ? t('admin-desk.overseer.yes')
                    : t('admin-desk.overseer.no')}
                </td>
                <td>{distributor.statements}</td>
                <td>
                  {mayEditDistributors && (
                    <Link to={`/distributors/${encodeURIComponent(distributor.id)}/edit`}>
                      {t('admin-desk.overseer.edit-template')}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="card">
        <h2>{t('admin.toolkit.title')}</h2>
        <ul className="toolkit-list">
          <li>
            <Link to="?modal=emulate">{t('admin.toolkit.emulate')}</Link>
          </li>
          {creates.map((target) => (
            <li key={target.id}>
              <Link to={target.path}>{t(target.titleKey)}</Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
