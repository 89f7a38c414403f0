import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { deletePerson } from '../business/businessApi';
import { useBusinessText } from '../business/businessText';
import { Modal } from '../widgets/Modal';
import { TextInput } from '../widgets/TextInput';
import type { AccountPerson, AdminAccount } from '../../api/adminAccounts';
import { DELETE_WORD } from '../../api/adminAccounts';

/** SPEC section 5: the delete goes through only once the admin typed DELETE. */
export function DeletePersonDialog({
  person,
  onDeleted,
  onClose,
}: {
  person: AccountPerson;
  onDeleted: (next: AdminAccount) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { failure } = useBusinessText();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    setProblem(null);
    try {
      onDeleted(await deletePerson(api, person.id, typed));
    } catch (error) {
      setProblem(failure(error));
      setDeleting(false);
    }
  };
  return (
    <Modal
      title={t('admin-account.delete.title', { name: person.fullname })}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="button button-primary"
            disabled={typed !== DELETE_WORD || deleting}
            onClick={() => void confirm()}
          >
            {t('admin-account.delete.confirm')}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('admin-account.delete.cancel')}
          </button>
        </>
      }
    >
      <p>{t('admin-account.delete.explain')}</p>
      <TextInput
        label={t('admin-account.delete.type-word')}
        value={typed}
        onChange={setTyped}
        debounceMs={0}
        autoComplete="off"
      />
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
