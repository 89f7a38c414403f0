import { useTranslation } from 'react-i18next';
import { describeTrigger } from './TriggerFields';
import type { ShareLineView, SplitSetView } from '../../api/splits';

const KIND_KEYS = {
  base: 'catalog.splits.kind-base',
  mechanical: 'catalog.splits.kind-mechanical',
  conditional: 'catalog.splits.kind-conditional',
} as const;

function ShareLine({ line }: { line: ShareLineView }) {
  const { t } = useTranslation();
  const name = line.grouped ? t('catalog.splits.others') : line.fullname || line.payeeId || '';
  const pct = line.balance ? t('catalog.splits.balance') : `${line.pct ?? ''}%`;
  return (
    <div role="row" className="share-line">
      <span role="cell">{name}</span>
      <span role="cell" className="share-line-pct">
        {pct}
      </span>
    </div>
  );
}

/**
 * The splits as the API shows them to this viewer: under limited visibility, their own line and
 * one line for everyone else.
 */
export function SplitSetsView({
  sets,
  tab,
}: {
  sets: readonly SplitSetView[];
  tab: 'splits' | 'conditional';
}) {
  const { t } = useTranslation();
  const shown = sets.filter((set) =>
    tab === 'conditional' ? set.kind === 'conditional' : set.kind !== 'conditional',
  );
  if (shown.length === 0) return <p className="page-note">{t('catalog.splits.none')}</p>;
  return (
    <div className="split-sets-view">
      {shown.map((set, index) => {
        const title = t(KIND_KEYS[set.kind], { number: index + 1 });
        return (
          <section key={set.id} className="split-set" aria-label={title}>
            <h3 className="split-set-title">{title}</h3>
            <p className="page-note">
              {set.scope === 'product'
                ? t('catalog.splits.scope-product')
                : t('catalog.splits.scope-code', { code: set.scope.code })}
              {set.startDate && ` · ${t('catalog.splits.starts', { date: set.startDate })}`}
              {set.kind === 'conditional' && ` · ${describeTrigger(t, set.trigger)}`}
            </p>
            <div role="table" aria-label={title} className="share-lines">
              {set.shares.map((share, shareIndex) => (
                <div key={`${share.payeeId ?? share.groupId ?? 'others'}-${shareIndex}`}>
                  {share.groupId !== null ? (
                    <>
                      <div role="row" className="share-line">
                        <span role="cell">
                          {t('catalog.splits.group', { group: share.groupId })}
                        </span>
                        <span role="cell" className="share-line-pct">{`${share.pct ?? ''}%`}</span>
                      </div>
                      <div className="share-members">
                        {share.members.map((member, memberIndex) => (
                          <ShareLine key={`${member.payeeId ?? ''}-${memberIndex}`} line={member} />
                        ))}
                      </div>
                    </>
                  ) : (
                    <ShareLine line={share} />
                  )}
                </div>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
