import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useCatalogAccess } from '../catalog/useCatalogAccess';
import type { PageProps } from '../routes/types';
import { TextInput } from '../widgets/TextInput';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import { GlobalFilterBar } from '../filters/GlobalFilterBar';
import { useGlobalFilters } from '../filters/useGlobalFilters';
import { createArtist, listArtists } from './artistsApi';
import '../widgets/pageParts.css';
import type { ArtistListItem } from '../../api/artists';

/** The artist's revenue over the timeframe, each currency on its own line. */
function RevenueCell({ row }: CellProps<ArtistListItem>) {
  if (row.revenue.length === 0) return <Money amount="0" currency="USD" />;
  return (
    <>
      {row.revenue.map((part) => (
        <div key={part.currency}>
          <Money amount={part.amount} currency={part.currency} />
        </div>
      ))}
    </>
  );
}

/** /artists: the label's artists; a label adds new ones. */
export function ArtistsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { canEditArtists } = useCatalogAccess();
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');

  // The timeframe is in the address; the client appends it and a change reads again.
  const [filters] = useGlobalFilters();
  const artists = useLoad((signal) => listArtists(api, search.trim(), signal), [api, search], {
    reloadOn: [JSON.stringify(filters)],
  });

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    createArtist(api, name.trim()).then(
      (artist) => void navigate(`/artists/${encodeURIComponent(artist.id)}`),
      () => undefined,
    );
  };

  const columns: ListColumn<ArtistListItem>[] = [
    {
      label: t('artists.list.name'),
      key: 'name',
      linkPath: '/artists/:id',
      width: 280,
      flexGrow: 2,
    },
    { label: t('dashboard.products.revenue'), key: 'revenue', component: RevenueCell, width: 160 },
  ];

  return (
    <section className="page catalog-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <GlobalFilterBar filters={route.filters ?? []} />
      <div className="catalog-toolbar">
        <TextInput
          label={t('artists.list.search')}
          value={search}
          onChange={setSearch}
          size="small"
          type="search"
        />
      </div>
      {canEditArtists && (
        <form className="catalog-toolbar" onSubmit={add}>
          <TextInput
            label={t('artists.list.new-name')}
            value={name}
            onChange={setName}
            size="small"
          />
          <button type="submit" className="button button-primary" disabled={!name.trim()}>
            {t('artists.list.add')}
          </button>
        </form>
      )}
      <List
        label={t('artists.list.table-label')}
        columns={columns}
        rows={artists.status === 'ready' ? artists.data.items : []}
        loading={artists.status === 'loading'}
        loadingText={t('artists.list.loading')}
        emptyText={t('artists.list.empty')}
        maxRows={14}
      />
    </section>
  );
}
