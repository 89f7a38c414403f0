import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { countryName, territoryName } from '../format/countries';
import { isNonCountryTerritory } from '../../rules/territories';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { Money } from '../widgets/Money';
import type { AnalyticsItem, AnalyticsList, AnalyticsView } from '../../api/analytics';
import { downloadAnalytics, readAnalytics, type AnalyticsSubjectFilter } from './analyticsApi';
import { BarChart, type ChartBar } from './charts/BarChart';
import { MonthChart } from './charts/MonthChart';
import { WorldMap } from './charts/WorldMap';
import { shortMoney } from './chartText';

interface Row extends AnalyticsItem {
  id: string;
  label: string;
  currency: string;
}

const HEADINGS: Record<AnalyticsView, string> = {
  overview: 'analytics.columns.month',
  services: 'analytics.columns.service',
  formats: 'analytics.columns.format',
  territories: 'analytics.columns.territory',
  distributors: 'analytics.columns.distributor',
  products: 'analytics.columns.product',
  artists: 'analytics.columns.artist',
};

const TITLES: Record<AnalyticsView, string> = {
  overview: 'analytics.charts.overview',
  services: 'analytics.charts.services',
  formats: 'analytics.charts.formats',
  territories: 'analytics.charts.territories',
  distributors: 'analytics.charts.distributors',
  products: 'analytics.charts.products',
  artists: 'analytics.charts.artists',
};

/**
 * What the amounts are: a payee's earnings, else the label's revenue as the products' revenue
 * views say (gross with the distributor's cut, net after it; `mixed` when the products differ).
 */
function amountKind(list: AnalyticsList): 'earned' | 'gross' | 'net' | 'mixed' {
  if (list.basis === 'earned') return 'earned';
  if (list.revenueViews.length > 1) return 'mixed';
  return list.revenueViews[0] === 'net' ? 'net' : 'gross';
}

type AmountKind = ReturnType<typeof amountKind>;
const AMOUNT_COLUMN: Record<AmountKind, string> = {
  earned: 'analytics.columns.earned',
  gross: 'analytics.columns.gross',
  net: 'analytics.columns.net',
  mixed: 'analytics.columns.revenue',
};
const AMOUNT_BASIS: Record<AmountKind, string> = {
  earned: 'analytics.basis.earned',
  gross: 'analytics.basis.gross',
  net: 'analytics.basis.net',
  mixed: 'analytics.basis.mixed',
};

function MoneyCell({ row }: CellProps<Row>) {
  return <Money amount={row.amount} currency={row.currency} />;
}

/** Territories that are no single country, and amounts of no territory: named below the map. */
function OffMap({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <p className="page-note analytics-off-map" data-testid="analytics-off-map">
      {t('analytics.territories.not-on-map')}{' '}
      {rows.map((row, index) => (
        <span key={row.id}>
          {index > 0 ? ', ' : ''}
          {row.label} <Money amount={row.amount} currency={row.currency} />
        </span>
      ))}
    </p>
  );
}

/** Products and artists open their own view of the analytics, the filters kept. */
function SubjectLink({ row, tab }: { row: Row; tab: 'product' | 'artist' }) {
  const [params] = useSearchParams();
  if (!row.key) return <span>{row.label}</span>;
  const next = new URLSearchParams(params);
  next.set('tab', tab);
  next.set('id', row.key);
  return <Link to={`/analytics?${next.toString()}`}>{row.label}</Link>;
}
const ProductLink = ({ row }: CellProps<Row>) => <SubjectLink row={row} tab="product" />;
const ArtistLink = ({ row }: CellProps<Row>) => <SubjectLink row={row} tab="artist" />;

