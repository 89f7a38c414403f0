import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useLocalCopy } from '../app/useLocalCopy';
import type { PageProps } from '../routes/types';
import { Modal } from '../widgets/Modal';
import { Tabs as TabBar } from '../widgets/Tabs';
import { listPresets, readProduct, changeProduct } from './catalogApi';
import { ProductDetailsFacts } from './ProductDetailsFacts';
import {
  ProductFieldsForm,
  productFieldsOf,
  productFormOf,
  productFormProblem,
  type ProductFormValues,
} from './ProductFieldsForm';
import { ProductHistory } from './ProductHistory';
import { CodesTab, TagsTab } from './ProductTagsCodes';
import { SplitEditorTab } from './SplitEditorTab';
import { SplitSetsView } from './SplitSetsView';
import { useCatalogAccess } from './useCatalogAccess';
import { useKnownNames } from './useKnownNames';
import { usePayoutPreview } from './usePayoutPreview';
import { usePreviewStart, type PreviewStart } from './previewStart';
import { useSplitEditor } from './useSplitEditor';
import { draftsFromView } from './splitDraft';
import { ProductRecoupments } from '../recoupments/ProductRecoupments';
import { GlobalFilterBar } from '../filters/GlobalFilterBar';
import { actingAs } from '../routes/access';
import { lazyComponent } from '../widgets/lazyComponent';
import { useSession } from '../session/useSession';
import '../widgets/pageParts.css';
import './catalog.css';
import type { Preset } from '../../api/presets';
import type { Product } from '../../api/products';

const NO_PRESETS: readonly Preset[] = [];

// The analytics tab's charts and world map load when the tab is first shown: the page opens on its
// splits, and its first download leaves them out.
const SubjectAnalytics = lazyComponent(() =>
  import('../analytics/SubjectAnalytics').then((m) => m.SubjectAnalytics),
);

const TABS = [
  'analytics',
  'splits',
  'conditional',
  'recoupments',
  'tags',
  'codes',
  'history',
] as const;
type Tab = (typeof TABS)[number];

const TAB_KEYS: Record<Tab, string> = {
  analytics: 'analytics.tabs.product-tab',
  splits: 'catalog.tabs.splits',
  conditional: 'catalog.tabs.conditional',
  recoupments: 'catalog.tabs.recoupments',
  tags: 'catalog.tabs.tags',
  codes: 'catalog.tabs.codes',
  history: 'catalog.tabs.history',
};

const isTab = (value: string | null): value is Tab =>
  (TABS as readonly string[]).includes(value ?? '');

interface TabsProps {
  product: Product;
  tab: Tab;
  onChanged: (product: Product) => void;
  previewStart: PreviewStart;
}

function sharedTab(tab: Tab, product: Product) {
  if (tab === 'analytics') {
    return (
      <>
        <GlobalFilterBar filters={['timeframe']} />
        <SubjectAnalytics subject={{ product: product.id }} />
      </>
    );
  }
  if (tab === 'recoupments') {
    return <ProductRecoupments product={{ id: product.id, title: product.title }} />;
  }
  return null;
}

function EditableTabs({ product, tab, onChanged, previewStart }: TabsProps) {
  const { api } = useServices();
  const editor = useSplitEditor(api, product, onChanged);
  const saved = useMemo(() => draftsFromView(product.splitSets), [product]);
  const preview = usePayoutPreview(
    previewStart,
    product.id,
    editor.sets,
    editor.check.valid,
    saved,
  );
  const nameOf = useKnownNames(api, product, true);
  const listed = useLoad(() => listPresets(api), [api]).data?.items ?? NO_PRESETS;
  const [presets, setPresets] = useLocalCopy(listed);

  switch (tab) {
    case 'splits':
    case 'conditional':
      return (
        <SplitEditorTab
          tab={tab}
          product={product}
          editor={editor}
          preview={preview}
          presets={presets}
          onPresetSaved={(preset) => setPresets([...presets, preset])}
          nameOf={nameOf}
          accountId={product.accountId}
        />
      );
    case 'tags':
      return <TagsTab product={product} onChanged={onChanged} editable />;
    case 'codes':
      return <CodesTab product={product} onChanged={onChanged} editable />;
    case 'history':
      return <ProductHistory productId={product.id} version={product.version} nameOf={nameOf} />;
    default:
      return sharedTab(tab, product);
  }
}

