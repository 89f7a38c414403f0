import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import type { PageProps } from '../routes/types';
import { TextInput } from '../widgets/TextInput';
import { AdjustmentsTab } from './AdjustmentsTab';
import {
  adjustmentBody,
  adjustmentProblem,
  emptyAdjustment,
  type AdjustmentDraft,
} from './adjustmentRules';
import { takesHandEdits } from '../../machines/statementMachine';
import { StatementHeader } from './StatementHeader';
import { addAdjustment } from './statementsApi';
import { useStatement } from './useStatement';
import { useStatementActor } from './useStatementActor';
import './statements.css';

/** /statements/{id}/royalties: royalty lines and adjustments added by hand before calculation. */
export function StatementRoyaltiesPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { id = '' } = useParams();
  const actor = useStatementActor();
  const { statement, failed, reload } = useStatement(id);
  const [draft, setDraft] = useState<AdjustmentDraft>(emptyAdjustment);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState(0);

  if (!statement) {
    return (
      <section className="page statement-page">
        <p className="page-note">
          {failed ? t('statements.detail.not-found') : t('statements.detail.loading')}
        </p>
      </section>
    );
  }

  const problem = adjustmentProblem(draft);
  const editable = actor.canWrite && takesHandEdits(statement.state);
  const set = (field: keyof AdjustmentDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem) return;
    setSaving(true);
    addAdjustment(api, statement.id, adjustmentBody(draft))
      .then(
        () => {
          setDraft(emptyAdjustment);
          setTried(false);
          setAdded((count) => count + 1);
          reload();
        },
        // The client has shown the server's text as a toast.
        () => undefined,
      )
      .finally(() => setSaving(false));
  };

  return (
    <section className="page statement-page">
      <StatementHeader statement={statement} actor={actor} />
      <section className="card">
        <h2>{t(route.titleKey)}</h2>
        {editable ? (
          <form className="form statement-royalty-form" onSubmit={submit} noValidate>
            <p className="page-note">{t('statements.adjustments.note')}</p>
            <TextInput
              label={t('statements.adjustments.code')}
              value={draft.code}
              onChange={set('code')}
              required
            />
            <TextInput
              label={t('statements.adjustments.amount')}
              value={draft.amount}
              onChange={set('amount')}
              inputMode="decimal"
              hint={t('statements.adjustments.amount-hint')}
              required
            />
            <TextInput
              label={t('statements.adjustments.units')}
              value={draft.units}
              onChange={set('units')}
              inputMode="numeric"
            />
            <TextInput
              label={t('statements.adjustments.description')}
              value={draft.description}
              onChange={set('description')}
              required
            />
            {tried && problem && (
              <p className="field-error" role="alert">
                {t(problem)}
              </p>
            )}
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={saving}>
                {t('statements.adjustments.add')}
              </button>
            </div>
          </form>
        ) : (
          <p className="page-note">{t('statements.adjustments.locked')}</p>
        )}
      </section>
      <AdjustmentsTab statement={statement} canWrite={false} generation={added} />
    </section>
  );
}
