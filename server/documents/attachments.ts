import type { Firestore } from 'firebase-admin/firestore';
import type { DocumentSettings } from '../config';
import type { StoredMail } from '../mail/outbox';
import type { MailAttachment } from '../mail/transport';
import { issueDocument } from './issue';
import { documentFileName } from './pdf';
import { renderPdfOffThread } from './pdf-renderer';
import { taxDocumentDoc, type IssuedDocumentFields } from './store';

/**
 * The mail worker's `attachmentsFor`: a payment receipt goes out with its tax document's PDF. A
 * document still pending is numbered right here (the same transaction the document worker runs,
 * so it stays exactly-once) rather than the receipt waiting for the next pass; if that fails the
 * send fails and the outbox retries it later. A mail without a document goes without.
 */
export function documentAttachments(
  db: Firestore,
  settings: DocumentSettings,
): (mail: StoredMail) => Promise<MailAttachment[]> {
  return async (mail) => {
    const id = mail.attachmentDocumentId;
    if (!id) return [];
    let snapshot = await taxDocumentDoc(db, id).get();
    if (!snapshot.exists) return [];
    if (snapshot.get('status') !== 'issued') {
      await issueDocument(db, settings, id);
      snapshot = await taxDocumentDoc(db, id).get();
    }
    const { snapshot: printed } = snapshot.data() as IssuedDocumentFields;
    return [
      {
        filename: documentFileName(printed),
        content: await renderPdfOffThread(printed),
        contentType: 'application/pdf',
        title: `${printed.title} ${printed.number}`,
      },
    ];
  };
}
