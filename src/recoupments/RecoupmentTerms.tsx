import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPercent } from '../format/formatters';
import { Money } from '../widgets/Money';
import type { Recoupment } from '../../api/recoupments';
import { enumLabel } from './labels';

/** A contract day (`YYYY-MM-DD`) in the portal's date format, read at UTC so it never shifts. */
const formatDay = (day: string) => formatDate(Date.parse(`${day}T00:00:00Z`) / 1000, 'UTC');

function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {facts.map(([label, value]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Every term of a recoupment, grouped as a label sets them: terms, limits, parties and dates. */
export function RecoupmentTerms({ recoupment }: { recoupment: Recoupment }) {
  const { t } = useTranslation();
  const money = (amount: string) => <Money amount={amount} currency={recoupment.currency} />;
  const yesNo = (value: boolean) =>
    value ? t('recoupments.detail.yes') : t('recoupments.detail.no');
  const none = t('recoupments.detail.none');
  const day = (value: string | null) => (value ? formatDay(value) : none);
  const products =
    recoupment.products.length === 0 ? (
      none
    ) : (
      <ul className="recoup-products" aria-label={t('recoupments.terms.products')}>
        {recoupment.products.map((product) => (
          <li key={product.id}>
            <Link to={`/products/${encodeURIComponent(product.id)}`}>{product.title}</Link>
          </li>
        ))}
      </ul>
    );

  const terms: [string, ReactNode][] = [
    [t('recoupments.terms.type'), enumLabel(t, 'type', recoupment.type)],
    [t('recoupments.terms.kind'), recoupment.kind ? enumLabel(t, 'kind', recoupment.kind) : none],
    [t('recoupments.terms.tag'), recoupment.tag ?? none],
    [t('recoupments.terms.priority'), enumLabel(t, 'priority', recoupment.priority)],
    [t('recoupments.terms.scope'), enumLabel(t, 'scope', recoupment.scope)],
    [t('recoupments.terms.auto-link'), yesNo(recoupment.autoLink)],
    [t('recoupments.terms.products'), products],
    [t('recoupments.terms.recoupable-pct'), formatPercent(recoupment.recoupablePct)],
    [t('recoupments.terms.net-revenue-pct'), formatPercent(recoupment.netRevenuePct)],
    [t('recoupments.terms.reimbursement'), enumLabel(t, 'reimbursement', recoupment.reimbursement)],
    [t('recoupments.terms.mechanical-repays'), yesNo(recoupment.mechanicalRepays)],
    [t('recoupments.terms.active'), yesNo(recoupment.active)],
  ];
  const limits: [string, ReactNode][] = [
    [t('recoupments.limits.currency'), recoupment.currency],
    [t('recoupments.limits.prepaid'), money(recoupment.prepaid)],
    [
      t('recoupments.limits.expected-value'),
      recoupment.expectedValue === null ? none : money(recoupment.expectedValue),
    ],
    [
      t('recoupments.limits.statement-maximum'),
      recoupment.statementMaximum === null ? none : money(recoupment.statementMaximum),
    ],
    [t('recoupments.limits.payment-minimum'), money(recoupment.paymentMinimum)],
    [t('recoupments.limits.revenue-minimum'), money(recoupment.revenueMinimum)],
    [t('recoupments.limits.deferred'), money(recoupment.deferred)],
  ];
  const parties: [string, ReactNode][] = [
    [t('recoupments.parties.creditor'), recoupment.creditor.fullname],
    [
      t('recoupments.parties.debtors'),
      recoupment.debtors.map((debtor) => debtor.fullname).join(', ') || none,
    ],
    [t('recoupments.parties.warranter'), recoupment.warranter?.fullname ?? none],
    [t('recoupments.parties.start-date'), day(recoupment.startDate)],
    [t('recoupments.parties.due-date'), day(recoupment.dueDate)],
    [t('recoupments.parties.created'), formatDate(recoupment.createdAt)],
  ];

  return (
    <>
      <section className="card" aria-labelledby="recoup-terms">
        <h2 id="recoup-terms" className="section-title">
          {t('recoupments.terms.heading')}
        </h2>
        <Facts facts={terms} />
      </section>
      <section className="card" aria-labelledby="recoup-limits">
        <h2 id="recoup-limits" className="section-title">
          {t('recoupments.limits.heading')}
        </h2>
        <Facts facts={limits} />
      </section>
      <section className="card" aria-labelledby="recoup-parties">
        <h2 id="recoup-parties" className="section-title">
          {t('recoupments.parties.heading')}
        </h2>
        <Facts facts={parties} />
      </section>
    </>
  );
}
