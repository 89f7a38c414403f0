import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useDebugMode } from '../app/useDebugMode';
import { Money } from '../widgets/Money';
import type { PayoutPreview } from './usePayoutPreview';
import type { RevenueView } from '../../api/products';
import type { SummaryOutput } from '../../engine/preview';

const INVITE_PREFIX = 'invite:';

export interface PayoutPreviewPanelProps {
  preview: PayoutPreview;
  nameOf: (payeeId: string) => string;
  /** The product's revenue view: which revenue the panel shows (payouts are on net either way). */
  revenueView: RevenueView;
}

interface PayeeRow {
  id: string;
  name: string;
  earned: string;
  payout: string;
  /** Payout under the edited splits minus under the saved ones; null when not compared. */
  change: string | null;
}

/** Each payee's earned, payout and change against the saved splits, the listed first. */
function payeeRows(
  output: SummaryOutput,
  saved: SummaryOutput | null,
  nameOf: (payeeId: string) => string,
): PayeeRow[] {
  const before = new Map(saved?.payees.map((payee) => [payee.payeeId, payee.payout]) ?? []);
  const ids = [
    ...output.payees.map((payee) => payee.payeeId),
    // A payee the edit leaves out is still listed: their change is what they lose.
    ...(saved?.payees ?? [])
      .map((payee) => payee.payeeId)
      .filter((id) => !output.payees.some((payee) => payee.payeeId === id)),
  ];
  const now = new Map(output.payees.map((payee) => [payee.payeeId, payee]));
  return ids.map((id) => {
    const payee = now.get(id);
    const payout = payee?.payout ?? '0';
    return {
      id,
      name: id.startsWith(INVITE_PREFIX) ? id.slice(INVITE_PREFIX.length) : nameOf(id),
      earned: payee?.earned ?? '0',
      payout,
      change: saved ? new Decimal(payout).minus(before.get(id) ?? '0').toFixed() : null,
    };
  });
}

/**
 * Each payee's earned and payout on the product's latest statement under the splits being edited,
 * and the change against the same statement under the splits as saved; the product's revenue as
 * its revenue view says, and the engine that ran. Rows put the name over its amounts, so they fit
 * the side panel and a phone alike.
 */
export function PayoutPreviewPanel({ preview, nameOf, revenueView }: PayoutPreviewPanelProps) {
  const { t } = useTranslation();
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
  const money = (amount: string) => <Money amount={amount} currency={currency} />;
  const rows = preview.status === 'ready' ? payeeRows(preview.output, preview.saved, nameOf) : [];

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
          {rows.length === 0 ? (
            <p className="page-note">{t('catalog.preview.nobody')}</p>
          ) : (
            <ul className="preview-payees" aria-label={t('catalog.preview.table-label')}>
              {rows.map((row) => (
                <li key={row.id} className="preview-payee" data-testid="preview-payee">
                  <span className="preview-payee-name">{row.name}</span>
                  <dl className="preview-payee-amounts">
                    <div>
                      <dt>{t('catalog.preview.earned')}</dt>
                      <dd>{money(row.earned)}</dd>
                    </div>
                    <div>
                      <dt>{t('catalog.preview.payout')}</dt>
                      <dd>{money(row.payout)}</dd>
                    </div>
                    {row.change !== null && (
                      <div>
                        <dt>{t('catalog.preview.change')}</dt>
                        <dd className={`preview-change preview-change-${trend(row.change)}`}>
                          {trend(row.change) === 'up' && '+'}
                          {money(row.change)}
                        </dd>
                      </div>
                    )}
                  </dl>
                </li>
              ))}
            </ul>
          )}
          {preview.saved && <p className="page-note">{t('catalog.preview.change-note')}</p>}
          <dl className="preview-totals">
            <div>
              <dt data-testid="preview-revenue-label">
                {revenueView === 'gross'
                  ? t('catalog.preview.revenue-gross')
                  : t('catalog.preview.revenue-net')}
              </dt>
              <dd data-testid="preview-revenue">
                {money(
                  revenueView === 'gross' ? preview.output.totals.gross : preview.output.totals.net,
                )}
              </dd>
            </div>
            <div>
              <dt>{t('catalog.preview.allocated')}</dt>
              <dd>{money(preview.output.totals.allocated)}</dd>
            </div>
            <div>
              <dt>{t('catalog.preview.unallocated')}</dt>
              <dd>{money(preview.output.totals.unallocated)}</dd>
            </div>
          </dl>
          <p className="page-note">{t('catalog.preview.paid-on-net')}</p>
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

/** Which way a change goes: up, down or none. */
function trend(change: string): 'up' | 'down' | 'none' {
  const value = new Decimal(change);
  if (value.isZero()) return 'none';
  return value.isNegative() ? 'down' : 'up';
}
