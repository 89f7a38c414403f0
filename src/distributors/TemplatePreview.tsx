import { useId, useState } from 'react';
import { ReadingSummaryTable } from '../import/ReadingSummaryTable';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { STATEMENT_FILE_ACCEPT } from '../import/importForm';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import { previewTemplate } from './distributorsApi';
import type { DistributorTemplate } from './templateDraft';
import { useFieldLabel } from './TemplateSummary';
import type { TemplatePreviewAnswer } from '../../api/distributors';
import type { StatementRecord } from '../../rules/records';

type RecordRow = StatementRecord & { id: string };
type ErrorRow = TemplatePreviewAnswer['errors'][number] & { id: string };

export interface TemplatePreviewProps {
  /** The template to read the sample through; null while the draft cannot be sent. */
  template: DistributorTemplate | null;
  distributorId?: string;
  /** A label's own layout is tried through the label's route, not the overseer's. */
  ownLayout?: boolean;
  /** The file to start with: the sample a label's layout was proposed from. */
  sample?: File | null;
}

/** Reads the first rows of a sample file through the template (or a label's layout) being edited. */
export function TemplatePreview({
  template,
  distributorId,
  ownLayout = false,
  sample = null,
}: TemplatePreviewProps) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(sample);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TemplatePreviewAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async () => {
    if (!file || !template) return;
    setBusy(true);
    setFailure(null);
    try {
      setAnswer(
        await previewTemplate({
          template,
          file,
          ...(distributorId && !ownLayout ? { distributorId } : {}),
          ...(ownLayout ? { ownLayout } : {}),
        }),
      );
    } catch (error) {
      setAnswer(null);
      setFailure(
        error instanceof ApiError && error.message
          ? error.message
          : t('distributors.preview.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  const recordKeys = [
    'row',
    'code',
    'codeKind',
    'title',
    'artist',
    'service',
    'format',
    'formatKind',
    'territory',
    'date',
    'units',
    'revenue',
    'kind',
    'currency',
  ] as const;
  const recordColumns: ListColumn<RecordRow>[] = recordKeys.map((key) => ({
    label: fieldLabel(key),
    key,
    width: key === 'row' ? 50 : key === 'title' || key === 'artist' ? 160 : 100,
    // Revenue is the exact decimal string the server read: shown as it is, never rounded.
    textAlign: key === 'row' || key === 'units' || key === 'revenue' ? 'right' : 'left',
    show: 'hide-null',
  }));
  const errorColumns: ListColumn<ErrorRow>[] = [
    { label: fieldLabel('row'), key: 'row', width: 60, textAlign: 'right' },
    { label: t('distributors.preview.field'), key: 'field', width: 100 },
    { label: t('distributors.preview.message'), key: 'message', width: 320, flexGrow: 3 },
  ];
  const records = (answer?.records ?? []).map((record, index) => ({
    ...record,
    id: String(index),
  }));
  const errors = (answer?.errors ?? []).map((error, index) => ({ ...error, id: String(index) }));

  return (
    <section className="card template-preview" aria-label={t('distributors.preview.title')}>
      <h2 className="portal-section-title">{t('distributors.preview.title')}</h2>
      <p className="page-note">{t('distributors.preview.explain')}</p>
      <div className="template-preview-controls">
        <label className="field-label" htmlFor={inputId}>
          {t('distributors.preview.sample-file')}
        </label>
        {file && sample && (
          <span className="page-note" data-testid="template-preview-sample">
            {file.name}
          </span>
        )}
        <input
          id={inputId}
          type="file"
          accept={STATEMENT_FILE_ACCEPT}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <button
          type="button"
          className="button button-secondary"
          disabled={!file || !template || busy}
          onClick={() => void run()}
        >
          {busy ? t('distributors.preview.reading') : t('distributors.preview.run')}
        </button>
      </div>
      {!template && <p className="field-hint">{t('distributors.preview.fix-template')}</p>}
      {failure && (
        <div className="alert alert-error" role="alert">
          {failure}
        </div>
      )}
      {answer && (
        <div data-testid="template-preview-result">
          <p>
            {t('distributors.preview.counts', {
              records: answer.records.length,
              errors: answer.errors.length,
            })}
          </p>
          <ReadingSummaryTable reading={answer.reading} />
          <List
            label={t('distributors.preview.records')}
            columns={recordColumns}
            rows={records}
            emptyText={t('distributors.preview.no-records')}
            maxRows={10}
          />
          {errors.length > 0 && (
            <>
              <h3>{t('distributors.preview.errors')}</h3>
              <List
                label={t('distributors.preview.errors')}
                columns={errorColumns}
                rows={errors}
                minRows={1}
                maxRows={8}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