/** Read only: the splits as the API shows them to this viewer (their own cut under limited visibility). */
function ReadOnlyTabs({ product, tab, onChanged }: TabsProps) {
  const { t } = useTranslation();
  switch (tab) {
    case 'splits':
    case 'conditional':
      return <SplitSetsView sets={product.splitSets} tab={tab} />;
    case 'tags':
      return <TagsTab product={product} onChanged={onChanged} editable={false} />;
    case 'codes':
      return <CodesTab product={product} onChanged={onChanged} editable={false} />;
    case 'history':
      return <p className="page-note">{t('catalog.history.managers-only')}</p>;
    default:
      return sharedTab(tab, product);
  }
}

function DetailsDialog({
  product,
  onClose,
  onChanged,
}: {
  product: Product;
  onClose: () => void;
  onChanged: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [values, setValues] = useState<ProductFormValues>(() => productFormOf(product));
  const [saving, setSaving] = useState(false);
  const problem = productFormProblem(values);
  const save = () => {
    if (problem) return;
    setSaving(true);
    changeProduct(api, product.id, { version: product.version, ...productFieldsOf(values) }).then(
      (updated) => {
        onChanged(updated);
        onClose();
      },
      () => setSaving(false),
    );
  };
  return (
    <Modal
      title={t('catalog.details.edit-title')}
      onClose={onClose}
      width={720}
      footer={
        <button
          type="button"
          className="button button-primary"
          disabled={saving || !!problem}
          onClick={save}
        >
          {t('catalog.details.save')}
        </button>
      }
    >
      <ProductFieldsForm values={values} onChange={setValues} />
      {problem && <p className="field-error">{t(problem)}</p>}
    </Modal>
  );
}

/** /products/{productId}: the product's details and its tabs. */
export function ProductPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { productId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { canEdit } = useCatalogAccess();
  const { session } = useSession();
  const readsAnalytics =
    session !== null && actingAs(session).permissions.some((held) => held.startsWith('analytics:'));
  const loaded = useLoad(() => readProduct(api, productId), [api, productId]);
  // The split editor's preview input is asked for beside the product, not once it is here.
  const previewStart = usePreviewStart(api, productId, canEdit);
  const [product, setProduct] = useLocalCopy(loaded.status === 'ready' ? loaded.data : null);
  const [editing, setEditing] = useState(false);
  const wanted = params.get('tab');
  const tab: Tab = isTab(wanted) ? wanted : 'splits';

  if (loaded.status === 'loading') {
    return <p className="page page-note">{t('catalog.product.loading')}</p>;
  }
  if (product === null) {
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('catalog.product.missing')}</p>
      </section>
    );
  }
  const Tabs = canEdit ? EditableTabs : ReadOnlyTabs;
  return (
    <section className="page catalog-page product-page">
      <header className="catalog-head">
        <div>
          <h1 className="page-title">{product.title}</h1>
          {product.subtitle && <p className="page-note">{product.subtitle}</p>}
        </div>
        {canEdit && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setEditing(true)}
          >
            {t('catalog.details.edit')}
          </button>
        )}
      </header>
      <ProductDetailsFacts product={product} />
      <TabBar
        label={t('catalog.tabs.label')}
        items={TABS.filter((candidate) => candidate !== 'analytics' || readsAnalytics).map(
          (candidate) => ({ key: candidate, label: t(TAB_KEYS[candidate]) }),
        )}
        selected={tab}
        onSelect={(candidate) => setParams({ tab: candidate }, { replace: true })}
      />
      <div role="tabpanel" className="tab-panel" aria-label={t(TAB_KEYS[tab])}>
        <Tabs product={product} tab={tab} onChanged={setProduct} previewStart={previewStart} />
      </div>
      {editing && (
        <DetailsDialog product={product} onClose={() => setEditing(false)} onChanged={setProduct} />
      )}
    </section>
  );
}
