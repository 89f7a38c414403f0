import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { lockPerson, sendPersonMail, unlockPerson } from '../business/businessApi';
import { useBusinessText } from '../business/businessText';
import { formatDateTime } from '../format/formatters';
import type { AccountPerson, AdminAccount } from '../../api/adminAccounts';
import { DeletePersonDialog } from './DeletePersonDialog';
import { useCompletionText } from './completionText';

const STATUS_KEYS: Record<string, string> = {
  pending: 'admin-account.status.pending',
  active: 'admin-account.status.active',
  deleted: 'admin-account.status.deleted',
};

const BANK_KEYS: Record<AccountPerson['bankAccount'], string> = {
  none: 'admin-account.bank.none',
  'verification-pending': 'admin-account.bank.pending',
  verified: 'admin-account.bank.verified',
};

/** The account's people: status, last login, lock, bank account, what each still needs. */
export function AccountPeople({
  account,
  onChanged,
  reload,
}: {
  account: AdminAccount;
  onChanged: (next: AdminAccount) => void;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { failure } = useBusinessText();
  const completion = useCompletionText();
  const [deleting, setDeleting] = useState<AccountPerson | null>(null);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);

  const act = async (work: () => Promise<unknown>, done: string) => {
    setNotice(null);
    try {
      const answer = await work();
      if (answer && typeof answer === 'object' && 'people' in answer)
        onChanged(answer as AdminAccount);
      else reload();
      setNotice({ text: done, failed: false });
    } catch (error) {
      setNotice({ text: failure(error), failed: true });
    }
  };

  return (
    <section className="card" aria-labelledby="account-people-heading">
      <h2 id="account-people-heading" className="section-title">
        {t('admin-account.people.heading')}
      </h2>
      {notice && (
        <p
          className={notice.failed ? 'field-error' : 'page-note'}
          role={notice.failed ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <table className="people-table">
        <thead>
          <tr>
            <th scope="col">{t('admin-account.people.name')}</th>
            <th scope="col">{t('admin-account.people.status')}</th>
            <th scope="col">{t('admin-account.people.last-login')}</th>
            <th scope="col">{t('admin-account.people.lock')}</th>
            <th scope="col">{t('admin-account.people.bank')}</th>
            <th scope="col">{t('admin-account.people.missing')}</th>
            <th scope="col">{t('admin-account.people.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {account.people.map((person) => {
            const deleted = person.status === 'deleted';
            return (
              <tr key={person.id}>
                <td>
                  {person.fullname}
                  {person.username && <div className="page-note">{person.username}</div>}
                </td>
                <td>{t(STATUS_KEYS[person.status] ?? 'admin-account.status.active')}</td>
                <td>
                  {person.lastLogin
                    ? formatDateTime(person.lastLogin)
                    : t('admin-account.people.never')}
                </td>
                <td>
                  {person.lockedUntil
                    ? t('admin-account.people.locked-until', {
                        time: formatDateTime(person.lockedUntil),
                      })
                    : t('admin-account.people.not-locked')}
                </td>
                <td>{t(BANK_KEYS[person.bankAccount])}</td>
                <td>
                  {person.missing.length === 0
                    ? t('admin-account.completion.nothing')
                    : person.missing.map(completion).join(', ')}
                </td>
                <td>
                  {!deleted && (
                    <div className="row-actions">
                      {person.lockedUntil ? (
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() =>
                            void act(
                              () => unlockPerson(api, person.id),
                              t('admin-account.done.unlocked'),
                            )
                          }
                        >
                          {t('admin-account.actions.unlock')}
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() =>
                            void act(
                              () => lockPerson(api, person.id),
                              t('admin-account.done.locked'),
                            )
                          }
                        >
                          {t('admin-account.actions.lock')}
                        </button>
                      )}
                      {person.username && person.status === 'pending' && (
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() =>
                            void act(
                              () => sendPersonMail(api, person.id, 'claim-notification'),
                              t('admin-account.done.mail-sent'),
                            )
                          }
                        >
                          {t('admin-account.actions.claim')}
                        </button>
                      )}
                      {person.username && (
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() =>
                            void act(
                              () => sendPersonMail(api, person.id, 'password-reset'),
                              t('admin-account.done.mail-sent'),
                            )
                          }
                        >
                          {t('admin-account.actions.reset')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={t('admin-account.actions.delete-named', {
                          name: person.fullname,
                        })}
                        onClick={() => setDeleting(person)}
                      >
                        {t('admin-account.actions.delete')}
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {deleting && (
        <DeletePersonDialog
          person={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(next) => {
            setDeleting(null);
            onChanged(next);
            setNotice({ text: t('admin-account.done.deleted'), failed: false });
          }}
        />
      )}
    </section>
  );
}
