import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { emulationMachine, type EmulationFilter } from '../../machines/emulationMachine';
import type { EmulationUser } from '../../api/emulation';
import type { Session } from '../../api/session';
import { useServices } from '../app/ServicesContext';
import { Preloader } from '../frame/Preloader';
import { useRoleLabel } from '../frame/RoleLabel';
import { canEmulate } from '../routes/access';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import { Modal } from '../widgets/Modal';
import { TextInput } from '../widgets/TextInput';
import './emulate.css';

/** SPEC section 9: the recent accounts list shows 10 rows, then Show All. */
export const RECENT_ROWS = 10;

type UserRow = EmulationUser & { id: string };
const withIds = (users: readonly EmulationUser[]): UserRow[] =>
  users.map((user) => ({ ...user, id: user.username }));

function RoleCell({ value }: { value: unknown }) {
  const roleLabel = useRoleLabel();
  return <>{typeof value === 'string' ? roleLabel(value) : ''}</>;
}

/** SPEC section 2 and 4: the Emulate Account dialog, opened by `?modal=emulate`. */
export function EmulateDialog({ session, onClose }: { session: Session; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [showAllRecent, setShowAllRecent] = useState(false);
  const [search, setSearch] = useState('');
  const machine = useMemo(
    () =>
      emulationMachine.provide({
        actors: {
          loadUsers: fromPromise(({ input, signal }) => api.emulationUsers(input, signal)),
          loadRecent: fromPromise(({ signal }) => api.recentEmulations(signal)),
          startEmulation: fromPromise(({ input }) => api.emulate(input.username, input.switching)),
        },
        actions: {
          reloadApplication: () => window.location.assign('/dashboard'),
        },
      }),
    [api],
  );
  const actor = useActorRef(machine, { input: { switching: !!session.emulation } });
  const loading = useSelector(actor, (state) => state.hasTag('busy'));
  const searching = useSelector(actor, (state) => state.hasTag('searching'));
  const filter = useSelector(actor, (state) => state.context.filter);
  const users = useSelector(actor, (state) => state.context.users);
  const recent = useSelector(actor, (state) => state.context.recent);
  const allowed = canEmulate(session);

  // Who may only look people up (an overseer's emulate:ro) is offered no button it may not use.
  const columns: ListColumn<UserRow>[] = [
    { label: t('emulation.list.name'), key: 'fullname', flexGrow: 2 },
    { label: t('emulation.list.username'), key: 'username', flexGrow: 2 },
    { label: t('emulation.list.role'), key: 'role', component: RoleCell },
    ...(allowed
      ? [
          {
            label: t('emulation.list.action'),
            key: 'emulate',
            btnLabel: t('emulation.list.emulate'),
            action: (row: UserRow) =>
              actor.send({ type: 'emulate.choose', username: row.username }),
            width: 110,
            flexGrow: 0,
            textAlign: 'right' as const,
          },
        ]
      : []),
  ];
  const recentRows = withIds(showAllRecent ? recent : recent.slice(0, RECENT_ROWS));

  const filters: { value: EmulationFilter; label: string }[] = [
    { value: 'all', label: t('emulation.filter.all') },
    { value: 'warranters', label: t('emulation.filter.warranters') },
  ];

  return (
    <Modal title={t('emulation.dialog.title')} onClose={onClose} width={720}>
      {loading ? (
        <Preloader delayMs={0} />
      ) : (
        <div className="emulate-dialog">
          {!allowed && (
            <p className="page-note" data-testid="emulate-read-only">
              {t('emulation.dialog.read-only')}
            </p>
          )}
          <section className="emulate-section" aria-labelledby="emulate-recent-title">
            <h3 id="emulate-recent-title" className="emulate-section-title">
              {t('emulation.recent.title')}
            </h3>
            {recent.length === 0 ? (
              <p className="page-note">{t('emulation.recent.empty')}</p>
            ) : (
              <>
                <List
                  label={t('emulation.recent.title')}
                  columns={columns}
                  rows={recentRows}
                  minRows={1}
                  maxRows={RECENT_ROWS}
                />
                {!showAllRecent && recent.length > RECENT_ROWS && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    onClick={() => setShowAllRecent(true)}
                  >
                    {t('emulation.recent.show-all')}
                  </button>
                )}
              </>
            )}
          </section>
          <section className="emulate-section" aria-labelledby="emulate-users-title">
            <h3 id="emulate-users-title" className="emulate-section-title">
              {t('emulation.users.title')}
            </h3>
            <div className="emulate-controls">
              <div className="segmented" role="radiogroup" aria-label={t('emulation.filter.label')}>
                {filters.map((option) => (
                  <label key={option.value} className="segmented-option">
                    <input
                      type="radio"
                      name="emulate-filter"
                      value={option.value}
                      checked={filter === option.value}
                      onChange={() => actor.send({ type: 'emulate.filter', filter: option.value })}
                    />
                    <span>{option.label}</span>
                  </label>
                ))}
              </div>
              <TextInput
                label={t('emulation.search.label')}
                hint={t('emulation.search.hint')}
                type="search"
                size="small"
                value={search}
                onChange={(text) => {
                  setSearch(text);
                  actor.send({ type: 'emulate.search', text });
                }}
              />
            </div>
            <div aria-busy={searching}>
              <List
                label={t('emulation.users.title')}
                columns={columns}
                rows={withIds(users)}
                minRows={8}
                maxRows={8}
                emptyText={t('emulation.users.empty')}
              />
            </div>
          </section>
        </div>
      )}
    </Modal>
  );
}
