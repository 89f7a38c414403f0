import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import type { PageProps } from '../routes/types';
import { TextInput } from '../widgets/TextInput';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import { listProducts } from './catalogApi';
import { GlobalFilterBar } from '../filters/GlobalFilterBar';
import { useGlobalFilters } from '../filters/useGlobalFilters';
import { DefaultSplitsPanel } from './DefaultSplitsPanel';
import { useCatalogAccess } from './useCatalogAccess';
import '../widgets/pageParts.css';
import './catalog.css';
import type { ProductListItem } from '../../api/products';

/** The most products one page of the list reads; the search narrows the rest. */
const PAGE_SIZE = 500;

interface ProductRow extends ProductListItem {
  codeList: string;
  visibilityLabel: string;
  revenueViewLabel: string;
}

/** The product's revenue over the timeframe, each currency on its own line. */
function RevenueCell({ row }: CellProps<ProductRow>) {
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

/** /products: the catalog, searchable by title or code; ?defaults=1 the account's default splits. */
export function ProductsPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { canAdd, canEdit } = useCatalogAccess();
  const [params] = useSearchParams();
  const showDefaults = canEdit && params.get('defaults') === '1';
  const [search, setSearch] = useState('');
  // The client appends the timeframe (the revenue column) and the artist (the rows).
  const [filters] = useGlobalFilters();
  const filterKey = JSON.stringify(filters);
  const products = useLoad(
    (signal) => listProducts(api, { q: search.trim(), limit: PAGE_SIZE }, signal, true),
    [api, search],
    { reloadOn: [filterKey] },
  );
  const answer = products.status === 'failed' ? { items: [], total: 0 } : products.data;

  const columns: ListColumn<ProductRow>[] = [
    {
      label: t('catalog.list.title'),
      key: 'title',
      linkPath: '/products/:id',
      width: 240,
      flexGrow: 2,
    },
    { label: t('catalog.list.type'), key: 'type', width: 110 },
    { label: t('catalog.list.codes'), key: 'codeList', width: 260, flexGrow: 2 },
    { label: t('catalog.list.visibility'), key: 'visibilityLabel', width: 110 },
    { label: t('catalog.list.revenue-view'), key: 'revenueViewLabel', width: 110 },
    {
      label: t('dashboard.products.revenue'),
      key: 'revenue',
      component: RevenueCell,
      width: 130,
    },
  ];
  const rows: ProductRow[] = (answer?.items ?? []).map((product) => ({
    ...product,
    codeList: product.codes.map((code) => code.code).join(', '),
    visibilityLabel:
      product.visibility === 'limited'
        ? t('catalog.fields.visibility-limited')
        : t('catalog.fields.visibility-full'),
    revenueViewLabel:
      product.revenueView === 'gross'
        ? t('catalog.fields.revenue-gross')
        : t('catalog.fields.revenue-net'),
  }));

  return (
    <section className="page catalog-page">
      <header className="catalog-head">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <div className="form-actions">
          {canEdit &&
            (showDefaults ? (
              <Link className="button button-secondary" to="/products">
                {t('catalog.defaults.back')}
              </Link>
            ) : (
              <Link className="button button-secondary" to="/products?defaults=1">
                {t('catalog.defaults.open')}
              </Link>
            ))}
          {canAdd && (
            <Link className="button button-primary" to="/products/add">
              {t('catalog.list.add')}
            </Link>
          )}
        </div>
      </header>
      {showDefaults && <DefaultSplitsPanel />}
      {/* The artist narrows the catalog; the timeframe is the revenue column's. */}
      {!showDefaults && <GlobalFilterBar filters={route.filters ?? []} />}
      <div className="catalog-toolbar">
        <TextInput
          label={t('catalog.list.search')}
          value={search}
          onChange={setSearch}
          size="small"
          type="search"
        />
        {answer && (
          <span className="page-note">
            {t('catalog.list.count', { shown: answer.items.length, total: answer.total })}
          </span>
        )}
      </div>
      <List
        label={t('catalog.list.table-label')}
        columns={columns}
        rows={rows}
        loading={products.status === 'loading'}
        loadingText={t('catalog.list.loading')}
        emptyText={t('catalog.list.empty')}
        maxRows={14}
      />
    </section>
  );
}
