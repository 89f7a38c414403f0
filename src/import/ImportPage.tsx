import { useMachine, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UploadFileItem } from '../../machines/uploadItemMachine';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { useLocalCopy } from '../app/useLocalCopy';
import { LabelAccountSelect } from '../catalog/LabelAccountSelect';
import { useStatementUploader } from '../distributors/labelAccountLoad';
import { actingAs, canOpen } from '../routes/access';
import type { PageProps } from '../routes/types';
import { routeById } from '../routes/table';
import { useSession } from '../session/useSession';
import {
  STATEMENT_FILE_ACCEPT,
  exchangeOf,
  expectedPaymentOf,
  NO_EXCHANGE,
  type ExchangeDraft,
  importFormProblems,
  monthOf,
  type ImportFormField,
  type ImportFormProblem,
} from './importForm';
import type { Distributor } from '../../api/distributors';
import { canTakeUpload, fetchDistributors } from './importApi';
import { ExchangeFields } from './ExchangeFields';
import { StatementReport } from './StatementReport';
import { useStartedUploadDrawer } from './useStartedUploadDrawer';
import { UploadDrawerView } from './UploadDrawer';
import { UploadPreview } from './UploadPreview';
import { previewStatement } from './previewApi';
import {
  confirmedEncodings,
  needsConfirmation,
  uploadPreviewMachine,
} from '../../machines/uploadPreviewMachine';
import './import.css';

const NONE: readonly Distributor[] = [];

