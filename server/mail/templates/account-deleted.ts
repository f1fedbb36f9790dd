import { COMPANY } from '../../../src/domain/company';
import {
  DELETED_WITH_ACCOUNT,
  KEPT_AFTER_DELETION,
  lastDayKept,
  TAX_RECORD_RETENTION_PLAIN,
  TAX_RECORD_RETENTION_RULE,
} from '../../../src/domain/retention';
import { html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface AccountDeletedData {
  name: string | null;
  /** Tax documents (invoices, receipts, credit notes) the law keeps; absent in mails queued before. */
  keptDocuments?: number;
  /** Payment and refund records kept. */
  keptPayments?: number;
  /** When the last kept record goes (ISO), or null when nothing is kept. */
  keptUntil?: string | null;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** What the law makes us keep of this account, for how long and why. */
function keptSentence(data: AccountDeletedData): string {
  const why = `for ${TAX_RECORD_RETENTION_PLAIN}: ${TAX_RECORD_RETENTION_RULE}`;
  // A mail queued before the counts were part of it.
  if (data.keptDocuments === undefined) {
    return `Invoices, receipts, credit notes and payment records that the law requires us to keep are retained ${why}, as our privacy policy describes.`;
  }
  const documents = data.keptDocuments;
  const payments = data.keptPayments ?? 0;
  if (documents + payments === 0) {
    return 'You had no invoices, receipts or payment records, so the law makes us keep nothing of yours.';
  }
  const counted = [documents && plural(documents, 'tax document'), payments && plural(payments, 'payment record')]
    .filter(Boolean)
    .join(' and ');
  const until = data.keptUntil
    ? ` The last of them will be deleted after ${lastDayKept(new Date(data.keptUntil))}.`
    : '';
  return `The law makes us keep ${counted} (${KEPT_AFTER_DELETION.join('; ')}) ${why}.${until} They are marked as belonging to a deleted account and used for nothing else.`;
}

/**
 * Confirms an account deletion to the address the account had (captured before it was deleted):
 * what went, and what the law makes us keep, for how long and why (the same words as the dialog
 * and the Privacy Policy, from src/domain/retention.ts).
 */
export function accountDeleted(data: AccountDeletedData): RenderedMail {
  const lines = [
    `As you asked, we have deleted your ${COMPANY.name} account: ${DELETED_WITH_ACCOUNT.join(', ')}.`,
    keptSentence(data),
    'You will get no more mail from us about this account.',
    `If you did not ask for this, contact us at once at ${COMPANY.email} or ${COMPANY.phone}.`,
  ];
  return layout({
    subject: `Your ${COMPANY.name} account has been deleted`,
    heading: data.name ? `Hello ${oneLine(data.name, 100)},` : 'Hello,',
    body: html`${lines.map((line) => paragraph(line))}`,
    text: lines.join('\n\n'),
  });
}