/** One view's chart, its table and its CSV, under the global filters and the subject. */
export function AnalyticsPanel({
  view,
  subject,
  links = true,
}: {
  view: AnalyticsView;
  subject: AnalyticsSubjectFilter;
  /** Products and artists link to their own view (on /analytics only). */
  links?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [params] = useSearchParams();
  const [downloading, setDownloading] = useState(false);
  // The global filters live in the address: a change of them reads again.
  const filterKey = ['month', 'months', 'artist'].map((name) => params.get(name)).join('|');
  const { artist, product, pending } = subject;
  const loaded = useLoad(
    (signal) => readAnalytics(api, view, { artist, product, pending }, signal),
    [api, view, artist, product, pending],
    { reloadOn: [filterKey] },
  );
  const list: AnalyticsList | undefined = loaded.data;
  const language = i18n.language;

  const labelOf = (item: AnalyticsItem): string => {
    if (view === 'overview') {
      const [year, month] = item.key.split('-').map(Number) as [number, number];
      return new Intl.DateTimeFormat(language, {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(year, month - 1, 1)));
    }
    if (view === 'territories') {
      return item.key
        ? territoryName(item.key, language, t)
        : t('analytics.names.unknown-territory');
    }
    if (item.name) return item.name;
    if (view === 'artists') return t('analytics.names.no-artist');
    if (view === 'products' || view === 'distributors') return t('analytics.names.unknown');
    return t('analytics.names.entered-by-hand');
  };

  if (loaded.status === 'loading')
    return <p className="page-note">{t('analytics.page.loading')}</p>;
  if (!list || list.currency === null || list.items.length === 0) {
    return (
      <p className="page-note analytics-empty">
        {list?.basis === 'earned' ? t('analytics.empty.payee') : t('analytics.empty.label')}
      </p>
    );
  }
  const currency = list.currency;
  const rows: Row[] = list.items.map((item) => ({
    ...item,
    id: item.key || '-',
    label: labelOf(item),
    currency,
  }));
  const money = (value: number) => shortMoney(value, currency, language);
  const bars: ChartBar[] = rows.map((row) => ({
    key: row.id,
    label: row.label,
    value: Number(row.amount),
    title: `${row.label}: ${money(Number(row.amount))}`,
  }));
  const linkCell =
    links && view === 'products'
      ? ProductLink
      : links && view === 'artists'
        ? ArtistLink
        : undefined;
  const columns: ListColumn<Row>[] = [
    {
      label: t(HEADINGS[view]),
      key: 'label',
      width: 220,
      flexGrow: 2,
      ...(linkCell ? { component: linkCell } : {}),
    },
    { label: t('analytics.columns.units'), key: 'units', format: 'number', textAlign: 'right' },
    {
      label: t(AMOUNT_COLUMN[amountKind(list)]),
      key: 'amount',
      component: MoneyCell,
      textAlign: 'right',
      width: 140,
    },
  ];
  const chartLabel = t(TITLES[view]);
  const chart =
    view === 'overview' ? (
      <MonthChart months={bars} label={chartLabel} valueText={money} />
    ) : view === 'territories' ? (
      <>
        <WorldMap
          values={
            new Map(
              rows
                .filter((row) => row.key && !isNonCountryTerritory(row.key))
                .map((row) => [row.key, Number(row.amount)]),
            )
          }
          label={chartLabel}
          nameOf={(code) => countryName(code, language)}
          valueText={money}
        />
        <OffMap rows={rows.filter((row) => !row.key || isNonCountryTerritory(row.key))} />
      </>
    ) : (
      <BarChart bars={bars} label={chartLabel} valueText={money} />
    );
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAnalytics(api, view, subject);
    } catch {
      // The API client has shown the failure.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div
      className={view === 'territories' ? 'analytics-panel analytics-panel-map' : 'analytics-panel'}
    >
      <div className="analytics-summary">
        <span className="page-note">
          {t(AMOUNT_BASIS[amountKind(list)])}
          {list.pending ? ` ${t('analytics.basis.pending')}` : ''}
        </span>
        <strong className="analytics-total" data-testid="analytics-total">
          <Money amount={list.total.amount} currency={currency} />
        </strong>
        <span className="page-note">
          {t('analytics.summary.units-total', { units: list.total.units.toLocaleString(language) })}
        </span>
      </div>
      <div className="analytics-body">
        <figure className="analytics-figure">
          <figcaption className="section-title">{chartLabel}</figcaption>
          {chart}
        </figure>
        <div className="analytics-table">
          <List<Row> columns={columns} rows={rows} label={t(HEADINGS[view])} maxRows={15} />
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => void download()}
            disabled={downloading}
          >
            {t('analytics.table.download')}
          </button>
        </div>
      </div>
    </div>
  );
}
