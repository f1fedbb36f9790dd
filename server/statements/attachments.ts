import type { Firestore } from 'firebase-admin/firestore';
import type { StoredMail } from '../mail/outbox';
import type { MailAttachment } from '../mail/transport';
import { keptStatement, statementPdf } from './statements';

/**
 * The mail worker's `attachmentsFor`, with statements: a statement mail goes out with the PDF of
 * the statement it was queued with (kept in statements/{id}); every other mail as `others` says.
 */
export function withStatementAttachments(
  db: Firestore,
  others: (mail: StoredMail) => Promise<MailAttachment[]>,
): (mail: StoredMail) => Promise<MailAttachment[]> {
  return async (mail) => {
    if (mail.template !== 'statement') return others(mail);
    const snapshot = await keptStatement(db, mail.data.statementId);
    if (!snapshot) return [];
    const { fileName, pdf } = await statementPdf(snapshot);
    return [{ filename: fileName, content: pdf, contentType: 'application/pdf', title: snapshot.title }];
  };
}
