import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useServerText } from '../i18n/serverText';
import { SUPPORT_EMAIL } from '../account/supportEmail';
import type { Recoupment } from '../../api/recoupments';
import {
  draftOf,
  draftProblems,
  emptyDraft,
  recoupmentFieldsOf,
  recoupmentPatchOf,
  serverProblems,
  type DraftField,
  type DraftProblems,
  type ProductRef,
  type RecoupmentDraft,
} from './recoupmentDraft';
import { changeRecoupment, createRecoupment } from './recoupmentFormApi';
import { RecoupmentPartyFields } from './RecoupmentPartyFields';
import { RecoupmentPreviewPanel } from './RecoupmentPreviewPanel';
import { RecoupmentTermFields } from './RecoupmentTermFields';
import '../widgets/pageParts.css';
import './recoupmentForm.css';

export interface RecoupmentFormProps {
  /** The recoupment to edit; absent, the form creates one. */
  recoupment?: Recoupment;
  /** Staff name the label account ('' until chosen); null or absent: the caller's own account. */
  accountId?: string | null;
  /** A new recoupment starts scoped to this product. */
  product?: ProductRef;
  onSaved: (saved: Recoupment) => void;
  onCancel: () => void;
}

/** A box that keeps the tallest height it has had, as its least height, while it is shown. */
function useKeptHeight() {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    let tallest = 0;
    const observer = new ResizeObserver(() => {
      if (element.offsetHeight <= tallest) return;
      tallest = element.offsetHeight;
      element.style.minHeight = `${tallest}px`;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return box;
}

/** Every field of a recoupment (SPEC section 3), checked as the server checks them. */
export function RecoupmentForm({
  recoupment,
  accountId,
  product,
  onSaved,
  onCancel,
}: RecoupmentFormProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const serverText = useServerText({ email: SUPPORT_EMAIL });
  const [draft, setDraft] = useState<RecoupmentDraft>(() =>
    recoupment
      ? draftOf(recoupment)
      : product
        ? { ...emptyDraft(), scope: 'products', products: [product] }
        : emptyDraft(),
  );
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<DraftProblems>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const previewBox = useKeptHeight();

  const problems = draftProblems(draft);
  const accountMissing = accountId === '';
  const set = <F extends DraftField>(field: F, value: RecoupmentDraft[F]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // The server's word on a field no longer holds once the field changes.
    setRefused((current) => ({ ...current, [field]: undefined }));
  };
  const say = (problem: string) =>
    problem.startsWith('recoupment-form.') ? t(problem) : serverText(problem);
  const problemOf = (field: DraftField) => {
    const problem = (tried ? problems[field] : undefined) ?? refused[field];
    return problem ? say(problem) : null;
  };

  const save = async () => {
    setSaving(true);
    setFormMessage(null);
    try {
      const saved = recoupment
        ? await changeRecoupment(api, recoupment.id, recoupmentPatchOf(draft, recoupment.version))
        : await createRecoupment(api, {
            ...recoupmentFieldsOf(draft),
            ...(accountId ? { accountId } : {}),
          });
      onSaved(saved);
    } catch (error) {
      const fieldProblems = error instanceof ApiError ? serverProblems(error.fieldErrors) : {};
      setRefused(fieldProblems);
      // A refusal beside its field says it there; anything else (a 409) says it above the buttons.
      if (Object.keys(fieldProblems).length === 0) {
        setFormMessage(
          error instanceof Error ? error.message : t('recoupment-form.errors.not-saved'),
        );
      }
    } finally {
      setSaving(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (accountMissing || Object.keys(problems).length > 0) return;
    void save();
  };

  const shownProblems = tried && (accountMissing || Object.keys(problems).length > 0);
  return (
    <form className="form recoupment-form" onSubmit={submit} noValidate>
      <RecoupmentTermFields draft={draft} set={set} problemOf={problemOf} />
      <RecoupmentPartyFields draft={draft} set={set} problemOf={problemOf} />
      {shownProblems && (
        <p className="field-error" role="alert">
          {accountMissing
            ? t('recoupment-form.errors.label-required')
            : t('recoupment-form.errors.fix-fields')}
        </p>
      )}
      {formMessage && (
        <p className="field-error" role="alert">
          {serverText(formMessage)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving
            ? t('recoupment-form.actions.saving')
            : recoupment
              ? t('recoupment-form.actions.save')
              : t('recoupment-form.actions.create')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('recoupment-form.actions.cancel')}
        </button>
      </div>
      {/* Below the buttons: the preview grows when its statement and figures arrive, and would
          otherwise move the buttons from under the pointer of someone about to click them. Its
          box never shrinks either: a field left as no number drops its tables at once (as the
          field loses focus to a click on Save), and a page scrolled to its end would scroll back
          under the pointer. */}
      <div ref={previewBox}>
        {!accountMissing && (
          <RecoupmentPreviewPanel
            fields={recoupmentFieldsOf(draft)}
            {...(recoupment ? { recoupment } : {})}
            {...(accountId ? { accountId } : {})}
          />
        )}
      </div>
    </form>
  );
}
