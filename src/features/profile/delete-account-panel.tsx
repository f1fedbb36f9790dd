import { useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
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

      <ConfirmDialog
        isOpen={stage === 'first'}
        title="Delete account?"
        closeLabel="Cancel deletion"
        confirmLabel="Yes, continue"
        onCancel={() => setStage('idle')}
        onConfirm={() => setStage('last')}
      >
        <p>{DELETE_CONFIRM_FIRST}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={stage === 'last'}
        title="Delete account permanently?"
        closeLabel="Cancel deletion"
        confirmLabel={isDeleting ? 'Deleting...' : 'Delete Permanently'}
        isBusy={isDeleting}
        onCancel={() => setStage('idle')}
        onConfirm={() => void confirmLast()}
      >
        <p>{DELETE_CONFIRM_LAST}</p>
      </ConfirmDialog>
    </section>
  );
}
