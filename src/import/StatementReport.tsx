import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { streamOf, useLiveReload } from '../live/useLiveReload';
import { Money } from '../widgets/Money';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import { AddCodeDialog, type MissingCodeChoice } from '../statements/AddCodeDialog';
import { STATUS_KEYS } from '../statements/pipeline';
import { StatementProductRequests } from '../statements/ProductRequests';
import { useImportServerText } from './importServerText';
import type { MissingCode, StatementRowError } from '../../api/statements';
import { fetchMissingCodes, fetchStatement, fetchStatementErrors } from './importApi';
import { codeKindLabel } from '../statements/codeKindLabel';
import { badgeClass, toneOf } from '../widgets/tones';
import { fileErrorParts } from '../statements/fileReason';

type ErrorRow = StatementRowError & { id: string };
type MissingCodeRow = MissingCode & { id: string; onAdd: () => void };

/** Distinct rows among the row errors: 'Found {rowNum} rows with {errors} errors.' */
export const rowsWithErrors = (errors: readonly StatementRowError[]): number =>
  new Set(errors.map((error) => `${error.fileName}\n${error.row}`)).size;

function MissingKindCell({ row }: CellProps<MissingCodeRow>) {
  const { t } = useTranslation();
  return <>{codeKindLabel(row.kind, t)}</>;
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const labels: Record<string, string> = {
    syncing: t('import.status.syncing'),
    failed: t('import.status.failed'),
    'needs-attention': t('import.status.needs-attention'),
    pending: t('import.status.pending'),
  };
  return (
    <span className={badgeClass(toneOf('statement', status))} data-testid="statement-status">
      {labels[status] ?? (STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : status)}
    </span>
  );
}

