import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { List } from '../widgets/list/List';
import { Tabs } from '../widgets/Tabs';
import type { ListColumn } from '../widgets/list/columns';
import { PayoutChart } from './PayoutChart';
import { StatementReserves } from './StatementReserves';
import {
  payeeSplits,
  payoutBars,
  revenueByCode,
  tableLines,
  type CodeRevenue,
  type PayeeSplit,
  type TableLine,
} from './results';
import {
  resultLinesOf,
  type PayeeTotal,
  type ResultLine,
  type Statement,
} from '../../api/statements';
import { getCalculation, getPayeeTotals } from './statementsApi';

type View = 'splits' | 'revenue' | 'chart' | 'table';

const VIEWS: ReadonlyArray<{ view: View; key: string }> = [
  { view: 'splits', key: 'statements.views.splits' },
  { view: 'revenue', key: 'statements.views.revenue' },
  { view: 'chart', key: 'statements.views.chart' },
  { view: 'table', key: 'statements.views.table' },
];

interface Result {
  payees: PayeeTotal[];
  lines: ResultLine[];
}

const NO_RESULT: Result = { payees: [], lines: [] };

/** The lists' tallest body, in rows. */
const MAX_ROWS = 11;

/** The current result of a calculated statement: Splits, Revenue, Chart and Table views. */
export function ResultViews({ statement }: { statement: Statement }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [view, setView] = useState<View>('splits');
  const currency = statement.currency ?? 'USD';

  const loaded = useLoad(
    () =>
      Promise.all([getPayeeTotals(api, statement.id), getCalculation(api, statement.id)]).then(
        ([payees, calculation]): Result => ({
          payees: payees.items,
          lines: resultLinesOf(calculation),
        }),
      ),
    [api, statement.id],
    { reloadOn: [statement.calculationId] },
  );
  const result = loaded.status === 'ready' ? loaded.data : NO_RESULT;

  const splitColumns: ListColumn<PayeeSplit>[] = [
    { label: t('statements.views.payee'), key: 'name', width: 180, flexGrow: 2 },
    { label: t('statements.views.share'), key: 'share', format: 'percent', width: 90 },
    { label: t('statements.views.earned'), key: 'earned', format: 'currency', currency },
    { label: t('statements.views.recouped'), key: 'recouped', format: 'currency', currency },
    { label: t('statements.views.credited'), key: 'credited', format: 'currency', currency },
    { label: t('statements.views.payout'), key: 'payout', format: 'currency', currency },
  ];
  const revenueColumns: ListColumn<CodeRevenue>[] = [
    { label: t('statements.views.code'), key: 'code', width: 160, flexGrow: 2 },
    { label: t('statements.views.units'), key: 'units', format: 'number', width: 90 },
    { label: t('statements.views.payees'), key: 'payees', format: 'number', width: 90 },
    { label: t('statements.views.amount'), key: 'amount', format: 'currency', currency },
  ];
  const tableColumns: ListColumn<TableLine>[] = [
    { label: t('statements.views.code'), key: 'code', width: 140 },
    { label: t('statements.views.payee'), key: 'payeeName', width: 160, flexGrow: 2 },
    { label: t('statements.views.split-set'), key: 'splitSetId', width: 160 },
    { label: t('statements.views.units'), key: 'units', format: 'number', width: 80 },
    { label: t('statements.views.amount'), key: 'amount', format: 'currency', currency },
  ];

  return (
    <section className="statement-results card" data-testid="statement-results">
      <header className="statement-results-head">
        <h2>{t('statements.views.title')}</h2>
        <Tabs
          label={t('statements.views.title')}
          items={VIEWS.map((option) => ({ key: option.view, label: t(option.key) }))}
          selected={view}
          onSelect={setView}
        />
      </header>
      {loaded.status === 'loading' ? (
        <p className="page-note">{t('statements.views.loading')}</p>
      ) : view === 'splits' ? (
        <>
          <List
            label={t('statements.views.splits')}
            columns={splitColumns}
            rows={payeeSplits(result.payees)}
            emptyText={t('statements.views.empty')}
            maxRows={MAX_ROWS}
          />
          <StatementReserves
            statement={statement}
            names={new Map(result.payees.map((payee) => [payee.payeeId, payee.fullname]))}
          />
        </>
      ) : view === 'revenue' ? (
        <List
          label={t('statements.views.revenue')}
          columns={revenueColumns}
          rows={revenueByCode(result.lines)}
          emptyText={t('statements.views.empty')}
          maxRows={MAX_ROWS}
        />
      ) : view === 'chart' ? (
        result.payees.length === 0 ? (
          <p className="page-note">{t('statements.views.empty')}</p>
        ) : (
          <PayoutChart bars={payoutBars(result.payees)} currency={currency} />
        )
      ) : (
        <List
          label={t('statements.views.table')}
          columns={tableColumns}
          rows={tableLines(result.lines, result.payees)}
          emptyText={t('statements.views.empty')}
          maxRows={MAX_ROWS}
        />
      )}
    </section>
  );
}
