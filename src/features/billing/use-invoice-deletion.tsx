import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatInr } from '@/domain/money';
import { canCustomerDeleteInvoice } from '@/domain/payments';
import type { Invoice } from '@/records/invoices';
import { useSession } from '@/lib/session';
import { useToast } from '@/lib/toast';

export interface InvoiceDeletion {
  /** Whether this invoice offers Delete (a Pending one the customer entered). */
  canDelete: (invoice: Invoice) => boolean;
  /** Asks for confirmation, then deletes. */
  request: (invoice: Invoice) => void;
  /** The document id being deleted, if any. */
  deletingId: string | null;
  /** The invoices deleted here, for a list that is not live (a profile page read with 'Show more'). */
  deletedIds: ReadonlySet<string>;
  /** The confirmation dialog; render it once. */
  dialog: ReactNode;
}

export const deletedText = (invoiceId: string) => `Invoice #${invoiceId} has been deleted.`;

/**
 * Deleting a customer's own Pending invoice (a mistyped amount, an abandoned attempt), after a
 * confirmation. Used by the contact tab's list and by the profile page.
 */
export function useInvoiceDeletion(): InvoiceDeletion {
  const { user } = useSession();
  const notify = useToast();
  const [target, setTarget] = useState<Invoice | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<string>>(() => new Set());

  async function confirm() {
    if (!user || !target) return;
    setDeletingId(target.id);
    try {
      await (await import('./api')).deleteInvoice(user.uid, target.id);
      setDeletedIds((ids) => new Set(ids).add(target.id));
      notify(deletedText(target.invoiceId), 'success', { key: `invoice-delete-${target.id}` });
      setTarget(null);
    } catch (error) {
      console.warn('Deleting the invoice failed:', error);
      notify(`Could not delete Invoice #${target.invoiceId}. Please try again.`, 'error', {
        key: `invoice-delete-${target.id}`,
      });
    } finally {
      setDeletingId(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      isOpen={target !== null}
      title="Delete this invoice?"
      closeLabel="Keep the invoice"
      confirmLabel={deletingId ? 'Deleting...' : 'Delete Invoice'}
      isBusy={deletingId !== null}
      onCancel={() => setTarget(null)}
      onConfirm={() => void confirm()}
    >
      {target && (
        <p className="break-words">
          Invoice #{target.invoiceId} for {formatInr(target.amountPaise)} has not been paid. Deleting it removes it from
          your invoices; you can enter it again with the right amount.
        </p>
      )}
    </ConfirmDialog>
  );

  return { canDelete: canCustomerDeleteInvoice, request: setTarget, deletingId, deletedIds, dialog };
}