/** One uploaded statement: its status while it is read, then what blocks it, if anything. */
export function StatementReport({ statementId }: { statementId: string }) {
  const { t } = useTranslation();
  const serverText = useImportServerText();
  const { api } = useServices();
  // Read again as the server reads the file: the live stream tells when the statement changed.
  const statementLoad = useLoad(() => fetchStatement(api, statementId), [api, statementId]);
  useLiveReload(streamOf('statement', statementId), statementLoad.reload, [statementId]);
  const statement = statementLoad.data;
  const [adding, setAdding] = useState<MissingCodeChoice | null>(null);

  // What blocks the statement is read once, when the server has finished reading it.
  const read = statement?.status === 'syncing' ? undefined : statement;
  const blockers = useLoad(
    () =>
      read
        ? Promise.all([
            read.errors > 0 ? fetchStatementErrors(api, statementId) : null,
            read.missingCodes > 0 ? fetchMissingCodes(api, statementId) : null,
          ])
        : null,
    [api, statementId, read],
  );
  const [errors = null, missingCodes = null] = blockers.data ?? [];
  const missing = missingCodes?.items ?? null;

  if (!statement) {
    return (
      <article className="card statement-report" aria-busy="true">
        <p className="page-note">{t('import.status.loading')}</p>
      </article>
    );
  }

  const errorColumns: ListColumn<ErrorRow>[] = [
    { label: t('import.errors.file'), key: 'fileName', width: 160 },
    { label: t('import.errors.row'), key: 'row', width: 60, format: 'number' },
    { label: t('import.errors.field'), key: 'field', width: 100 },
    { label: t('import.errors.message'), key: 'message', width: 280, flexGrow: 3 },
  ];
  const missingColumns: ListColumn<MissingCodeRow>[] = [
    { label: t('import.missing.code'), key: 'code', width: 150 },
    { label: t('import.missing.kind'), key: 'kind', width: 80, component: MissingKindCell },
    { label: t('import.missing.rows'), key: 'rows', width: 70, format: 'number' },
    {
      label: t('import.missing.revenue'),
      key: 'revenue',
      width: 110,
      format: 'currency',
      currency: statement.currency ?? 'USD',
    },
    {
      label: t('import.missing.action'),
      key: 'add',
      action: (row) => row.onAdd(),
      btnLabel: t('import.missing.add-to-product'),
      // What the report is for: on a phone the code and its button stay, the revenue goes first.
      priority: 92,
    },
  ];
  const failedFiles = statement.files.filter((file) => file.error);
  // Read whole, with nothing in it: a header alone, or only blank and total rows.
  const emptyFiles = statement.files.filter(
    (file) => file.status === 'read' && file.records === 0 && (file.errors ?? 0) === 0,
  );
  const errorRows = (errors?.items ?? []).map((error, index) => ({ ...error, id: String(index) }));
  const missingRows = (missing ?? []).map((code) => ({
    ...code,
    id: `${code.kind}:${code.code}`,
    onAdd: () => setAdding({ code: code.code, kind: code.kind }),
  }));

  return (
    <article className="card statement-report" data-testid="statement-report">
      <header className="statement-report-head">
        <h3 className="statement-report-title">{statement.title}</h3>
        <StatusBadge status={statement.status} />
        <Link
          className="statement-report-open"
          to={`/statements/${encodeURIComponent(statement.id)}`}
          data-testid="report-statement-link"
        >
          {t('import.status.open-statement')}
        </Link>
      </header>
      <dl className="facts">
        <dt>{t('import.status.distributor')}</dt>
        <dd>{statement.distributor.name}</dd>
        <dt>{t('import.status.period')}</dt>
        <dd>{statement.period}</dd>
        <dt>{t('import.status.files')}</dt>
        <dd>{statement.files.map((file) => file.name).join(', ')}</dd>
        {statement.status !== 'syncing' && statement.status !== 'failed' && (
          <>
            <dt>{t('import.status.records')}</dt>
            <dd>{statement.records.toLocaleString('en-US')}</dd>
            <dt>{t('import.status.revenue')}</dt>
            <dd>
              <Money amount={statement.revenue} currency={statement.currency ?? 'USD'} />
            </dd>
          </>
        )}
      </dl>
      {statement.status === 'syncing' && <p className="page-note">{t('import.status.reading')}</p>}
      {failedFiles.map((file) => {
        const { formatError, detail } = fileErrorParts(file.error ?? '');
        return (
          <div key={file.id} className="alert alert-error" role="alert">
            <strong>
              {formatError
                ? t('import.errors.file-format-error')
                : t('import.errors.upload-failed')}
            </strong>
            <p>
              {file.name}: {serverText(detail)}
            </p>
            {formatError && <p>{t('import.errors.check-template')}</p>}
          </div>
        );
      })}
      {statement.status === 'failed' && (
        <p className="page-note" data-testid="failed-next">
          {t('import.status.failed-next')}
        </p>
      )}
      {statement.files
        .filter((file) => file.nonSalesRows > 0)
        .map((file) => (
          <p key={file.id} className="alert" data-testid="non-sales-rows">
            {t('import.errors.non-sales-rows', { name: file.name, count: file.nonSalesRows })}
          </p>
        ))}
      {emptyFiles.map((file) => (
        <div key={file.id} className="alert alert-warning" role="alert">
          <p>{t('import.errors.no-sales-rows', { name: file.name })}</p>
        </div>
      ))}
      {statement.errors > 0 && (
        <section className="statement-report-section">
          <div className="alert alert-error" role="alert">
            <strong>{t('import.errors.resolve-all')}</strong>
            <p data-testid="errors-found">
              {t('import.errors.found', {
                rowNum: errors ? rowsWithErrors(errors.items) : statement.errors,
                type: t('import.errors.type-rows'),
                errors: errors?.total ?? statement.errors,
              })}
            </p>
          </div>
          {errors && errors.total > errors.items.length && (
            <p className="page-note">
              {t('import.errors.showing-first', {
                shown: errors.items.length,
                total: errors.total,
              })}
            </p>
          )}
          <List
            label={t('import.errors.table-label')}
            columns={errorColumns}
            rows={errorRows}
            minRows={1}
            maxRows={8}
          />
        </section>
      )}
      {adding && (
        <AddCodeDialog
          missing={adding}
          accountId={statement.account.id}
          statementId={statement.id}
          onClose={() => setAdding(null)}
          onAdded={statementLoad.reload}
        />
      )}
      {statement.missingCodes > 0 && (
        <section className="statement-report-section" data-testid="missing-codes">
          <h4>{t('import.missing.title')}</h4>
          <p className="page-note">{t('import.missing.explain')}</p>
          <List
            label={t('import.missing.title')}
            columns={missingColumns}
            rows={missingRows}
            minRows={1}
            maxRows={8}
          />
        </section>
      )}
      <StatementProductRequests statementId={statement.id} />
      {statement.status === 'pending' && (
        <p className="alert alert-success">{t('import.status.ready')}</p>
      )}
    </article>
  );
}
