import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import {
  listPresets,
  readDefaultSplits,
  saveDefaultSplits,
  type DefaultSplits,
  type Preset,
} from './catalogApi';
import { SplitEditorTab, type SplitTab } from './SplitEditorTab';
import { useKnownNames } from './useKnownNames';
import { useSplitSetsEditor } from './useSplitEditor';

const TAB_KEYS = {
  splits: 'catalog.tabs.splits',
  conditional: 'catalog.tabs.conditional',
} as const;

const NO_CODES = { codes: [] };

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
  const [presets, setPresets] = useState<Preset[]>([]);
  useEffect(() => {
    let cancelled = false;
    listPresets(api).then(
      (answer) => !cancelled && setPresets(answer.items),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [api]);

  return (
    <>
      <div className="tab-bar" role="tablist" aria-label={t('catalog.defaults.tabs-label')}>
        {(['splits', 'conditional'] as const).map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            className="tab"
            aria-selected={candidate === tab}
            onClick={() => setTab(candidate)}
          >
            {t(TAB_KEYS[candidate])}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="tab-panel" aria-label={t(TAB_KEYS[tab])}>
        <SplitEditorTab
          tab={tab}
          product={NO_CODES}
          editor={editor}
          preview={null}
          presets={presets}
          onPresetSaved={(preset) => setPresets((current) => [...current, preset])}
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
  const [saved, setSaved] = useState<DefaultSplits | null | 'unavailable'>(null);

  useEffect(() => {
    let cancelled = false;
    readDefaultSplits(api).then(
      (loaded) => !cancelled && setSaved(loaded),
      () => !cancelled && setSaved('unavailable'),
    );
    return () => {
      cancelled = true;
    };
  }, [api]);

  return (
    <section className="default-splits" aria-label={t('catalog.defaults.title')}>
      <h2 className="split-set-title">{t('catalog.defaults.title')}</h2>
      <p className="page-note">{t('catalog.defaults.intro')}</p>
      {saved === null ? (
        <p className="page-note">{t('catalog.defaults.loading')}</p>
      ) : saved === 'unavailable' ? (
        <p className="page-note">{t('catalog.defaults.unavailable')}</p>
      ) : (
        <DefaultSplitsEditor saved={saved} onSaved={setSaved} />
      )}
    </section>
  );
}
