import { useTranslation } from 'react-i18next';
import { TextInput } from '../widgets/TextInput';
import type { SplitProblem } from './splitChecks';
import type { PayeeShareDraft } from './splitDraft';
import type { ShareChange } from './splitEditing';

export function ProblemList({ problems }: { problems: readonly SplitProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <ul className="split-problems">
      {problems.map((problem, index) => (
        <li key={`${problem.key}-${index}`} className="field-error">
          {t(problem.key, problem.values)}
        </li>
      ))}
    </ul>
  );
}

export const shareName = (share: PayeeShareDraft): string =>
  share.fullname || share.email || share.payeeId || '';

export interface PayeeShareRowProps {
  share: PayeeShareDraft;
  /** What a balance share takes, when this is the balance share and the others allow it. */
  balanceTakes: string | null;
  problems: readonly SplitProblem[];
  onChange: (change: ShareChange) => void;
  onRemove: () => void;
  disabled?: boolean;
}

/** A payee's share: percentage or balance, and a note when the collaborator is new. */
export function PayeeShareRow({
  share,
  balanceTakes,
  problems,
  onChange,
  onRemove,
  disabled,
}: PayeeShareRowProps) {
  const { t } = useTranslation();
  const name = shareName(share);
  return (
    <div className="share-row">
      <div className="share-who">
        <span className="share-name">{name}</span>
        {!share.payeeId && (
          <span className="share-new">{t('catalog.splits.new-collaborator')}</span>
        )}
      </div>
      {share.balance ? (
        <span className="share-balance-takes">
          {balanceTakes === null
            ? t('catalog.splits.balance-nothing')
            : t('catalog.splits.balance-takes', { pct: balanceTakes })}
        </span>
      ) : (
        <TextInput
          label={t('catalog.splits.pct-for', { name })}
          value={share.pct}
          size="small"
          inputMode="decimal"
          disabled={disabled}
          // The preview recalculates each figure at once, a newer one superseding an older one.
          debounceMs={0}
          onChange={(pct) => onChange({ pct })}
        />
      )}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={share.balance}
          disabled={disabled}
          onChange={(event) => onChange({ balance: event.target.checked })}
        />
        {t('catalog.splits.balance')}
      </label>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-label={t('catalog.splits.remove-for', { name })}
        disabled={disabled}
        onClick={onRemove}
      >
        {t('catalog.splits.remove')}
      </button>
      <ProblemList problems={problems} />
    </div>
  );
}