/** Last month, as the month input writes it: statements report a month that has ended. */
function previousMonth(today = new Date()): string {
  const date = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

function useProblemText(): (problem: ImportFormProblem | undefined) => string | null {
  const { t } = useTranslation();
  return (problem) => {
    switch (problem) {
      case undefined:
        return null;
      case 'distributor-required':
        return t('import.form.distributor-required');
      case 'month-required':
        return t('import.form.month-required');
      case 'expected-invalid':
        return t('import.form.expected-invalid');
      case 'exchange-invalid':
        return t('import.exchange.invalid');
      case 'account-required':
        return t('import.form.account-required');
      case 'files-required':
        return t('import.form.files-required');
      case 'file-unsupported':
        return t('import.form.file-unsupported');
      case 'preview-unconfirmed':
        return t('import.form.preview-unconfirmed');
    }
  };
}

/**
 * /import: upload a distributor's statement files, then follow what becomes of them. Who may only
 * read imports (an overseer's import:ro) is not offered a form the server would refuse.
 */
export function ImportPage(props: PageProps) {
  const { t } = useTranslation();
  const { session } = useSession();
  const { canManage } = useStatementUploader();
  if (canManage) return <ImportForm {...props} />;
  const readsStatements = session ? canOpen(routeById('statements'), session) : false;
  return (
    <section className="page import-page">
      <h1 className="page-title">{t(props.route.titleKey)}</h1>
      <p className="page-note" data-testid="import-read-only">
        {t('import.form.read-only')}
      </p>
      {readsStatements && (
        <Link className="button button-secondary" to="/statements">
          {t('import.form.open-statements')}
        </Link>
      )}
    </section>
  );
}

function ImportForm({ route }: PageProps) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { session } = useSession();
  const drawer = useStartedUploadDrawer();
  const statements = useSelector(drawer, (state) => state.context.statements);
  const problemText = useProblemText();
  const ids: Record<ImportFormField, string> = {
    distributor: useId(),
    month: useId(),
    expectedPayment: useId(),
    exchange: useId(),
    account: useId(),
    files: useId(),
    preview: useId(),
  };

  const uploadable = useLoad(
    () => fetchDistributors(api).then((answer) => answer.items.filter(canTakeUpload)),
    [api],
  );
  const distributors: readonly Distributor[] | null =
    uploadable.status === 'loading' ? null : uploadable.status === 'ready' ? uploadable.data : NONE;
  // A single distributor to choose is chosen.
  const [distributor, setDistributor] = useLocalCopy(
    distributors?.length === 1 ? (distributors[0]?.id ?? '') : '',
    distributors,
  );
  const [month, setMonth] = useState(previousMonth);
  const [expectedPayment, setExpectedPayment] = useState('');
  const [exchange, setExchange] = useState<ExchangeDraft>(NO_EXCHANGE);
  const [accountId, setAccountId] = useState('');
  // Admins and overseers belong to the portal's own account: they name the label's.
  const roles = session ? actingAs(session).roles : [];
  const choosesAccount = roles.includes('admin') || roles.includes('overseer');
  const [files, setFiles] = useState<File[]>([]);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [preview, sendPreview] = useMachine(
    uploadPreviewMachine.provide({
      actors: {
        preview: fromPromise(({ input, signal }) => previewStatement(input, signal)),
      },
    }),
  );

  const values = {
    distributor,
    month,
    expectedPayment,
    exchange,
    accountId,
    choosesAccount,
    files,
    previewUnconfirmed: needsConfirmation(preview.context),
  };
  // Once the user has tried to import, each problem shows, and clears as it is fixed.
  const shown = submitted ? importFormProblems(values) : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = importFormProblems(values);
    setSubmitted(true);
    const period = monthOf(month);
    const expected = expectedPaymentOf(expectedPayment);
    const rate = exchangeOf(exchange);
    if (Object.keys(found).length > 0 || !period || expected === undefined || rate === undefined)
      return;
    const encodings = confirmedEncodings(preview.context);
    const uploads: UploadFileItem[] = files.map((file) => ({
      file,
      month: period.month,
      year: period.year,
      distributor,
      expectedPayment: expected,
      exchange: rate,
      ...(choosesAccount ? { accountId } : {}),
      ...(encodings[file.name] ? { encoding: encodings[file.name] } : {}),
    }));
    drawer.send({ type: 'upload.add', uploads });
    sendPreview({ type: 'preview.clear' });
    setFiles([]);
    setFileInputKey((key) => key + 1);
    setSubmitted(false);
  };

  const canAddDistributor = session ? canOpen(routeById('distributor-add'), session) : false;
  const fieldError = (field: ImportFormField) => {
    const text = problemText(shown[field]);
    return text ? (
      <p className="field-error" id={`${ids[field]}-error`} role="alert">
        {text}
      </p>
    ) : null;
  };

  return (
    <section className="page import-page">
      <h1 className="page-title">{t(route.titleKey)}</h1>
      {distributors === null && <p className="page-note">{t('import.form.loading')}</p>}
      {distributors !== null && distributors.length === 0 && (
        <div className="alert alert-error" role="alert" data-testid="no-uploadable-distributor">
          <p>{t('import.form.no-uploadable-distributor')}</p>
          {canAddDistributor && (
            <Link className="button button-secondary" to="/distributors/add">
              {t('import.form.add-distributor')}
            </Link>
          )}
        </div>
      )}
      {distributors !== null && distributors.length > 0 && (
        <form className="card form import-form" noValidate onSubmit={submit}>
          {choosesAccount && (
            <div className="field">
              <LabelAccountSelect
                value={accountId}
                onChange={setAccountId}
                showProblem={submitted}
              />
              {fieldError('account')}
            </div>
          )}
          <div className="field">
            <label className="field-label" htmlFor={ids.distributor}>
              {t('import.form.distributor')}
            </label>
            <select
              id={ids.distributor}
              value={distributor}
              aria-invalid={!!shown.distributor}
              onChange={(event) => {
                setDistributor(event.target.value);
                sendPreview({ type: 'preview.distributor', distributor: event.target.value });
              }}
            >
              <option value="">{t('import.form.choose-distributor')}</option>
              {distributors.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
            {fieldError('distributor')}
          </div>
          <div className="field">
            <label className="field-label" htmlFor={ids.month}>
              {t('import.form.month')}
            </label>
            <input
              id={ids.month}
              type="month"
              value={month}
              aria-invalid={!!shown.month}
              onChange={(event) => setMonth(event.target.value)}
            />
            {fieldError('month')}
          </div>
          <div className="field">
            <label className="field-label" htmlFor={ids.expectedPayment}>
              {t('import.form.expected-payment')}
            </label>
            <input
              id={ids.expectedPayment}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={expectedPayment}
              aria-invalid={!!shown.expectedPayment}
              aria-describedby={`${ids.expectedPayment}-hint`}
              onChange={(event) => setExpectedPayment(event.target.value)}
            />
            <p className="field-hint" id={`${ids.expectedPayment}-hint`}>
              {t('import.form.expected-hint')}
            </p>
            {fieldError('expectedPayment')}
          </div>
          <ExchangeFields
            value={exchange}
            onChange={setExchange}
            error={problemText(shown.exchange)}
          />
          <div className="field">
            <label className="field-label" htmlFor={ids.files}>
              {t('import.form.files')}
            </label>
            <input
              key={fileInputKey}
              id={ids.files}
              type="file"
              multiple
              accept={STATEMENT_FILE_ACCEPT}
              aria-invalid={!!shown.files}
              aria-describedby={`${ids.files}-hint`}
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                setFiles(chosen);
                sendPreview({ type: 'preview.files', files: chosen, distributor });
              }}
            />
            <p className="field-hint" id={`${ids.files}-hint`}>
              {t('import.form.files-hint')}
            </p>
            {fieldError('files')}
          </div>
          <UploadPreview
            snapshot={preview}
            send={sendPreview}
            onConfirm={(proposed) => {
              if (proposed) setDistributor(proposed);
            }}
          />
          {fieldError('preview')}
          <div className="form-actions">
            <button type="submit" className="button button-primary">
              {t('import.form.submit')}
            </button>
          </div>
        </form>
      )}
      {statements.length > 0 && (
        <section className="import-results" aria-label={t('import.status.title')}>
          <h2 className="portal-section-title">{t('import.status.title')}</h2>
          {[...statements].reverse().map((statement) => (
            <StatementReport key={statement.id} statementId={statement.id} />
          ))}
        </section>
      )}
      {/* Here the drawer is part of the page, under the reports it writes: it never covers them,
          and as it leaves nothing above it moves. Other pages show it floating. */}
      <UploadDrawerView drawer={drawer} inline />
    </section>
  );
}
