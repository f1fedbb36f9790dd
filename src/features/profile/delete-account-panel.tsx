import { useState } from 'react';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AUTH_MESSAGES } from '@/domain/auth-messages';
import {
  DELETED_WITH_ACCOUNT,
  KEPT_AFTER_DELETION,
  lastDayKept,
  TAX_RECORD_RETENTION_PLAIN,
  TAX_RECORD_RETENTION_RULE,
  taxRecordRetainedUntil,
} from '@/domain/retention';
import { deleteAccount } from './api';
import { DownloadMyDataButton } from './privacy-panels';
import { Panel } from '@/components/panel';

export const DELETE_CONFIRM_FIRST = 'Are you sure you want to delete your account? This action is irreversible.';
export const DELETE_CONFIRM_LAST =
  'Please confirm one last time. All your data, including invoices and orders, will be permanently deleted.';
/**
 * Said right after DELETE_CONFIRM_LAST (the spec's words, kept as they are): the invoices and
 * orders of the account do go, but the law makes us keep the tax documents issued for them.
 */
export const DELETE_CONFIRM_LAST_EXCEPT = `The only exception is what the law makes us keep, as listed before: your tax invoices, credit notes and payment records, kept for ${TAX_RECORD_RETENTION_PLAIN} and then deleted.`;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What deleting the account deletes and what the law makes us keep, for how long and why. */
export function DeletionFacts({ now = Date.now() }: { now?: number }) {
  return (
    <div className="space-y-3 text-sm">
      <div>
        <p className="font-semibold">Deleted at once:</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {DELETED_WITH_ACCOUNT.map((item) => (
            <li key={item}>{capitalised(item)}.</li>
          ))}
        </ul>
      </div>
      <div>
        <p className="font-semibold">Kept, because the law requires it:</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {KEPT_AFTER_DELETION.map((item) => (
            <li key={item}>{capitalised(item)}.</li>
          ))}
        </ul>
        <p className="mt-1">
          We keep these for {TAX_RECORD_RETENTION_PLAIN}: {TAX_RECORD_RETENTION_RULE}. For a payment made today that is
          until {lastDayKept(taxRecordRetainedUntil(now))}. They are marked as belonging to a deleted account, used for
          nothing else, and then deleted.
        </p>
      </div>
    </div>
  );
}

export interface DeleteAccountPanelProps {
  onDeleted: () => void;
  onFailed: (message: string) => void;
}

/**
 * Two confirmations (spec section 5), with what goes and what the law keeps named before either,
 * and the customer's data offered for download first; then the API deletes (see deleteAccount).
 */
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
    <Panel titleId="delete-account-title" title="Delete Account" tone="danger">
      <div className="mt-2 text-red-950">
        <DeletionFacts />
      </div>
      <p className="mt-3 text-sm text-red-950">Download your data first if you want a copy.</p>
      <div className="mt-4 flex flex-wrap items-start gap-2">
        <DownloadMyDataButton />
        <Button variant="danger" size="sm" onClick={() => setStage('first')} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Delete My Account'}
        </Button>
      </div>

      <ConfirmDialog
        isOpen={stage === 'first'}
        title="Delete account?"
        closeLabel="Cancel deletion"
        confirmLabel="Yes, continue"
        onCancel={() => setStage('idle')}
        onConfirm={() => setStage('last')}
      >
        <p>{DELETE_CONFIRM_FIRST}</p>
        <div className="mt-3">
          <DeletionFacts />
        </div>
        <p className="mt-3 text-sm">Want a copy of your data? Download it before you continue.</p>
        <div className="mt-2">
          <DownloadMyDataButton />
        </div>
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
        <p className="mt-2">{DELETE_CONFIRM_LAST_EXCEPT}</p>
      </ConfirmDialog>
    </Panel>
  );
}
