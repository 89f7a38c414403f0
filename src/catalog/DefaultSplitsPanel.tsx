import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useLocalCopy } from '../app/useLocalCopy';
import { Tabs } from '../widgets/Tabs';
import { listPresets, readDefaultSplits, saveDefaultSplits } from './catalogApi';
import { SplitEditorTab, type SplitTab } from './SplitEditorTab';
import { useKnownNames } from './useKnownNames';
import { useSplitSetsEditor } from './useSplitEditor';
import type { DefaultSplits } from '../../api/defaultSplits';
import type { Preset } from '../../api/presets';

const TAB_KEYS = {
  splits: 'catalog.tabs.splits',
  conditional: 'catalog.tabs.conditional',
} as const;

const NO_CODES = { codes: [] };
const NO_PRESETS: readonly Preset[] = [];

/** The editor of the default sets as loaded; exported for its render test. */
export function DefaultSplitsEditor({
  saved,
  onSaved,
}: {
  saved: DefaultSplits;
  onSaved: (saved: DefaultSplits) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [tab, setTab] = useState<SplitTab>('splits');
  const editor = useSplitSetsEditor(saved, onSaved, (version, sets) =>
    saveDefaultSplits(api, version, sets),
  );
  const nameOf = useKnownNames(api, saved, true);
  const listed = useLoad(() => listPresets(api), [api]).data?.items ?? NO_PRESETS;
  const [presets, setPresets] = useLocalCopy(listed);

  return (
    <>
      <Tabs
        label={t('catalog.defaults.tabs-label')}
        items={(['splits', 'conditional'] as const).map((candidate) => ({
          key: candidate,
          label: t(TAB_KEYS[candidate]),
        }))}
        selected={tab}
        onSelect={setTab}
      />
      <div role="tabpanel" className="tab-panel" aria-label={t(TAB_KEYS[tab])}>
        <SplitEditorTab
          tab={tab}
          product={NO_CODES}
          editor={editor}
          preview={null}
          presets={presets}
          onPresetSaved={(preset) => setPresets([...presets, preset])}
          nameOf={nameOf}
          defaults
        />
      </div>
    </>
  );
}

/** The account-wide default split sets (ENGINE.md scope `{ default: true }`), for product:rw. */
export function DefaultSplitsPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLoad(() => readDefaultSplits(api), [api]);
  const [savedSince, setSaved] = useState<DefaultSplits | null>(null);
  const saved = savedSince ?? (loaded.status === 'ready' ? loaded.data : null);

  return (
    <section className="default-splits" aria-label={t('catalog.defaults.title')}>
      <h2 className="split-set-title">{t('catalog.defaults.title')}</h2>
      <p className="page-note">{t('catalog.defaults.intro')}</p>
      {loaded.status === 'loading' ? (
        <p className="page-note">{t('catalog.defaults.loading')}</p>
      ) : saved === null ? (
        <p className="page-note">{t('catalog.defaults.unavailable')}</p>
      ) : (
        <DefaultSplitsEditor saved={saved} onSaved={setSaved} />
      )}
    </section>
  );
}
