import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PayoutPreviewPanel } from './PayoutPreviewPanel';
import { SplitSetCard } from './SplitSetCard';
import { useRecoupmentChoices } from './useRecoupmentChoices';
import { scopeKey, setsOf, type SetDraft } from './splitDraft';
import type { PayoutPreview } from './usePayoutPreview';
import type { SplitEditor } from './useSplitEditor';
import type { Preset } from '../../api/presets';
import type { Product } from '../../api/products';
import type { ScopeView } from '../../api/splits';

export type SplitTab = 'splits' | 'conditional';

export interface SplitEditorTabProps {
  tab: SplitTab;
  /** Whose codes get their own scope (the account's defaults have none), and its revenue view. */
  product: Pick<Product, 'codes'> & Partial<Pick<Product, 'revenueView'>>;
  editor: SplitEditor;
  /** The live preview of a product's payouts; null for the account's default sets. */
  preview: PayoutPreview | null;
  /** The account-wide default sets: one scope, the account. */
  defaults?: boolean;
  presets: readonly Preset[];
  onPresetSaved: (preset: Preset) => void;
  nameOf: (payeeId: string) => string;
  /** Whose recoupments a conditional set may wait for; the caller's own account when left out. */
  accountId?: string;
}

/**
 * The split editor of one tab, for the whole product or one of its codes, with the live preview;
 * or for the account's default sets.
 */
export function SplitEditorTab({
  tab,
  product,
  editor,
  preview,
  presets,
  onPresetSaved,
  nameOf,
  defaults = false,
  accountId,
}: SplitEditorTabProps) {
  const { t } = useTranslation();
  const recoupments = useRecoupmentChoices(tab === 'conditional', accountId);
  const [scope, setScope] = useState<ScopeView>('product');
  const scopes: ScopeView[] = ['product', ...product.codes.map(({ code }) => ({ code }))];
  const shown = setsOf(editor.sets, scope, tab);
  const failingScope = (candidate: ScopeView) =>
    setsOf(editor.sets, candidate, tab).some(
      (set) => (editor.check.bySet[set.key]?.problems.length ?? 0) > 0,
    );
  const numberOf = (set: SetDraft) =>
    shown.filter((other) => other.kind === set.kind).indexOf(set) + 1;

  return (
    <div className="split-editor">
      <div className="split-main">
        {!defaults && (
          <div className="segmented" role="group" aria-label={t('catalog.splits.scope')}>
            {scopes.map((candidate) => (
              <button
                key={scopeKey(candidate)}
                type="button"
                className="segmented-option"
                aria-pressed={scopeKey(candidate) === scopeKey(scope)}
                onClick={() => setScope(candidate)}
              >
                {candidate === 'product'
                  ? t('catalog.splits.scope-product')
                  : t('catalog.splits.scope-code', { code: candidate.code })}
                {failingScope(candidate) && (
                  <TriangleAlert className="scope-warning" size={14} aria-hidden="true" />
                )}
              </button>
            ))}
          </div>
        )}
        <p className="page-note">
          {tab === 'conditional'
            ? t('catalog.splits.conditional-note')
            : defaults
              ? t('catalog.defaults.note')
              : scope === 'product'
                ? t('catalog.splits.product-note')
                : t('catalog.splits.code-note')}
        </p>

        {shown.length === 0 && <p className="page-note">{t('catalog.splits.none')}</p>}
        {shown.map((set) => {
          const check = editor.check.bySet[set.key];
          return check ? (
            <SplitSetCard
              key={set.key}
              set={set}
              number={numberOf(set)}
              check={check}
              edit={editor.edit}
              presets={presets}
              onPresetSaved={onPresetSaved}
              nameOf={nameOf}
              recoupments={recoupments}
              disabled={editor.saving}
            />
          ) : null;
        })}

        <div className="split-add-set">
          {tab === 'splits' ? (
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => editor.edit({ type: 'set.add', scope, kind: 'base' })}
              >
                {t('catalog.splits.add-base')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => editor.edit({ type: 'set.add', scope, kind: 'mechanical' })}
              >
                {t('catalog.splits.add-mechanical')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => editor.edit({ type: 'set.add', scope, kind: 'conditional' })}
            >
              {t('catalog.splits.add-conditional')}
            </button>
          )}
        </div>

        {editor.check.checkAllTabs && (
          <p className="alert alert-error" role="alert">
            {t('catalog.splits.check-all-tabs')}
          </p>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={!editor.dirty || !editor.check.valid || editor.saving}
            onClick={editor.save}
          >
            {editor.saving ? t('catalog.splits.saving') : t('catalog.splits.save')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={!editor.dirty || editor.saving}
            onClick={editor.discard}
          >
            {t('catalog.splits.discard')}
          </button>
          {!editor.dirty && <span className="page-note">{t('catalog.splits.saved')}</span>}
        </div>
      </div>
      {preview && (
        <PayoutPreviewPanel
          preview={preview}
          nameOf={nameOf}
          revenueView={product.revenueView ?? 'net'}
        />
      )}
    </div>
  );
}
