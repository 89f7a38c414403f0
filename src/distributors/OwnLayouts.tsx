import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { LabelAccountSelect } from '../catalog/LabelAccountSelect';
import { STATEMENT_FILE_ACCEPT } from '../import/importForm';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import { ConfirmModal } from '../widgets/ConfirmModal';
import type { AccountLayout, ColumnCandidate, LayoutProposal } from '../../api/layouts';
import { ENCODING_NAMES } from '../../rules/encodings';
import {
  addOwnLayout,
  changeOwnLayout,
  listOwnLayouts,
  proposeLayout,
  removeOwnLayout,
} from './distributorsApi';
import { useLabelAccountLoad } from './labelAccountLoad';
import {
  draftIssues,
  emptyVersion,
  layoutVersion,
  versionDraft,
  type VersionDraft,
} from './templateDraft';
import { TemplatePreview } from './TemplatePreview';
import { useFieldLabel } from './TemplateSummary';
import { MoneyChoices } from './MoneyChoices';
import { confirmedColumns, pickCandidate, unconfirmedFields } from './moneyChoice';
import { VersionEditor } from './VersionEditor';

/** The server's words for a name already used (server/routes/accountLayouts.ts). */
const NAME_TAKEN_TEXT =
  'A layout of yours for this distributor already has this name: choose another.';
/** The server's words for a sample without a header (server/import/proposeLayout.ts). */
const NO_HEADER_TEXT = 'The sample holds no header row: choose a file with column names.';

/** A layout being written: a new one from a sample, or one of the list being changed. */
interface Editing {
  draft: VersionDraft;
  /** The layout changed, with the version it was read at; null for a new one. */
  layout: AccountLayout | null;
  proposal: LayoutProposal | null;
  sample: File | null;
}

type LayoutRow = AccountLayout & { name: string; columns: number };

export interface OwnLayoutsProps {
  distributor: { id: string; name: string };
  /** Told how many layouts of the label's own the distributor has, each time they are read. */
  onCount?: (count: number) => void;
}

/**
 * The distributor page's layouts of the label's own: added from a sample file (the portal
 * proposes the mapping from its header), tried on the sample, changed and removed. The label's
 * statements of this distributor are read with them as well as with the distributor's.
 */
