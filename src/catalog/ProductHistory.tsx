import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Share, SplitSet } from '../../engine/types';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDateTime } from '../format/formatters';
import { productEvents } from './catalogApi';
import type { ProductEvent } from '../../api/products';

const EVENT_KEYS: Record<string, string> = {
  ProductCreated: 'catalog.history.created',
  ProductChanged: 'catalog.history.changed',
  ProductCodesChanged: 'catalog.history.codes-changed',
  ProductSplitsChanged: 'catalog.history.splits-changed',
};

const FIELD_KEYS: Record<string, string> = {
  title: 'catalog.fields.title',
  altTitle: 'catalog.fields.alt-title',
  subtitle: 'catalog.fields.subtitle',
  productType: 'catalog.fields.type',
  genre: 'catalog.fields.genre',
  durationSeconds: 'catalog.fields.duration',
  copyright: 'catalog.fields.copyright',
  territory: 'catalog.fields.territory',
  label: 'catalog.fields.label',
  labelArtist: 'catalog.fields.label-artist',
  artistId: 'catalog.fields.artist',
  tags: 'catalog.fields.tags',
  visibility: 'catalog.fields.visibility',
  revenueView: 'catalog.fields.revenue-view',
};

const EMPTY = '—';

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : EMPTY;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.code === 'string') return record.code;
    return JSON.stringify(value);
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function shareText(share: Share, nameOf: (id: string) => string): string {
  if ('members' in share) {
    return `${share.groupId} ${share.pct}% [${share.members.map((member) => shareText(member, nameOf)).join(', ')}]`;
  }
  return `${nameOf(share.payeeId)} ${'pct' in share ? `${share.pct}%` : '='}`;
}

function setText(t: TFunction, set: SplitSet, nameOf: (id: string) => string): string {
  const scope = 'code' in set.scope ? set.scope.code : t('catalog.splits.scope-product');
  const start = set.startDate ? ` ${t('catalog.splits.starts', { date: set.startDate })}` : '';
  return `${set.kind} · ${scope}${start}: ${set.shares.map((share) => shareText(share, nameOf)).join(', ')}`;
}

function Change({ event, nameOf }: { event: ProductEvent; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const data = event.data;
  switch (event.type) {
    case 'ProductCreated':
      return (
        <p className="history-detail">
          {t('catalog.history.with-codes', { codes: valueText(data.codes) })}
        </p>
      );
    case 'ProductChanged': {
      const before = (data.before ?? {}) as Record<string, unknown>;
      const after = (data.after ?? {}) as Record<string, unknown>;
      return (
        <ul className="history-detail">
          {Object.keys(after).map((field) => (
            <li key={field}>
              {t('catalog.history.field-change', {
                field: FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field,
                before: valueText(before[field]),
                after: valueText(after[field]),
              })}
            </li>
          ))}
        </ul>
      );
    }
    case 'ProductCodesChanged':
      return (
        <p className="history-detail">
          {t('catalog.history.codes-diff', {
            added: valueText(data.added),
            removed: valueText(data.removed),
          })}
        </p>
      );
    case 'ProductSplitsChanged': {
      const list = (value: unknown) =>
        Array.isArray(value) && value.length > 0
          ? (value as SplitSet[]).map((set) => setText(t, set, nameOf))
          : [EMPTY];
      return (
        <div className="history-detail history-splits">
          <div>
            <strong>{t('catalog.history.before')}</strong>
            <ul>
              {list(data.before).map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          </div>
          <div>
            <strong>{t('catalog.history.after')}</strong>
            <ul>
              {list(data.after).map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          </div>
        </div>
      );
    }
    default:
      return null;
  }
}

/** The product's event stream: who changed what, when, before and after. */
export function ProductHistory({
  productId,
  version,
  nameOf,
}: {
  productId: string;
  /** A new version reloads the history. */
  version: number;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const history = useLoad(
    () => productEvents(api, productId).then((answer) => [...answer.items].reverse()),
    [api, productId],
    { reloadOn: [version] },
  );

  if (history.status === 'loading') {
    return <p className="page-note">{t('catalog.history.loading')}</p>;
  }
  const events = history.status === 'ready' ? history.data : [];
  if (events.length === 0) return <p className="page-note">{t('catalog.history.empty')}</p>;
  return (
    <ol className="product-history" aria-label={t('catalog.history.title')}>
      {events.map((event) => (
        <li key={event.seq} className="history-entry">
          <p className="history-head">
            <strong>{EVENT_KEYS[event.type] ? t(EVENT_KEYS[event.type] ?? '') : event.type}</strong>
            {' · '}
            {event.actorName ?? t('catalog.history.system')}
            {' · '}
            {formatDateTime(event.at)}
          </p>
          <Change event={event} nameOf={nameOf} />
        </li>
      ))}
    </ol>
  );
}
