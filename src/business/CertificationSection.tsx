import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { formatDate } from '../format/formatters';
import { useSession } from '../session/useSession';
import { Facts } from '../widgets/Facts';
import { TextInput } from '../widgets/TextInput';
import type { Business, BusinessState, Certification } from '../../api/business';
import { CERTIFICATION_TEXT_V1, listsBeneficialOwner } from '../../rules/business';
import { certifyBusiness } from './businessApi';
import { useBusinessText } from './businessText';

export const STATE_KEYS: Record<BusinessState, string> = {
  incomplete: 'business.state.incomplete',
  verified: 'business.state.verified',
  certified: 'business.state.certified',
};

/** The words a certification was signed with: those of its version. */
const textKey = (certification: Certification) =>
  certification.text.startsWith(CERTIFICATION_TEXT_V1)
    ? 'business.certification.text-v1'
    : 'business.certification.text';

/**
 * The account's state (SPEC section 4: verified, certified) and the signed certification: name,
 * title, today's date, the text certified, the statement that nobody owns 25% or more when no
 * beneficial owner is listed, and 'I accept the agreement'. Payouts to a business wait for it; a
 * change to the details or owners after it voids it.
 */
export function CertificationSection({
  business,
  onSaved,
}: {
  business: Business;
  onSaved: (next: Business) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { session } = useSession();
  const { failure } = useBusinessText();
  const [name, setName] = useState(session?.fullname ?? '');
  const [title, setTitle] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [noOwnerStated, setNoOwnerStated] = useState(false);
  // SPEC section 5: the owners of 25% or more, or the signer's statement that there are none.
  const ownersListed = listsBeneficialOwner(business.owners);
  const ownersOrStatement = ownersListed || noOwnerStated;
  // The date the signature will carry, as the form opened: today.
  const [today] = useState(() => Date.now() / 1000);
  const [problem, setProblem] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const certification = business.certification;

  const sign = async () => {
    setSigning(true);
    setProblem(null);
    try {
      onSaved(
        await certifyBusiness(api, {
          signerName: name,
          signerTitle: title,
          acceptAgreement: accepted,
          noOwnerAtThreshold: !ownersListed && noOwnerStated,
        }),
      );
      setAccepted(false);
      setNoOwnerStated(false);
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setSigning(false);
    }
  };

  return (
    <section className="card" aria-labelledby="business-certification-heading">
      <h2 id="business-certification-heading" className="section-title">
        {t('business.certification.heading')}
      </h2>
      <Facts items={[[t('business.certification.state'), t(STATE_KEYS[business.state])]]} />
      {certification ? (
        <>
          <Facts
            items={[
              [t('business.certification.signer'), certification.signerName],
              [t('business.certification.title'), certification.signerTitle],
              [t('business.certification.date'), formatDate(certification.signedAt)],
            ]}
          />
          <blockquote className="certified-text">
            {t(textKey(certification))}
            {certification.noOwnerAtThreshold && (
              <> {t('business.certification.no-owner-statement')}</>
            )}
          </blockquote>
          <p className="page-note">{t('business.certification.changes-void')}</p>
        </>
      ) : (
        <>
          {business.voidedAt !== null && (
            <p className="page-note" role="status">
              {t('business.certification.voided', { date: formatDate(business.voidedAt) })}
            </p>
          )}
          <p className="page-note">{t('business.certification.payouts-wait')}</p>
          {business.editable && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (!signing) void sign();
              }}
            >
              <blockquote className="certified-text">{t('business.certification.text')}</blockquote>
              <TextInput
                label={t('business.certification.signer')}
                value={name}
                onChange={setName}
                required
              />
              <TextInput
                label={t('business.certification.title')}
                value={title}
                onChange={setTitle}
                required
              />
              <Facts items={[[t('business.certification.date'), formatDate(today)]]} />
              {!ownersListed && (
                <>
                  <p className="page-note">{t('business.certification.owners-or-statement')}</p>
                  <label className="field checkbox-field">
                    <input
                      type="checkbox"
                      checked={noOwnerStated}
                      onChange={(event) => setNoOwnerStated(event.target.checked)}
                    />
                    <span>{t('business.certification.no-owner-statement')}</span>
                  </label>
                </>
              )}
              <label className="field checkbox-field">
                <input
                  type="checkbox"
                  checked={accepted}
                  onChange={(event) => setAccepted(event.target.checked)}
                />
                <span>{t('business.certification.accept')}</span>
              </label>
              <p className="page-note">{t('business.certification.terms')}</p>
              {problem && (
                <p className="field-error" role="alert">
                  {problem}
                </p>
              )}
              <div className="form-actions">
                <button
                  type="submit"
                  className="button button-primary"
                  disabled={
                    signing || !accepted || !ownersOrStatement || !name.trim() || !title.trim()
                  }
                >
                  {t('business.certification.sign')}
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
