import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { AddCodeDialog, type MissingCodeChoice } from './AddCodeDialog';
import { StatementProductRequests } from './ProductRequests';
import { List } from '../widgets/list/List';
import type { CellProps, ListColumn } from '../widgets/list/columns';
import {
  getMissingCodes,
  getRecords,
  getStatementErrors,
  RECORDS_PAGE_SIZE,
} from './statementsApi';
import type {
  MissingCode,
  Statement,
  StatementRecord,
  StatementRecordList,
  StatementRowError,
} from '../../api/statements';
import type { FormatKind } from '../../rules/records';
import { territoryName } from '../format/countries';
import { codeKindLabel } from './codeKindLabel';

type MissingRow = MissingCode & { id: string; onAdd: () => void };
type ErrorRow = StatementRowError & { id: string };
type RecordRow = StatementRecord & { id: string };

function AddCodeCell({ row }: CellProps<MissingRow>) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button button-secondary button-small" onClick={row.onAdd}>
      {t('statements.records.add-code')}
    </button>
  );
}

const FORMAT_KIND_KEYS: Record<FormatKind, string> = {
  stream: 'statements.records.format-stream',
  download: 'statements.records.format-download',
  physical: 'statements.records.format-physical',
  video: 'statements.records.format-video',
  other: 'statements.records.format-other',
};

/** How the record's format was classified at import: plays triggers count only streams. */
function FormatKindCell({ row }: CellProps<RecordRow>) {
  const { t } = useTranslation();
  return <>{t(FORMAT_KIND_KEYS[row.formatKind])}</>;
}

/** The record's territory as written, a non-country territory (`OU`, `WW`) named in words. */
function TerritoryCell({ row }: CellProps<RecordRow>) {
  const { t, i18n } = useTranslation();
  if (!row.territory) return null;
  return <span title={row.territory}>{territoryName(row.territory, i18n.language, t)}</span>;
}

/** A missing code's kind; a title (a layout without codes) said as such. */
function MissingKindCell({ row }: CellProps<MissingRow>) {
  const { t } = useTranslation();
  return <>{codeKindLabel(row.kind, t)}</>;
}

/**
 * A cancelled or deleted statement's records were removed with it (they are dropped, not kept):
 * what its records card says instead of listing them, or null while they are there.
 */
export function droppedRecordsKey(status: string): string | null {
  if (status === 'cancelled') return 'statements.records.dropped-cancelled';
  if (status === 'deleted') return 'statements.records.dropped-deleted';
  return null;
}

/** The lists' tallest body, in rows. */
const MAX_ROWS = 11;

