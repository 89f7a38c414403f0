import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useLocalCopy } from '../app/useLocalCopy';
import { searchPayees } from '../catalog/catalogApi';
import { useCatalogAccess } from '../catalog/useCatalogAccess';
import type { PageProps } from '../routes/types';
import { SubjectAnalytics } from '../analytics/SubjectAnalytics';
import { GlobalFilterBar } from '../filters/GlobalFilterBar';
import { actingAs } from '../routes/access';
import { useSession } from '../session/useSession';
import { TypeAhead } from '../widgets/TypeAhead';
import { linkUser, readArtist, unlinkUser } from './artistsApi';
import '../widgets/pageParts.css';
import type { User } from '../../api/users';

/** /artists/{artistId}: the artist's products and linked users; a label links and unlinks users. */
export function ArtistPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { artistId = '' } = useParams();
  const { canEditArtists } = useCatalogAccess();
  const loaded = useLoad(() => readArtist(api, artistId), [api, artistId]);
  const [artist, setArtist] = useLocalCopy(loaded.status === 'ready' ? loaded.data : null);
  const [pickerRound, setPickerRound] = useState(0);
  const { session } = useSession();
  const readsAnalytics =
    session !== null && actingAs(session).permissions.some((held) => held.startsWith('analytics:'));

  if (loaded.status === 'loading') {
    return <p className="page page-note">{t('artists.detail.loading')}</p>;
  }
  if (artist === null) {
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('artists.detail.missing')}</p>
      </section>
    );
  }

  const link = (userId: string) =>
    linkUser(api, artist.id, userId).then(setArtist, () => undefined);
  const unlink = (userId: string) =>
    unlinkUser(api, artist.id, userId).then(setArtist, () => undefined);

  return (
    <section className="page catalog-page">
      <h1 className="page-title">{artist.name}</h1>

      <section className="card">
        <h2 className="section-title">{t('artists.detail.users')}</h2>
        <p className="page-note">{t('artists.detail.users-note')}</p>
        {artist.users.length === 0 ? (
          <p className="page-note">{t('artists.detail.no-users')}</p>
        ) : (
          <ul className="linked-users" aria-label={t('artists.detail.users')}>
            {artist.users.map((user) => (
              <li key={user.id}>
                <span>
                  {user.fullname}
                  {user.username && ` (${user.username})`}
                </span>
                {canEditArtists && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={t('artists.detail.unlink-user', { name: user.fullname })}
                    onClick={() => void unlink(user.id)}
                  >
                    {t('artists.detail.unlink')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canEditArtists && (
          <TypeAhead<User>
            key={pickerRound}
            label={t('artists.detail.link-user')}
            notFoundMessage={t('artists.detail.user-not-found')}
            search={(text, signal) =>
              searchPayees(api, text, signal).then((answer) => answer.items)
            }
            itemKey={(payee) => payee.id}
            itemLabel={(payee) =>
              payee.username ? `${payee.fullname} (${payee.username})` : payee.fullname
            }
            onSelect={(choice) => {
              if ('item' in choice) void link(choice.item.id);
              setPickerRound((round) => round + 1);
            }}
          />
        )}
      </section>

      <section className="card">
        <h2 className="section-title">{t('artists.detail.products')}</h2>
        {artist.products.length === 0 ? (
          <p className="page-note">{t('artists.detail.no-products')}</p>
        ) : (
          <ul className="linked-users">
            {artist.products.map((product) => (
              <li key={product.id}>
                <Link to={`/products/${encodeURIComponent(product.id)}`}>{product.title}</Link>
                <span className="page-note">{product.type}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {readsAnalytics && (
        <section className="card" aria-label={t('analytics.subject.artist-section')}>
          <h2 className="section-title">{t('analytics.subject.artist-section')}</h2>
          <GlobalFilterBar filters={route.filters ?? []} />
          <SubjectAnalytics subject={{ artist: artist.id }} withProducts />
        </section>
      )}
    </section>
  );
}
