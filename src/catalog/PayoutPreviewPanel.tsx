import { useTranslation } from 'react-i18next';
import { useDebugMode } from '../app/useDebugMode';
import { formatMoney } from '../format/formatters';
import { List } from '../widgets/list/List';
import type { ListColumn } from '../widgets/list/columns';
import type { PayoutPreview } from './usePayoutPreview';

interface PayoutRow {
  id: string;
  name: string;
  earned: string;
  payout: string;
}

const INVITE_PREFIX = 'invite:';

export interface PayoutPreviewPanelProps {
  preview: PayoutPreview;
  nameOf: (payeeId: string) => string;
}

/** Each payee's payout of the latest statement under the splits being edited, and the engine that ran. */
export function PayoutPreviewPanel({ preview, nameOf }: PayoutPreviewPanelProps) {
  const { t, i18n } = useTranslation();
  const debug = useDebugMode();
  const note = (key: string) => (
    <section className="payout-preview" aria-label={t('catalog.preview.title')}>
      <h2 className="section-title">{t('catalog.preview.title')}</h2>
      <p className="page-note">{t(key)}</p>
    </section>
  );
  switch (preview.status) {
    case 'loading':
      return note('catalog.preview.loading');
    case 'unavailable':
      return note('catalog.preview.unavailable');
    case 'no-statement':
      return note('catalog.preview.no-statement');
    case 'waiting':
      return note('catalog.preview.waiting');
    case 'calculating':
      return note('catalog.preview.calculating');
    default:
      break;
  }
  const { statement, input } = preview.answer;
  const currency = input.currency;
  const money = (amount: string) => formatMoney(amount, currency, i18n.language);
  const columns: ListColumn<PayoutRow>[] = [
    { label: t('catalog.preview.payee'), key: 'name', width: 220, flexGrow: 2 },
    { label: t('catalog.preview.earned'), key: 'earned', width: 140, textAlign: 'right' },
    { label: t('catalog.preview.payout'), key: 'payout', width: 140, textAlign: 'right' },
  ];
  const rows: PayoutRow[] =
    preview.status === 'ready'
      ? preview.output.payees.map((payee) => ({
          id: payee.payeeId,
          name: payee.payeeId.startsWith(INVITE_PREFIX)
            ? payee.payeeId.slice(INVITE_PREFIX.length)
            : nameOf(payee.payeeId),
          earned: money(payee.earned),
          payout: money(payee.payout),
        }))
      : [];

  return (
    <section className="payout-preview" aria-label={t('catalog.preview.title')}>
      <h2 className="section-title">{t('catalog.preview.title')}</h2>
      {statement && (
        <p className="page-note">
          {t('catalog.preview.statement', {
            title: statement.title,
            period: statement.period,
            records: statement.records,
          })}
          {statement.truncated && ` ${t('catalog.preview.truncated')}`}
        </p>
      )}
      {preview.stale && <p className="page-note">{t('catalog.preview.recalculating')}</p>}
      {preview.status === 'failed' ? (
        <p className="field-error">{t('catalog.preview.failed', { message: preview.message })}</p>
      ) : (
        <>
          <List
            label={t('catalog.preview.table-label')}
            columns={columns}
            rows={rows}
            emptyText={t('catalog.preview.nobody')}
            maxRows={10}
          />
          <dl className="facts preview-totals">
            <dt>{t('catalog.preview.net')}</dt>
            <dd>{money(preview.output.totals.net)}</dd>
            <dt>{t('catalog.preview.allocated')}</dt>
            <dd>{money(preview.output.totals.allocated)}</dd>
            <dt>{t('catalog.preview.unallocated')}</dt>
            <dd>{money(preview.output.totals.unallocated)}</dd>
          </dl>
          {debug && (
            <p className="preview-backend" data-testid="preview-backend">
              {preview.backend === 'wasm'
                ? t('catalog.preview.backend-wasm')
                : t('catalog.preview.backend-decimal')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
