import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { TextInput } from '../widgets/TextInput';
import { createPreset } from './catalogApi';
import { PayeePicker } from './PayeePicker';
import { PayeeShareRow, ProblemList } from './ShareRows';
import type { SetCheck } from './splitChecks';
import {
  groupShare,
  payeeShare,
  presetShares,
  sharesFromPreset,
  type SetDraft,
} from './splitDraft';
import type { SplitEdit } from './splitEditing';
import { TriggerFields, type RecoupmentChoice } from './TriggerFields';
import type { Preset } from '../../api/presets';

const KIND_KEYS = {
  base: 'catalog.splits.kind-base',
  mechanical: 'catalog.splits.kind-mechanical',
  conditional: 'catalog.splits.kind-conditional',
} as const;

export interface SplitSetCardProps {
  set: SetDraft;
  number: number;
  check: SetCheck;
  edit: (edit: SplitEdit) => void;
  presets: readonly Preset[];
  onPresetSaved: (preset: Preset) => void;
  nameOf: (payeeId: string) => string;
  /** The account's recoupments a conditional set may wait for. */
  recoupments: readonly RecoupmentChoice[];
  disabled: boolean;
}

/** One split set: when it starts, its trigger, its shares and groups, and its live total. */
export function SplitSetCard({
  set,
  number,
  check,
  edit,
  presets,
  onPresetSaved,
  nameOf,
  recoupments,
  disabled,
}: SplitSetCardProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [presetName, setPresetName] = useState('');
  const [presetProblem, setPresetProblem] = useState<string | null>(null);
  const setKey = set.key;
  const problemsOf = (shareKey: string | null) =>
    check.problems.filter((problem) => problem.shareKey === shareKey);
  const title = t(KIND_KEYS[set.kind], { number });

  const savePreset = () => {
    const shares = presetShares(set);
    if (!presetName.trim()) return setPresetProblem(t('catalog.presets.name-required'));
    if (!shares) return setPresetProblem(t('catalog.presets.known-payees-only'));
    if (check.problems.length > 0) return setPresetProblem(t('catalog.presets.fix-first'));
    setPresetProblem(null);
    createPreset(api, presetName.trim(), shares).then(
      (preset) => {
        setPresetName('');
        onPresetSaved(preset);
      },
      () => undefined,
    );
  };

  return (
    <section className="split-set" aria-label={title}>
      <header className="split-set-head">
        <h3 className="split-set-title">{title}</h3>
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={disabled}
          onClick={() => edit({ type: 'set.remove', setKey })}
        >
          {t('catalog.splits.remove-set')}
        </button>
      </header>
      <div className="split-set-settings">
        <label className="field">
          <span className="field-label">{t('catalog.splits.start-date')}</span>
          <input
            className="input"
            type="date"
            value={set.startDate}
            disabled={disabled}
            onChange={(event) =>
              edit({ type: 'set.change', setKey, change: { startDate: event.target.value } })
            }
          />
        </label>
        {set.kind === 'conditional' && (
          <TextInput
            label={t('catalog.splits.priority')}
            value={set.priority}
            size="small"
            inputMode="numeric"
            disabled={disabled}
            onChange={(priority) => edit({ type: 'set.change', setKey, change: { priority } })}
          />
        )}
      </div>
      {set.kind === 'conditional' && (
        <TriggerFields
          trigger={set.trigger}
          recoupments={recoupments}
          disabled={disabled}
          onChange={(change) => edit({ type: 'trigger.change', setKey, change })}
        />
      )}

      <div className="share-list">
        {set.shares.map((share) =>
          share.kind === 'payee' ? (
            <PayeeShareRow
              key={share.key}
              share={share}
              balanceTakes={check.totals.balance}
              problems={problemsOf(share.key)}
              disabled={disabled}
              onChange={(change) =>
                edit({ type: 'share.change', setKey, shareKey: share.key, change })
              }
              onRemove={() => edit({ type: 'share.remove', setKey, shareKey: share.key })}
            />
          ) : (
            <div key={share.key} className="share-group">
              <div className="share-row">
                <TextInput
                  label={t('catalog.splits.group-name')}
                  value={share.groupId}
                  size="small"
                  disabled={disabled}
                  onChange={(groupId) =>
                    edit({ type: 'share.change', setKey, shareKey: share.key, change: { groupId } })
                  }
                />
                <TextInput
                  label={t('catalog.splits.pct-for', { name: share.groupId })}
                  value={share.pct}
                  size="small"
                  inputMode="decimal"
                  disabled={disabled}
                  onChange={(pct) =>
                    edit({ type: 'share.change', setKey, shareKey: share.key, change: { pct } })
                  }
                />
                <button
                  type="button"
                  className="button button-secondary button-small"
                  disabled={disabled}
                  onClick={() => edit({ type: 'share.remove', setKey, shareKey: share.key })}
                >
                  {t('catalog.splits.remove-group')}
                </button>
              </div>
              <div className="share-members">
                {share.members.map((member) => (
                  <PayeeShareRow
                    key={member.key}
                    share={member}
                    balanceTakes={check.groups[share.key]?.balance ?? null}
                    problems={problemsOf(member.key)}
                    disabled={disabled}
                    onChange={(change) =>
                      edit({ type: 'share.change', setKey, shareKey: member.key, change })
                    }
                    onRemove={() => edit({ type: 'share.remove', setKey, shareKey: member.key })}
                  />
                ))}
                <p className="split-total">
                  {t('catalog.splits.members-total', {
                    amount: check.groups[share.key]?.total ?? '0',
                  })}
                </p>
                <ProblemList problems={problemsOf(share.key)} />
                {!disabled && (
                  <PayeePicker
                    label={t('catalog.splits.add-member', { group: share.groupId })}
                    onPick={(who) =>
                      edit({
                        type: 'share.add',
                        setKey,
                        groupKey: share.key,
                        share: payeeShare(who),
                      })
                    }
                  />
                )}
              </div>
            </div>
          ),
        )}
      </div>

      {!disabled && (
        <div className="split-set-add">
          <PayeePicker
            label={t('catalog.splits.add-payee')}
            onPick={(who) => edit({ type: 'share.add', setKey, share: payeeShare(who) })}
          />
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() =>
              edit({
                type: 'share.add',
                setKey,
                share: groupShare(
                  t('catalog.splits.group-default-name', {
                    number: set.shares.filter((share) => share.kind === 'group').length + 1,
                  }),
                ),
              })
            }
          >
            {t('catalog.splits.add-group')}
          </button>
        </div>
      )}

      <p className={check.totals.complete ? 'split-total' : 'split-total split-total-off'}>
        {t('catalog.splits.total-line', { amount: check.totals.total })}
      </p>
      <ProblemList problems={problemsOf(null)} />

      {!disabled && (
        <div className="split-presets">
          <label className="field">
            <span className="field-label">{t('catalog.presets.apply')}</span>
            <select
              className="input"
              value=""
              onChange={(event) => {
                const preset = presets.find((item) => item.id === event.target.value);
                if (preset) {
                  edit({
                    type: 'shares.replace',
                    setKey,
                    shares: sharesFromPreset(preset, nameOf),
                  });
                }
              }}
            >
              <option value="">{t('catalog.presets.choose')}</option>
              {presets.map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.name}
                </option>
              ))}
            </select>
          </label>
          <TextInput
            label={t('catalog.presets.name')}
            value={presetName}
            size="small"
            onChange={setPresetName}
          />
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={savePreset}
          >
            {t('catalog.presets.save')}
          </button>
          {presetProblem && <p className="field-error">{presetProblem}</p>}
        </div>
      )}
    </section>
  );
}
