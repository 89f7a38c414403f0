import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { GlobalFilter } from '../routes/types';
import type { ArtistFilterList } from '../../api/artists';
import type { UserList } from '../../api/users';
import { actingAs } from '../routes/access';
import { useSession } from '../session/useSession';
import { DEFAULT_MONTHS, monthChoices, TIMEFRAME_CHOICES } from './globalFilters';
import { useGlobalFilters } from './useGlobalFilters';
import './filters.css';

/** The most people the User filter lists (the users list's own maximum). */
const USER_LIMIT = 1000;

const TIMEFRAME_KEYS: Record<(typeof TIMEFRAME_CHOICES)[number], string> = {
  1: 'filters.timeframe.months-1',
  3: 'filters.timeframe.months-3',
  6: 'filters.timeframe.months-6',
  12: 'filters.timeframe.months-12',
  24: 'filters.timeframe.months-24',
  36: 'filters.timeframe.months-36',
  all: 'filters.timeframe.all',
};

/**
 * The global filters a page honours (SPEC section 2 lists them per route), kept in the address.
 * A page shows the bar only with the filters its own lists apply.
 */
export function GlobalFilterBar({ filters }: { filters: readonly GlobalFilter[] }) {
  const { t, i18n } = useTranslation();
  const monthName = new Intl.DateTimeFormat(i18n.language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const { api } = useServices();
  const [current, change] = useGlobalFilters();
  const showsArtist = filters.includes('artist');
  const artists = useLoad(
    () => (showsArtist ? api.get<ArtistFilterList>('artist/list') : Promise.resolve([])),
    [api, showsArtist],
  ).data;
  // The User filter (a payee's own figures) is for those who may read the account's people.
  const { session } = useSession();
  const permissions = session ? actingAs(session).permissions : [];
  const showsUser =
    filters.includes('user') &&
    (permissions.includes('user:ro') || permissions.includes('user:rw'));
  const users = useLoad(
    () =>
      showsUser
        ? api.get<UserList>('users', { query: { limit: USER_LIMIT } })
        : Promise.resolve(null),
    [api, showsUser],
  ).data;
  const changed =
    current.months !== DEFAULT_MONTHS ||
    current.month !== null ||
    current.artist !== null ||
    current.payee !== null;

  return (
    <div className="filter-bar" role="group" aria-label={t('filters.bar.label')}>
      {filters.includes('timeframe') && (
        <label className="field filter-field">
          <span className="field-label">{t('filters.timeframe.label')}</span>
          <select
            className="input"
            value={String(current.months)}
            disabled={current.month !== null}
            onChange={(event) =>
              change({
                months: event.target.value === 'all' ? 'all' : Number(event.target.value),
              })
            }
          >
            {TIMEFRAME_CHOICES.map((choice) => (
              <option key={choice} value={String(choice)}>
                {t(TIMEFRAME_KEYS[choice])}
              </option>
            ))}
          </select>
        </label>
      )}
      {filters.includes('dateselect') && (
        <label className="field filter-field">
          <span className="field-label">{t('filters.bar.month')}</span>
          <select
            className="input"
            value={current.month ?? ''}
            onChange={(event) => change({ month: event.target.value || null })}
          >
            <option value="">{t('filters.bar.all-months')}</option>
            {monthChoices(new Date(), current.month).map((month) => (
              <option key={month} value={month}>
                {monthName.format(new Date(`${month}-01T00:00:00Z`))}
              </option>
            ))}
          </select>
        </label>
      )}
      {showsArtist && (
        <label className="field filter-field">
          <span className="field-label">{t('filters.bar.artist')}</span>
          <select
            className="input"
            value={current.artist ?? ''}
            onChange={(event) => change({ artist: event.target.value || null })}
          >
            <option value="">{t('filters.bar.all-artists')}</option>
            {(artists ?? []).map((artist) => (
              <option key={artist.id} value={artist.id}>
                {artist.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {showsUser && (
        <label className="field filter-field">
          <span className="field-label">{t('dashboard.filter.user')}</span>
          <select
            className="input"
            value={current.payee ?? ''}
            onChange={(event) => change({ payee: event.target.value || null })}
          >
            <option value="">{t('dashboard.filter.all-users')}</option>
            {(users?.items ?? []).map((user) => (
              <option key={user.id} value={user.id}>
                {user.fullname}
              </option>
            ))}
          </select>
        </label>
      )}
      {changed && (
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => change({ months: DEFAULT_MONTHS, month: null, artist: null, payee: null })}
        >
          {t('filters.bar.clear')}
        </button>
      )}
    </div>
  );
}
