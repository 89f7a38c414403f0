import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { LabelAccountSelect } from '../catalog/LabelAccountSelect';
import { formatDate, formatDateTime } from '../format/formatters';
import { CopyButton } from '../widgets/CopyButton';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { ConfirmModal } from '../widgets/ConfirmModal';
import { INTAKE_KEY_NAME_MAX, type IntakeKey } from '../../api/intakeKeys';
import { createIntakeKey, listIntakeKeys, revokeIntakeKey } from './distributorsApi';
import { useLabelAccountLoad } from './labelAccountLoad';

/** The server's words for a name already used (server/routes/intakeKeys.ts). */
const NAME_TAKEN_TEXT = 'A key of this distributor already has this name: choose another.';

/** A key as a row of the list: `live` shows the revoke button on the keys still in use. */
type KeyRow = IntakeKey & { live: boolean };

function StatusCell({ row }: CellProps<KeyRow>) {
  const { t } = useTranslation();
  return row.revokedAt === null ? (
    <span className="intake-key-live">{t('distributors.intake.live')}</span>
  ) : (
    <span className="intake-key-revoked">
      {t('distributors.intake.revoked', { date: formatDate(row.revokedAt) })}
    </span>
  );
}

function LastUsedCell({ row }: CellProps<KeyRow>) {
  const { t } = useTranslation();
  return (
    <>{row.lastUsedAt === null ? t('distributors.intake.never') : formatDateTime(row.lastUsedAt)}</>
  );
}

function PrefixCell({ row }: CellProps<KeyRow>) {
  return <code>{`${row.prefix}…`}</code>;
}

export interface IntakeKeysProps {
  distributor: { id: string; name: string };
  /** Whether the distributor takes statement files at all (upload supported, a template). */
  receivesStatements: boolean;
}

/**
 * The distributor page's statement intake: keys the distributor sends this label's statements
 * with. A new key is shown once, with a copy button; afterwards only its first characters.
 */
export function IntakeKeys({ distributor, receivesStatements }: IntakeKeysProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const {
    canManage,
    choosesAccount,
    accountId,
    setAccountId,
    accountChosen,
    account,
    loaded: keys,
  } = useLabelAccountLoad(
    (accountId, signal) => listIntakeKeys(api, distributor.id, accountId, signal),
    [api, distributor.id],
  );
  const nameId = useId();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<IntakeKey | null>(null);
  const [revokeProblem, setRevokeProblem] = useState<string | null>(null);

  if (!canManage) return null;

  const failure = (error: unknown) =>
    error instanceof ApiError
      ? error.message === NAME_TAKEN_TEXT
        ? t('distributors.intake.name-taken')
        : error.message
      : t('distributors.intake.failed');

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem(t('distributors.intake.name-required'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await createIntakeKey(api, {
        distributorId: distributor.id,
        name: trimmed,
        ...account,
      });
      setCreated({ name: answer.key.name, secret: answer.secret });
      setName('');
      keys.reload();
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (key: IntakeKey) => {
    setRevokeProblem(null);
    try {
      await revokeIntakeKey(api, key.id);
      setRevoking(null);
      keys.reload();
    } catch (error) {
      setRevokeProblem(failure(error));
    }
  };

  const columns: ListColumn<KeyRow>[] = [
    { label: t('distributors.intake.column-name'), key: 'name', width: 180, flexGrow: 2 },
    {
      label: t('distributors.intake.column-prefix'),
      key: 'prefix',
      component: PrefixCell,
      width: 140,
    },
    {
      label: t('distributors.intake.column-created'),
      key: 'createdAt',
      format: 'date',
      width: 110,
    },
    { label: t('distributors.intake.column-created-by'), key: 'createdBy.name', width: 140 },
    {
      label: t('distributors.intake.column-last-used'),
      key: 'lastUsedAt',
      component: LastUsedCell,
      width: 150,
    },
    {
      label: t('distributors.intake.column-status'),
      key: 'revokedAt',
      component: StatusCell,
      width: 130,
    },
    {
      label: t('distributors.intake.column-actions'),
      key: 'id',
      action: (row) => {
        setRevokeProblem(null);
        setRevoking(row);
      },
      btnLabel: t('distributors.intake.revoke'),
      showKey: 'live',
      width: 110,
      flexGrow: 0,
    },
  ];
  const rows: KeyRow[] = (keys.status === 'ready' ? keys.data.items : []).map((key) => ({
    ...key,
    live: key.revokedAt === null,
  }));

  return (
    <section className="intake-keys card" aria-labelledby={`${nameId}-title`}>
      <h2 className="portal-section-title" id={`${nameId}-title`}>
        {t('distributors.intake.title')}
      </h2>
      <p className="page-note">
        {t('distributors.intake.explain', { distributor: distributor.name })}
      </p>
      {choosesAccount && (
        <LabelAccountSelect value={accountId} onChange={setAccountId} showProblem={false} />
      )}
      {!receivesStatements && (
        <p className="page-note" role="status">
          {t('distributors.intake.not-uploadable')}
        </p>
      )}
      {receivesStatements && accountChosen && !created && (
        <form className="form intake-key-form" noValidate onSubmit={(event) => void create(event)}>
          <div className="field">
            <label className="field-label" htmlFor={nameId}>
              {t('distributors.intake.name')}
            </label>
            <input
              id={nameId}
              className="input"
              value={name}
              maxLength={INTAKE_KEY_NAME_MAX}
              aria-invalid={problem !== null || undefined}
              aria-describedby={`${nameId}-hint`}
              onChange={(event) => setName(event.target.value)}
            />
            <p className="field-hint" id={`${nameId}-hint`}>
              {t('distributors.intake.name-hint')}
            </p>
            {problem && (
              <p className="field-error" role="alert">
                {problem}
              </p>
            )}
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('distributors.intake.creating') : t('distributors.intake.create')}
          </button>
        </form>
      )}
      {created && (
        <div className="alert alert-warning intake-key-created" role="alert">
          <p className="alert-title">
            {t('distributors.intake.created-title', { name: created.name })}
          </p>
          <p>{t('distributors.intake.created-warning', { distributor: distributor.name })}</p>
          <p className="intake-key-secret">
            <code data-testid="intake-key-secret">{created.secret}</code>{' '}
            <CopyButton text={created.secret} label={t('distributors.intake.copy')} />
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setCreated(null)}
          >
            {t('distributors.intake.done')}
          </button>
        </div>
      )}
      {accountChosen &&
        (keys.status === 'loading' ? (
          <p className="page-note">{t('distributors.intake.loading')}</p>
        ) : (
          <List
            label={t('distributors.intake.keys-label')}
            columns={columns}
            rows={rows}
            emptyText={t('distributors.intake.empty', { distributor: distributor.name })}
          />
        ))}
      {revoking && (
        <ConfirmModal
          title={t('distributors.intake.revoke-title', { name: revoking.name })}
          confirmLabel={t('distributors.intake.revoke-confirm')}
          cancelLabel={t('distributors.intake.cancel')}
          onConfirm={() => void revoke(revoking)}
          onClose={() => setRevoking(null)}
          problem={revokeProblem}
        >
          <p>{t('distributors.intake.revoke-explain', { distributor: distributor.name })}</p>
        </ConfirmModal>
      )}
    </section>
  );
}
