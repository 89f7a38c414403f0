import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { isEmail } from '../catalog/splitChecks';
import { Modal } from '../widgets/Modal';
import { TextInput } from '../widgets/TextInput';
import { givePayeeEmail, sendPayeeMail } from './payeesApi';
import type { User } from '../../api/users';

/**
 * A payee added by name alone gets the e-mail they claim their account with, and the claim link
 * is sent to it at once (SPEC section 4: the username may be left blank to allow the user to
 * claim the account).
 */
export function ClaimEmailDialog({
  payee,
  onClose,
  onSent,
}: {
  payee: User;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await givePayeeEmail(api, payee.id, email.trim());
      await sendPayeeMail(api, payee.id, 'claim-notification');
      onSent();
    } catch {
      // The client has shown the server's text (an e-mail already in use).
      setSending(false);
    }
  };
  return (
    <Modal
      title={t('payees.claim.title', { name: payee.fullname })}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={sending || !isEmail(email)}
            onClick={() => void send()}
          >
            {t('payees.claim.send')}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('payees.claim.cancel')}
          </button>
        </>
      }
    >
      <p>{t('payees.claim.explain')}</p>
      <TextInput
        label={t('payees.invite.email')}
        value={email}
        onChange={setEmail}
        type="email"
        debounceMs={0}
        validator={(value) =>
          value.trim() && !isEmail(value) ? t('payees.invite.invalid-email') : null
        }
      />
    </Modal>
  );
}
