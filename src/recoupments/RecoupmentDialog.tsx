import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext';
import { Modal } from '../widgets/Modal';
import type { Recoupment } from '../../api/recoupments';
import type { ProductRef } from './recoupmentDraft';
import { RecoupmentForm } from './RecoupmentForm';

/** The recoupment form is wide: its terms stand in two columns. */
const DIALOG_WIDTH = 880;

export interface RecoupmentDialogProps {
  /** The recoupment to change; absent, a new one of the label's own account. */
  recoupment?: Recoupment;
  /** A new recoupment starts scoped to this product (a product's Recoupments tab). */
  product?: ProductRef;
  onSaved: (saved: Recoupment) => void;
  onClose: () => void;
}

/** A label's own recoupment, created or changed without leaving the list or the product. */
export function RecoupmentDialog({ recoupment, product, onSaved, onClose }: RecoupmentDialogProps) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  return (
    <Modal
      title={recoupment ? t('recoupments.dialog.edit-title') : t('recoupments.dialog.new-title')}
      onClose={onClose}
      width={DIALOG_WIDTH}
    >
      <RecoupmentForm
        {...(recoupment ? { recoupment } : {})}
        {...(product ? { product } : {})}
        onSaved={(saved) => {
          toasts.send({
            type: 'toast.add',
            toast: {
              type: 'success',
              content: t(recoupment ? 'recoupments.dialog.saved' : 'recoupments.dialog.created', {
                title: saved.title,
              }),
            },
          });
          onSaved(saved);
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}
