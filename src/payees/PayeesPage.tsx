import { Check } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { isEmail } from '../catalog/splitChecks';
import type { PageProps } from '../routes/types';
import { useRoleLabel } from '../frame/RoleLabel';
import { TextInput } from '../widgets/TextInput';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { ClaimEmailDialog } from './ClaimEmailDialog';
import { invitePayee, listPayees, sendPayeeMail } from './payeesApi';
import '../widgets/pageParts.css';
import { INVITABLE_ROLES, type InvitableRole, type User, type UserMail } from '../../api/users';

interface PayeeRow extends User {
  /** Their e-mail, or that they have none yet. */
  login: string;
  statusLabel: string;
  pending: boolean;
}

function ManagerCell({ row }: CellProps<PayeeRow>) {
  const { t } = useTranslation();
  // SPEC section 6: a warranter shows with a checkmark in the manager column.
  return row.warranter ? (
    <Check
      className="warranter-mark"
      size={18}
      role="img"
      aria-label={t('payees.list.warranter')}
    />
  ) : null;
}

function RolesCell({ row }: CellProps<PayeeRow>) {
  const roleLabel = useRoleLabel();
  return <>{row.roles.map(roleLabel).join(', ')}</>;
}

const SENT_KEYS: Record<UserMail, string> = {
  'claim-notification': 'payees.mail.claim-sent',
  'password-reset': 'payees.mail.reset-sent',
  activation: 'payees.mail.activation-sent',
};

/** /users: the payees; invite by e-mail or add by name alone, send claim, reset and activation e-mails. */
export function PayeesPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api, toasts } = useServices();
  const roleLabel = useRoleLabel();
  const [search, setSearch] = useState('');
  const [email, setEmail] = useState('');
  const [fullname, setFullname] = useState('');
  const [role, setRole] = useState<InvitableRole>('payee');
  const [inviting, setInviting] = useState(false);
  const [claiming, setClaiming] = useState<User | null>(null);
  // By e-mail (invited) or by name alone (to be claimed later, SPEC section 4).
  const byName = !email.trim();
  const mayAdd = byName ? fullname.trim() !== '' : isEmail(email);

  const payees = useLoad((signal) => listPayees(api, search.trim(), signal), [api, search]);

  const send = (payee: User, mail: UserMail) =>
    sendPayeeMail(api, payee.id, mail).then(
      () =>
        toasts.send({
          type: 'toast.add',
          toast: { type: 'success', content: t(SENT_KEYS[mail], { name: payee.fullname }) },
        }),
      () => undefined,
    );

  const invite = (event: FormEvent) => {
    event.preventDefault();
    if (!mayAdd) return;
    setInviting(true);
    invitePayee(api, {
      ...(byName ? {} : { email: email.trim() }),
      ...(fullname.trim() ? { fullname: fullname.trim() } : {}),
      role,
    }).then(
      (payee) => {
        setInviting(false);
        setEmail('');
        setFullname('');
        payees.reload();
        toasts.send({
          type: 'toast.add',
          toast: {
            type: 'success',
            content: payee.username
              ? t('payees.invite.sent', { email: payee.username })
              : t('payees.invite.added', { name: payee.fullname }),
          },
        });
      },
      // The client has shown the server's text (an e-mail already in use).
      () => setInviting(false),
    );
  };

  const columns: ListColumn<PayeeRow>[] = [
    { label: t('payees.list.name'), key: 'fullname', width: 180, flexGrow: 2 },
    { label: t('payees.list.username'), key: 'login', width: 220, flexGrow: 2 },
    { label: t('payees.list.roles'), key: 'roles', width: 160, component: RolesCell },
    { label: t('payees.list.status'), key: 'statusLabel', width: 100 },
    {
      label: t('payees.list.manager'),
      key: 'warranter',
      width: 110,
      textAlign: 'center',
      component: ManagerCell,
    },
    { label: t('payees.list.last-login'), key: 'lastLogin', width: 170, format: 'datetime' },
    {
      label: t('payees.list.claim'),
      key: 'claim',
      width: 160,
      btnLabel: t('payees.mail.claim'),
      action: (row) => (row.username ? void send(row, 'claim-notification') : setClaiming(row)),
      disabled: (row) => !row.pending,
    },
    {
      label: t('payees.list.activation'),
      key: 'activation',
      width: 170,
      btnLabel: t('payees.mail.activation'),
      action: (row) => void send(row, 'activation'),
      disabled: (row) => !row.pending || !row.username,
    },
    {
      label: t('payees.list.reset'),
      key: 'reset',
      width: 170,
      btnLabel: t('payees.mail.reset'),
      action: (row) => void send(row, 'password-reset'),
      disabled: (row) => !row.username,
    },
  ];
  const listed = payees.status === 'ready' ? payees.data.items : [];
  const rows: PayeeRow[] = listed.map((payee) => ({
    ...payee,
    login: payee.username ?? t('payees.list.no-email'),
    pending: payee.status !== 'active',
    statusLabel:
      payee.status === 'active' ? t('payees.list.status-active') : t('payees.list.status-pending'),
  }));

  return (
    <section className="page catalog-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <form className="card catalog-toolbar" onSubmit={invite} noValidate>
        <TextInput
          label={t('payees.invite.email')}
          value={email}
          onChange={setEmail}
          size="small"
          type="email"
          validator={(value) =>
            value.trim() && !isEmail(value) ? t('payees.invite.invalid-email') : null
          }
        />
        <TextInput
          label={t('payees.invite.fullname')}
          value={fullname}
          onChange={setFullname}
          size="small"
        />
        <label className="field">
          <span className="field-label">{t('payees.invite.role')}</span>
          <select
            className="input"
            value={role}
            onChange={(event) => setRole(event.target.value as InvitableRole)}
          >
            {INVITABLE_ROLES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {roleLabel(candidate)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary" disabled={inviting || !mayAdd}>
          {byName ? t('payees.invite.add') : t('payees.invite.send')}
        </button>
      </form>
      <div className="catalog-toolbar">
        <TextInput
          label={t('payees.list.search')}
          value={search}
          onChange={setSearch}
          size="small"
          type="search"
        />
      </div>
      <List
        label={t('payees.list.table-label')}
        columns={columns}
        rows={rows}
        loading={payees.status === 'loading'}
        loadingText={t('payees.list.loading')}
        emptyText={t('payees.list.empty')}
        maxRows={14}
      />
      {claiming && (
        <ClaimEmailDialog
          payee={claiming}
          onClose={() => setClaiming(null)}
          onSent={() => {
            toasts.send({
              type: 'toast.add',
              toast: {
                type: 'success',
                content: t('payees.mail.claim-sent', { name: claiming.fullname }),
              },
            });
            setClaiming(null);
            payees.reload();
          }}
        />
      )}
    </section>
  );
}
