import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useLocalCopy } from '../app/useLocalCopy';
import type { PageProps } from '../routes/types';
import type { DistributorDetail, NewDistributor } from '../../api/distributors';
import { createDistributor, getDistributor, updateDistributor } from './distributorsApi';
import {
  distributorTemplate,
  draftIssues,
  emptyDraft,
  templateDraft,
  type DraftIssue,
  type TemplateDraft,
} from './templateDraft';
import { TemplateEditor } from './TemplateEditor';
import { TemplatePreview } from './TemplatePreview';
import './distributors.css';

interface FormState {
  name: string;
  uploadable: boolean;
  withTemplate: boolean;
  draft: TemplateDraft;
  /** The distributor's version when it was read: sent back with the change. */
  version: number | null;
}

const NEW_DISTRIBUTOR: FormState = {
  name: '',
  uploadable: true,
  withTemplate: true,
  draft: emptyDraft(),
  version: null,
};

const formOf = (distributor: DistributorDetail): FormState => ({
  name: distributor.name,
  uploadable: distributor.uploadable,
  withTemplate: distributor.template !== null,
  draft: distributor.template ? templateDraft(distributor.template) : emptyDraft(distributor.name),
  version: distributor.version,
});

/** /distributors/add and /distributors/{id}/edit: name, uploadable and the template editor. */
export function DistributorEditPage({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const { id } = useParams();
  const nameId = useId();
  const uploadableId = useId();
  const templateId = useId();
  const loaded = useLoad(() => (id ? getDistributor(api, id).then(formOf) : null), [api, id]);
  const [form, setForm] = useLocalCopy(id ? (loaded.data ?? null) : NEW_DISTRIBUTOR);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const missing = id !== undefined && loaded.status === 'failed';

  const issues: DraftIssue[] = useMemo(
    () => (form?.withTemplate ? draftIssues(form.draft) : []),
    [form],
  );
  const previewable = form?.withTemplate && issues.length === 0;

  if (missing) {
    return (
      <section className="page">
        <h1 className="page-title">{t(route.titleKey)}</h1>
        <p className="page-note">{t('distributors.detail.not-found')}</p>
      </section>
    );
  }
  if (!form) {
    return (
      <section className="page">
        <p className="page-note">{t('distributors.list.loading')}</p>
      </section>
    );
  }

  const update = (changes: Partial<FormState>) => setForm({ ...form, ...changes });
  const nameMissing = form.name.trim() === '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (nameMissing || issues.length > 0) return;
    const changes: Required<NewDistributor> = {
      name: form.name.trim(),
      uploadable: form.uploadable,
      template: form.withTemplate ? distributorTemplate(form.draft) : null,
    };
    setSaving(true);
    try {
      const saved =
        id && form.version !== null
          ? await updateDistributor(api, id, form.version, changes)
          : await createDistributor(api, changes);
      void navigate(`/distributors/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.message
          ? error.message
          : t('distributors.editor.save-failed'),
      );
      setSaving(false);
    }
  };

  return (
    <section className="page distributor-edit-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      <form className="form distributor-form" noValidate onSubmit={(event) => void save(event)}>
        <div className="card">
          <div className="field">
            <label className="field-label" htmlFor={nameId}>
              {t('distributors.editor.name')}
            </label>
            <input
              id={nameId}
              type="text"
              maxLength={120}
              value={form.name}
              aria-invalid={tried && nameMissing}
              onChange={(event) => update({ name: event.target.value })}
            />
            {tried && nameMissing && (
              <p className="field-error" role="alert">
                {t('distributors.editor.name-required')}
              </p>
            )}
          </div>
          <div className="field field-checkbox">
            <input
              id={uploadableId}
              type="checkbox"
              checked={form.uploadable}
              onChange={(event) => update({ uploadable: event.target.checked })}
            />
            <label htmlFor={uploadableId}>{t('distributors.editor.uploadable')}</label>
          </div>
          <div className="field field-checkbox">
            <input
              id={templateId}
              type="checkbox"
              checked={form.withTemplate}
              onChange={(event) => update({ withTemplate: event.target.checked })}
            />
            <label htmlFor={templateId}>{t('distributors.editor.with-template')}</label>
          </div>
          {form.uploadable && !form.withTemplate && (
            <p className="field-hint">{t('distributors.editor.upload-needs-template')}</p>
          )}
        </div>
        {form.withTemplate && (
          <TemplateEditor
            draft={form.draft}
            onChange={(draft) => update({ draft })}
            issues={tried ? issues : []}
          />
        )}
        {failure && (
          <div className="alert alert-error" role="alert">
            {failure}
          </div>
        )}
        {tried && (nameMissing || issues.length > 0) && (
          <p className="field-error" role="alert">
            {t('distributors.editor.fix-problems')}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? t('distributors.editor.saving') : t('distributors.editor.save')}
          </button>
          <Link
            className="button button-secondary"
            to={id ? `/distributors/${encodeURIComponent(id)}` : '/distributors'}
          >
            {t('distributors.editor.cancel')}
          </Link>
        </div>
      </form>
      {form.withTemplate && (
        <TemplatePreview
          template={previewable ? distributorTemplate(form.draft) : null}
          {...(id ? { distributorId: id } : {})}
        />
      )}
    </section>
  );
}
