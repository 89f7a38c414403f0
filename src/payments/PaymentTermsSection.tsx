import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { useServices } from '../app/ServicesContext';
import { useLoad } from '../app/useLoad';
import { formatDate } from '../format/formatters';
import { toLanguage } from '../i18n/languages';
import { useServerText } from '../i18n/serverText';
import type { PaymentTermsAnswer } from '../../api/bankAccount';
import { acceptPaymentTerms, readPaymentTerms } from './paymentsApi';

/**
 * The text of each version of the payment terms, paragraph by paragraph: a new version gets its
 * own texts in the locales, and those accepted before stay as they were.
 */
export const PAYMENT_TERMS_TEXTS: Readonly<Record<string, readonly string[]>> = {
  '2026-11': [
    'payment-terms.v2026-11.intro',
    'payment-terms.v2026-11.share',
    'payment-terms.v2026-11.whole',
    'payment-terms.v2026-11.minimum',
    'payment-terms.v2026-11.returns',
    'payment-terms.v2026-11.fees',
    'payment-terms.v2026-11.dispute',
    'payment-terms.v2026-11.changes',
  ],
};

/**
 * The payment terms in force (SPEC section 5: people and businesses accept terms): the text, and
 * a checkbox and a button until the person accepted this version. Payments wait until then.
 */
export function PaymentTermsSection() {
  const { t } = useTranslation();
  const { api } = useServices();
  const loaded = useLoad(() => readPaymentTerms(api), [api]);
  const terms = loaded.data;
  return (
    <section className="card payment-terms" aria-labelledby="payment-terms-heading">
      <h2 id="payment-terms-heading" className="section-title">
        {t('payment-terms.acceptance.heading')}
      </h2>
      {loaded.status === 'loading' || !terms ? (
        <p className="page-note">{t('payment-terms.acceptance.loading')}</p>
      ) : (
        <PaymentTerms terms={terms} onAccepted={loaded.reload} />
      )}
    </section>
  );
}

/** The terms' text and the person's acceptance of them, or the form to accept them. */
export function PaymentTerms({
  terms,
  onAccepted,
}: {
  terms: PaymentTermsAnswer;
  onAccepted: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const serverText = useServerText({ email: '' });
  const [checked, setChecked] = useState(false);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const accept = async (version: string) => {
    setTried(true);
    if (!checked) return;
    setSaving(true);
    setFailure(null);
    try {
      await acceptPaymentTerms(api, { version, language: toLanguage(i18n.language) });
      onAccepted();
    } catch (error) {
      setFailure(
        error instanceof ApiError
          ? serverText(error.message)
          : t('payment-terms.acceptance.unexpected'),
      );
    } finally {
      setSaving(false);
    }
  };

  const accepted = terms.accepted;
  const current = accepted?.version === terms.current;
  return (
    <>
      <p className="page-note">
        {t('payment-terms.acceptance.version', { version: terms.current })}
      </p>
      {(PAYMENT_TERMS_TEXTS[terms.current] ?? []).map((key) => (
        <p key={key}>{t(key)}</p>
      ))}
      {accepted && current ? (
        <p className="page-note" role="status">
          {t('payment-terms.acceptance.accepted', {
            version: accepted.version,
            date: formatDate(accepted.acceptedAt),
          })}
          {accepted.byAdmin && <> {t('payment-terms.acceptance.by-admin')}</>}
        </p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void accept(terms.current);
          }}
          noValidate
        >
          <p className="page-note">
            {accepted
              ? t('payment-terms.acceptance.new-version', { version: accepted.version })
              : t('payment-terms.acceptance.waiting')}
          </p>
          <div className="field field-checkbox">
            <input
              id="payment-terms-accept"
              type="checkbox"
              checked={checked}
              aria-invalid={tried && !checked}
              onChange={(event) => setChecked(event.target.checked)}
            />
            <label htmlFor="payment-terms-accept">{t('payment-terms.acceptance.checkbox')}</label>
          </div>
          {tried && !checked && (
            <p className="field-error" role="alert">
              {t('payment-terms.acceptance.unchecked')}
            </p>
          )}
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={saving}>
            {t('payment-terms.acceptance.accept')}
          </button>
        </form>
      )}
    </>
  );
}
