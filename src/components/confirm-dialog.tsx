import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The safe choice's label ('Cancel'; 'Keep invoice' where Cancel would be ambiguous). */
  cancelLabel?: string;
  /** While the action runs: nothing can be pressed and the dialog stays open. */
  isBusy?: boolean;
  /** Accessible name of the × button. */
  closeLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A confirmation of something that cannot be undone: an alert dialog whose Cancel has the focus. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  isBusy = false,
  closeLabel = 'Cancel',
  onCancel,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => !isBusy && onCancel()}
      title={title}
      role="alertdialog"
      size="sm"
      closeLabel={closeLabel}
    >
      {children}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={isBusy} data-autofocus>
          {cancelLabel}
        </Button>
        <Button variant="danger" size="sm" onClick={onConfirm} disabled={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