/** What blocks the statement (missing codes, row errors), then its records page by page. */
export function RecordsTab({
  statement,
  onChanged,
}: {
  statement: Statement;
  /** A missing code was added to a product: the statement is read again. */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState<MissingCodeChoice | null>(null);
  const currency = statement.currency ?? 'USD';
  const dropped = droppedRecordsKey(statement.status);

  const records = useLoad(
    () =>
      (dropped
        ? Promise.resolve<StatementRecordList>({ items: [], total: 0 })
        : getRecords(api, statement.id, offset)
      ).then((answer) => ({
        items: answer.items.map((record): RecordRow => ({
          ...record,
          id: `${record.fileName}:${record.row}`,
        })),
        total: answer.total,
      })),
    [api, statement.id, offset, dropped],
    { reloadOn: [statement.records] },
  );
  // Both blockers are read again when either count changes.
  const missing = useLoad(
    () =>
      statement.missingCodes > 0
        ? getMissingCodes(api, statement.id).then((answer) =>
            answer.items.map((item): MissingRow => ({
              ...item,
              id: item.code,
              onAdd: () => setAdding({ code: item.code, kind: item.kind }),
            })),
          )
        : null,
    [api, statement.id, statement.missingCodes],
    { reloadOn: [statement.errors] },
  );
  const errors = useLoad(
    () =>
      statement.errors > 0
        ? getStatementErrors(api, statement.id).then((answer) =>
            answer.items.map((item, index): ErrorRow => ({
              ...item,
              id: `${item.fileName}:${item.row}:${index}`,
            })),
          )
        : null,
    [api, statement.id, statement.errors],
    { reloadOn: [statement.missingCodes] },
  );

  const missingColumns: ListColumn<MissingRow>[] = [
    { label: t('statements.records.code'), key: 'code', width: 160 },
    { label: t('statements.records.kind'), key: 'kind', width: 80, component: MissingKindCell },
    { label: t('statements.records.rows'), key: 'rows', format: 'number', width: 80 },
    { label: t('statements.records.revenue'), key: 'revenue', format: 'currency', currency },
    { label: '', key: 'code', component: AddCodeCell, width: 160 },
  ];
  const errorColumns: ListColumn<ErrorRow>[] = [
    { label: t('statements.records.file'), key: 'fileName', width: 160 },
    { label: t('statements.records.row'), key: 'row', format: 'number', width: 70 },
    { label: t('statements.records.field'), key: 'field', width: 120 },
    { label: t('statements.records.message'), key: 'message', width: 240, flexGrow: 3 },
  ];
  const recordColumns: ListColumn<RecordRow>[] = [
    { label: t('statements.records.code'), key: 'code', width: 140 },
    { label: t('statements.records.title'), key: 'title', width: 160, flexGrow: 2 },
    { label: t('statements.records.artist'), key: 'artist', width: 140 },
    { label: t('statements.records.service'), key: 'service', width: 110 },
    { label: t('statements.records.format'), key: 'format', width: 110 },
    {
      label: t('statements.records.format-kind'),
      key: 'formatKind',
      component: FormatKindCell,
      width: 100,
    },
    {
      label: t('statements.records.territory'),
      key: 'territory',
      width: 110,
      component: TerritoryCell,
    },
    { label: t('statements.records.units'), key: 'units', format: 'number', width: 80 },
    { label: t('statements.records.revenue'), key: 'revenue', format: 'currency', currency },
  ];

  const page = records.status === 'ready' ? records.data : { items: [], total: 0 };
  const { total } = page;
  return (
    <div className="statement-records">
      {adding && (
        <AddCodeDialog
          missing={adding}
          accountId={statement.account.id}
          statementId={statement.id}
          onClose={() => setAdding(null)}
          onAdded={onChanged}
        />
      )}
      {statement.missingCodes > 0 && (
        <section className="card" data-testid="missing-codes">
          <h2>{t('statements.records.missing-title')}</h2>
          <p className="page-note">{t('statements.records.missing-note')}</p>
          <List
            label={t('statements.records.missing-title')}
            columns={missingColumns}
            rows={missing.data ?? []}
            maxRows={MAX_ROWS}
          />
        </section>
      )}
      <StatementProductRequests statementId={statement.id} />
      {statement.errors > 0 && (
        <section className="card" data-testid="row-errors">
          <h2>{t('statements.records.errors-title')}</h2>
          <List
            label={t('statements.records.errors-title')}
            columns={errorColumns}
            rows={errors.data ?? []}
            maxRows={MAX_ROWS}
          />
        </section>
      )}
      <section className="card">
        <h2>{t('statements.records.title-records')}</h2>
        {dropped && (
          <p className="page-note" data-testid="records-dropped">
            {t(dropped)}
          </p>
        )}
        {!dropped && (
          <List
            label={t('statements.records.title-records')}
            columns={recordColumns}
            rows={page.items}
            loading={records.status === 'loading'}
            loadingText={t('statements.records.loading')}
            emptyText={t('statements.records.empty')}
            maxRows={MAX_ROWS}
          />
        )}
        {total > RECORDS_PAGE_SIZE && (
          <div className="statement-paging">
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - RECORDS_PAGE_SIZE))}
            >
              {t('statements.records.previous')}
            </button>
            <span>
              {t('statements.records.range', {
                from: offset + 1,
                to: Math.min(total, offset + RECORDS_PAGE_SIZE),
                total,
              })}
            </span>
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={offset + RECORDS_PAGE_SIZE >= total}
              onClick={() => setOffset(offset + RECORDS_PAGE_SIZE)}
            >
              {t('statements.records.next')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
