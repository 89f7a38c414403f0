import type { ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmModalProps {
  title: string;
  /** The primary button's label, naming what it does ("Remove", "Revoke"). */
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Why the last attempt failed, in the user's language, or null. */
  problem: string | null;
  /** What confirming means for the user. */
  children: ReactNode;
}

/** A question before something that cannot be undone: confirm or cancel, and why it failed. */
export function ConfirmModal({
  title,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  problem,
  children,
}: ConfirmModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button-primary" onClick={onConfirm}>
            {confirmLabel}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {cancelLabel}
          </button>
        </>
      }
    >
      {children}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </Modal>
  );
}
