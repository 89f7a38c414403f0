// A product's history in the reader's words: details, codes, and who got which share when.
import type { TFunction } from 'i18next';
import type { HistoryEvent } from '../../api/history';
import type { Share, SplitSet } from '../../engine/types';
import {
  plainText,
  text,
  type ChangeRow,
  type DescribedHistory,
  type HistoryStep,
  type Shown,
} from './steps';

const TITLE_KEYS: Record<string, string> = {
  ProductCreated: 'catalog.history.created',
  ProductChanged: 'catalog.history.changed',
  ProductCodesChanged: 'catalog.history.codes-changed',
  ProductSplitsChanged: 'catalog.history.splits-changed',
};

const CATEGORY: Record<string, string> = {
  ProductCreated: 'details',
  ProductChanged: 'details',
  ProductCodesChanged: 'codes',
  ProductSplitsChanged: 'splits',
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

const KIND_KEYS: Record<string, string> = {
  base: 'catalog.splits.kind-base',
  mechanical: 'catalog.splits.kind-mechanical',
  conditional: 'catalog.splits.kind-conditional',
};

function valueText(value: unknown): Shown {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value))
    return value.length ? text(value.map(valueText).map(plain).join(', ')) : null;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return text(typeof record.code === 'string' ? record.code : JSON.stringify(value));
  }
  return text(plainText(value));
}

const plain = (value: Shown) => (value && 'text' in value ? value.text : '');

type NameOf = (id: string) => string;

/** Each payee's share of one set, by payee (two payees may share a name), with the name shown. */
function sharesOf(
  t: TFunction,
  shares: readonly Share[],
  nameOf: NameOf,
  group = '',
): Map<string, { name: string; pct: string }> {
  const found = new Map<string, { name: string; pct: string }>();
  for (const share of shares) {
    if ('members' in share) {
      for (const [id, member] of sharesOf(t, share.members, nameOf, `${share.groupId} › `))
        found.set(`${share.groupId}|${id}`, { ...member, pct: `${member.pct} (${share.pct}%)` });
    } else {
      const pct = 'pct' in share ? `${share.pct}%` : t('catalog.splits.balance');
      found.set(share.payeeId, { name: `${group}${nameOf(share.payeeId)}`, pct });
    }
  }
  return found;
}

function setLabel(t: TFunction, set: SplitSet, number: number): string {
  const scope =
    'code' in set.scope
      ? t('catalog.splits.scope-code', { code: set.scope.code })
      : t('catalog.splits.scope-product');
  const start = set.startDate ? ` ${t('catalog.splits.starts', { date: set.startDate })}` : '';
  return `${t(KIND_KEYS[set.kind] ?? 'catalog.splits.kind-base', { number })} · ${scope}${start}`;
}

const setKey = (set: SplitSet) =>
  `${set.kind}|${'code' in set.scope ? set.scope.code : ''}|${set.startDate ?? ''}|${set.priority}`;

/** Who gained, lost or changed a share, set by set. */
export function shareChanges(
  t: TFunction,
  before: SplitSet[],
  after: SplitSet[],
  nameOf: NameOf,
): ChangeRow[] {
  const keys = [...new Set([...after.map(setKey), ...before.map(setKey)])];
  return keys.flatMap((key) => {
    const index = after.findIndex((set) => setKey(set) === key);
    const was = before.find((set) => setKey(set) === key);
    const now = after[index];
    const label = setLabel(
      t,
      (now ?? was) as SplitSet,
      (index === -1 ? before.findIndex((set) => setKey(set) === key) : index) + 1,
    );
    const then = sharesOf(t, was?.shares ?? [], nameOf);
    const today = sharesOf(t, now?.shares ?? [], nameOf);
    const payees = [...new Set([...today.keys(), ...then.keys()])];
    return payees
      .filter((id) => then.get(id)?.pct !== today.get(id)?.pct)
      .map((id) => ({
        field: `${(today.get(id) ?? then.get(id))?.name ?? id} · ${label}`,
        before: text(then.get(id)?.pct),
        after: text(today.get(id)?.pct),
      }));
  });
}

function changesOf(t: TFunction, event: HistoryEvent, nameOf: NameOf): ChangeRow[] {
  const data = event.data;
  const fieldRow = (field: string, before: unknown, after: unknown): ChangeRow => ({
    field: FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field,
    before:
      field === 'artistId' && typeof before === 'string' ? text(nameOf(before)) : valueText(before),
    after:
      field === 'artistId' && typeof after === 'string' ? text(nameOf(after)) : valueText(after),
  });
  switch (event.type) {
    case 'ProductCreated': {
      const details = (data.details ?? {}) as Record<string, unknown>;
      return [
        fieldRow('title', null, details.title),
        { field: t('replay.product.codes'), before: null, after: valueText(data.codes) },
      ];
    }
    case 'ProductChanged': {
      const before = (data.before ?? {}) as Record<string, unknown>;
      const after = (data.after ?? {}) as Record<string, unknown>;
      return Object.keys(after).map((field) => fieldRow(field, before[field], after[field]));
    }
    case 'ProductCodesChanged':
      return [
        {
          field: t('replay.product.codes'),
          before: valueText(data.removed),
          after: valueText(data.added),
        },
      ];
    case 'ProductSplitsChanged':
      return shareChanges(
        t,
        (data.before ?? []) as SplitSet[],
        (data.after ?? []) as SplitSet[],
        nameOf,
      );
    default:
      return [];
  }
}

export function productHistory(
  t: TFunction,
  events: readonly HistoryEvent[],
  nameOf: NameOf,
): DescribedHistory {
  const steps = events.map((event): HistoryStep => ({
    event,
    title: TITLE_KEYS[event.type]
      ? t(TITLE_KEYS[event.type] ?? '')
      : t('replay.viewer.other-change'),
    category: CATEGORY[event.type] ?? 'details',
    changes: changesOf(t, event, nameOf),
  }));
  return {
    steps,
    categories: [
      { id: 'details', label: t('replay.product.filter-details') },
      { id: 'codes', label: t('replay.product.filter-codes') },
      { id: 'splits', label: t('replay.product.filter-splits') },
    ],
  };
}
