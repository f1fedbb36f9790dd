import { useState } from 'react';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { AUTH_MESSAGES } from '@/domain/auth-messages';
import { deleteAccount } from './api';

export const DELETE_CONFIRM_FIRST = 'Are you sure you want to delete your account? This action is irreversible.';
export const DELETE_CONFIRM_LAST =
  'Please confirm one last time. All your data, including invoices and orders, will be permanently deleted.';

export interface DeleteAccountPanelProps {
  onDeleted: () => void;
  onFailed: (message: string) => void;
}

/** Two confirmations (spec section 5), then every document and the login go. */
export function DeleteAccountPanel({ onDeleted, onFailed }: DeleteAccountPanelProps) {
  const [stage, setStage] = useState<'idle' | 'first' | 'last'>('idle');
  const [isDeleting, setIsDeleting] = useState(false);

  async function confirmLast() {
    setIsDeleting(true);
    try {
      await deleteAccount();
      setStage('idle');
      onDeleted();
    } catch (error) {
      console.warn('Account deletion failed:', error);
      setStage('idle');
      onFailed(AUTH_MESSAGES.deleteAccount);
    } finally {
      setIsDeleting(false);
    }
  }

  return (
    <section aria-labelledby="delete-account-title" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <h2 id="delete-account-title" className="text-xl font-semibold text-red-900">
        Delete Account
      </h2>
      <p className="mt-1 text-sm text-red-900">
        Deleting your account removes your profile, cart, invoices, queries and orders, and your login.
      </p>
      <Button variant="danger" size="sm" className="mt-4" onClick={() => setStage('first')} disabled={isDeleting}>
        {isDeleting ? 'Deleting...' : 'Delete My Account'}
      </Button>

      <ConfirmDeletion
        isOpen={stage === 'first'}
        title="Delete account?"
        text={DELETE_CONFIRM_FIRST}
        confirmLabel="Yes, continue"
        onCancel={() => setStage('idle')}
        onConfirm={() => setStage('last')}
      />
      <ConfirmDeletion
        isOpen={stage === 'last'}
        title="Delete account permanently?"
        text={DELETE_CONFIRM_LAST}
        confirmLabel={isDeleting ? 'Deleting...' : 'Delete Permanently'}
        isBusy={isDeleting}
        onCancel={() => setStage('idle')}
        onConfirm={() => void confirmLast()}
      />
    </section>
  );
}

interface ConfirmDeletionProps {
  isOpen: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** While deleting: nothing can be pressed and the dialog stays open. */
  isBusy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** One of the two confirmations: an alert dialog whose Cancel has the focus. */
function ConfirmDeletion({
  isOpen,
  title,
  text,
  confirmLabel,
  isBusy = false,
  onCancel,
  onConfirm,
}: ConfirmDeletionProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => !isBusy && onCancel()}
      title={title}
      role="alertdialog"
      size="sm"
      closeLabel="Cancel deletion"
    >
      <p>{text}</p>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={isBusy} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" size="sm" onClick={onConfirm} disabled={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