export function OwnLayouts({ distributor, onCount }: OwnLayoutsProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const fieldLabel = useFieldLabel();
  // Those who upload the label's statements, as for the intake keys.
  const {
    canManage,
    choosesAccount,
    accountId,
    setAccountId,
    accountChosen,
    account,
    loaded: layouts,
  } = useLabelAccountLoad(
    (accountId, signal) => listOwnLayouts(api, distributor.id, accountId, signal),
    [api, distributor.id],
  );
  const titleId = useId();
  const sampleId = useId();
  const [sample, setSample] = useState<File | null>(null);
  const [proposing, setProposing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<AccountLayout | null>(null);
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const count = layouts.status === 'ready' ? layouts.data.total : null;
  useEffect(() => {
    if (count !== null) onCount?.(count);
  }, [count, onCount]);
  const issues = useMemo(
    () => (editing ? draftIssues({ name: distributor.name, versions: [editing.draft] }) : []),
    [editing, distributor.name],
  );

  if (!canManage) return null;

  const failure = (error: unknown, fallback: string) => {
    if (!(error instanceof ApiError)) return fallback;
    if (error.message === NAME_TAKEN_TEXT) return t('distributors.own-layouts.name-taken');
    if (error.message === NO_HEADER_TEXT) return t('distributors.own-layouts.no-header');
    return fallback;
  };

  const propose = async (event: FormEvent) => {
    event.preventDefault();
    if (!sample) {
      setProblem(t('distributors.own-layouts.sample-required'));
      return;
    }
    setProposing(true);
    setProblem(null);
    try {
      const proposal = await proposeLayout(sample);
      const draft = versionDraft(proposal.layout);
      setEditing({
        // Nothing was recognised as a code: one empty code column for the label to fill.
        draft: draft.codes.length > 0 ? draft : { ...draft, codes: emptyVersion().codes },
        layout: null,
        proposal,
        sample,
      });
      setTried(false);
    } catch (error) {
      setProblem(failure(error, t('distributors.own-layouts.read-failed')));
    } finally {
      setProposing(false);
    }
  };

  const save = async () => {
    if (!editing) return;
    setTried(true);
    setProblem(null);
    if (unconfirmedFields(editing.proposal?.choices ?? [], editing.draft).length > 0) {
      setProblem(t('distributors.own-layouts.confirm-first'));
      return;
    }
    if (issues.length > 0) return;
    setSaving(true);
    try {
      const layout = layoutVersion(editing.draft);
      if (editing.layout) {
        await changeOwnLayout(api, editing.layout.id, {
          version: editing.layout.version,
          layout,
        });
      } else {
        await addOwnLayout(api, {
          distributorId: distributor.id,
          layout,
          ...account,
        });
      }
      setEditing(null);
      setSample(null);
      layouts.reload();
    } catch (error) {
      setProblem(failure(error, t('distributors.own-layouts.save-failed')));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (layout: AccountLayout) => {
    setRemoveProblem(null);
    try {
      await removeOwnLayout(api, layout.id);
      setRemoving(null);
      layouts.reload();
    } catch (error) {
      setRemoveProblem(failure(error, t('distributors.own-layouts.remove-failed')));
    }
  };

  const edit = (layout: AccountLayout) => {
    setEditing({
      draft: versionDraft(layout.layout),
      layout,
      proposal: null,
      sample: null,
    });
    setTried(false);
    setProblem(null);
  };

  const columns: ListColumn<LayoutRow>[] = [
    { label: t('distributors.own-layouts.column-name'), key: 'name', width: 200, flexGrow: 2 },
    {
      label: t('distributors.own-layouts.column-columns'),
      key: 'columns',
      width: 100,
      textAlign: 'right',
    },
    {
      label: t('distributors.own-layouts.column-added'),
      key: 'createdAt',
      format: 'date',
      width: 110,
    },
    { label: t('distributors.own-layouts.column-added-by'), key: 'createdBy.name', width: 150 },
    {
      label: t('distributors.own-layouts.column-edit'),
      key: 'id',
      action: edit,
      btnLabel: t('distributors.own-layouts.edit'),
      width: 100,
      flexGrow: 0,
    },
    {
      label: t('distributors.own-layouts.column-remove'),
      key: 'version',
      action: (row) => {
        setRemoveProblem(null);
        setRemoving(row);
      },
      btnLabel: t('distributors.own-layouts.remove'),
      width: 110,
      flexGrow: 0,
    },
  ];
  const rows: LayoutRow[] = (layouts.status === 'ready' ? layouts.data.items : []).map(
    (layout) => ({ ...layout, name: layout.layout.name, columns: layout.layout.headers.length }),
  );

  const pick = (field: 'revenue' | 'units', candidate: ColumnCandidate) => {
    if (editing) setEditing({ ...editing, draft: pickCandidate(editing.draft, field, candidate) });
  };

  const proposal = editing?.proposal ?? null;
  const setAside = [...new Set(proposal?.setAside.map((column) => column.column) ?? [])];
  // Candidates of a money field are offered below, not left unread.
  const offered = new Set(
    proposal?.choices.flatMap((choice) => choice.candidates.map((candidate) => candidate.header)),
  );
  const unmapped =
    proposal?.columns.filter((column) => column.field === null && !offered.has(column.column)) ??
    [];
  const missingNames = (proposal?.missing ?? []).map((field) =>
    field === 'codes' ? t('distributors.template.codes') : fieldLabel(field),
  );

  return (
    <section className="own-layouts card" aria-labelledby={titleId}>
      <h2 className="portal-section-title" id={titleId}>
        {t('distributors.own-layouts.title')}
      </h2>
      <p className="page-note">
        {t('distributors.own-layouts.explain', { distributor: distributor.name })}
      </p>
      {choosesAccount && (
        <LabelAccountSelect value={accountId} onChange={setAccountId} showProblem={false} />
      )}
      {accountChosen && !editing && (
        <form className="form own-layout-sample" noValidate onSubmit={(e) => void propose(e)}>
          <div className="field">
            <label className="field-label" htmlFor={sampleId}>
              {t('distributors.own-layouts.sample-file')}
            </label>
            <input
              id={sampleId}
              type="file"
              accept={STATEMENT_FILE_ACCEPT}
              onChange={(event) => setSample(event.target.files?.[0] ?? null)}
            />
            <p className="field-hint">
              {t('distributors.own-layouts.sample-hint', { distributor: distributor.name })}
            </p>
            {problem && (
              <p className="field-error" role="alert">
                {problem}
              </p>
            )}
          </div>
          <button type="submit" className="button button-primary" disabled={proposing}>
            {proposing
              ? t('distributors.own-layouts.proposing')
              : t('distributors.own-layouts.add-from-sample')}
          </button>
        </form>
      )}
      {editing && (
        <div className="own-layout-editor distributor-form" data-testid="own-layout-editor">
          <h3>
            {editing.layout
              ? t('distributors.own-layouts.edit-title', { name: editing.layout.layout.name })
              : t('distributors.own-layouts.new-title', { file: editing.sample?.name ?? '' })}
          </h3>
          {proposal && (
            <div className="alert alert-info" role="status" data-testid="own-layout-proposal">
              <p>
                {t('distributors.own-layouts.recognised', {
                  mapped: proposal.columns.length - unmapped.length,
                  total: proposal.columns.length,
                })}
              </p>
              {unmapped.length > 0 && (
                <p>
                  {t('distributors.own-layouts.unmapped', {
                    columns: unmapped.map((column) => column.column).join(', '),
                  })}
                </p>
              )}
              {missingNames.length > 0 && (
                <p className="field-error">
                  {t('distributors.own-layouts.missing', { fields: missingNames.join(', ') })}
                </p>
              )}
              {setAside.length > 0 && (
                <p>{t('distributors.own-layouts.set-aside', { columns: setAside.join(', ') })}</p>
              )}
              {proposal.encoding && (
                <p>
                  {t('distributors.own-layouts.encoding', {
                    encoding: ENCODING_NAMES[proposal.encoding],
                  })}
                </p>
              )}
              {proposal.decimalSeparator && (
                <p>
                  {proposal.decimalSeparator === 'comma'
                    ? t('distributors.own-layouts.decimal-comma')
                    : t('distributors.own-layouts.decimal-point')}
                </p>
              )}
            </div>
          )}
          {proposal && proposal.choices.length > 0 && (
            <MoneyChoices
              choices={proposal.choices}
              picked={confirmedColumns(proposal.choices, editing.draft)}
              onPick={pick}
            />
          )}
          <VersionEditor
            number={1}
            version={editing.draft}
            issues={tried ? issues.filter((issue) => issue.version === 1) : []}
            canRemove={false}
            onChange={(draft) => setEditing({ ...editing, draft })}
            onRemove={() => undefined}
          />
          <TemplatePreview
            key={editing.sample?.name ?? editing.layout?.id ?? ''}
            template={
              issues.length === 0
                ? { name: distributor.name, versions: [layoutVersion(editing.draft)] }
                : null
            }
            ownLayout
            sample={editing.sample}
          />
          {problem && (
            <div className="alert alert-error" role="alert">
              {problem}
            </div>
          )}
          {tried && issues.length > 0 && (
            <p className="field-error" role="alert">
              {t('distributors.editor.fix-problems')}
            </p>
          )}
          <div className="form-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={saving}
              onClick={() => void save()}
            >
              {saving ? t('distributors.own-layouts.saving') : t('distributors.own-layouts.save')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setEditing(null);
                setProblem(null);
              }}
            >
              {t('distributors.own-layouts.cancel')}
            </button>
          </div>
        </div>
      )}
      {accountChosen &&
        (layouts.status === 'loading' ? (
          <p className="page-note">{t('distributors.own-layouts.loading')}</p>
        ) : (
          <List
            label={t('distributors.own-layouts.list-label')}
            columns={columns}
            rows={rows}
            emptyText={t('distributors.own-layouts.empty', { distributor: distributor.name })}
          />
        ))}
      {removing && (
        <ConfirmModal
          title={t('distributors.own-layouts.remove-title', { name: removing.layout.name })}
          confirmLabel={t('distributors.own-layouts.remove-confirm')}
          cancelLabel={t('distributors.own-layouts.cancel')}
          onConfirm={() => void remove(removing)}
          onClose={() => setRemoving(null)}
          problem={removeProblem}
        >
          <p>{t('distributors.own-layouts.remove-explain', { distributor: distributor.name })}</p>
        </ConfirmModal>
      )}
    </section>
  );
}
