import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { REVIEW_MESSAGES } from '../../src/domain/support';
import { exportFiles, firestoreFileStore, FILES } from '../files/file-store';
import { forEachPage } from '../paging';
import { SUPPORT_INBOUND, SUPPORT_REQUESTS } from './store';

/**
 * A customer's support requests for their data export: each request with its conversation (no
 * internal notes, which are the company's) and its files (name, type, size, SHA-256, and the bytes
 * as base64). For server/account/export-data.ts to add under `supportRequests`.
 */
export async function exportSupportData(db: Firestore, uid: string) {
  const files = firestoreFileStore(db);
  const requests = await db.collection(SUPPORT_REQUESTS).where('uid', '==', uid).get();
  return Promise.all(
    requests.docs.map(async (doc) => {
      const messages = await doc.ref.collection('messages').orderBy('createdAt').get();
      const shown = messages.docs.filter((message) => message.get('internal') !== true);
      const fileIds = shown.flatMap((message) =>
        ((message.get('files') as Array<{ id: string }> | undefined) ?? []).map((file) => file.id),
      );
      const exported = await exportFiles(files, fileIds);
      return {
        reference: doc.get('reference') as string,
        subject: doc.get('subject') as string,
        service: (doc.get('serviceName') as string | null) ?? null,
        status: doc.get('status') as string,
        createdAt: doc.get('createdAt')?.toDate?.()?.toISOString() ?? null,
        messages: shown.map((message) => ({
          from: message.get('author') as string,
          body: message.get('body') as string,
          via: message.get('via') as string,
          at: message.get('createdAt')?.toDate?.()?.toISOString() ?? null,
          files: (message.get('files') as unknown[]) ?? [],
        })),
        files: exported,
      };
    }),
  );
}

/**
 * Deleting an account removes its support requests (with their messages, internal notes included)
 * and every file it uploaded. For server/account/delete-account.ts to call with the account's uid;
 * returns what it removed.
 */
export async function deleteSupportData(db: Firestore, uid: string): Promise<{ requests: number; files: number }> {
  const [requests, files] = await Promise.all([
    db.collection(SUPPORT_REQUESTS).where('uid', '==', uid).get(),
    db.collection(FILES).where('ownerUid', '==', uid).get(),
  ]);
  const attached = new Set<string>();
  for (const request of requests.docs) {
    const messages = await request.ref.collection('messages').get();
    for (const message of messages.docs) {
      for (const file of (message.get('files') as Array<{ id: string }> | undefined) ?? []) attached.add(file.id);
    }
  }
  for (const file of files.docs) attached.add(file.id);
  for (const id of attached) await db.recursiveDelete(db.collection(FILES).doc(id));
  for (const request of requests.docs) await db.recursiveDelete(request.ref);
  return { requests: requests.size, files: attached.size };
}

/** A page of a person's inbound mails at a time (export and deletion read no whole collection). */
const INBOUND_PAGE = 100;

/** Every inbound mail sent from one of these (proven) addresses, a page at a time. */
async function forEachInboundMailFrom(
  db: Firestore,
  emails: string[],
  visit: (docs: QueryDocumentSnapshot[]) => Promise<void>,
): Promise<void> {
  // `from` is kept lower-cased (receiveInbound): one query per address finds it in any letter case.
  for (const email of new Set(emails.map((address) => address.trim().toLowerCase()))) {
    await forEachPage(db.collection(SUPPORT_INBOUND).where('from', '==', email).orderBy('__name__'), visit, {
      pageSize: INBOUND_PAGE,
    });
  }
}

/** The files a mail's record still holds (its attachments and whole text while no request took them). */
const heldFiles = (db: Firestore, inboundId: string) =>
  db.collection(FILES).where('attachedTo', '==', `inbound/${inboundId}`).get();

/**
 * The mails a person sent to support (inbound records whose sender is one of their PROVEN
 * addresses, server/account/person.ts: a mail's From alone proves nothing, so only a verified login
 * address finds them), whatever became of them, each with the files it still holds (base64). Those a
 * request took are in that request's export. For server/account/export-data.ts, under `supportMail`.
 */
export async function exportInboundMailOf(db: Firestore, provenEmails: string[]) {
  const files = firestoreFileStore(db);
  const mails: unknown[] = [];
  await forEachInboundMailFrom(db, provenEmails, async (docs) => {
    for (const doc of docs) {
      const held = await heldFiles(db, doc.id);
      mails.push({
        id: doc.id,
        receivedAt: doc.get('receivedAt')?.toDate?.()?.toISOString() ?? null,
        from: doc.get('from') as string,
        fromName: (doc.get('fromName') as string | null) ?? null,
        subject: doc.get('subject') as string,
        text: doc.get('text') as string,
        html: doc.get('html') as string,
        outcome: doc.get('outcome') as string,
        attachments: ((doc.get('attachments') as Array<Record<string, unknown>> | undefined) ?? []).map((file) => ({
          name: file.name,
          size: file.size,
          refused: file.refused ?? null,
        })),
        files: await exportFiles(
          files,
          held.docs.map((file) => file.id),
        ),
      });
    }
  });
  return mails;
}

/**
 * Deleting an account removes the mails sent from its proven addresses (exactly those the export
 * returns) with the files they still hold. A mail staff attached to someone else's request as an
 * internal note stays in that conversation (it is that request's record), with its sender made
 * anonymous: the note's heading and `mailFrom` no longer name the address.
 */
export async function deleteInboundMailOf(
  db: Firestore,
  provenEmails: string[],
): Promise<{ mails: number; files: number; anonymised: number }> {
  const report = { mails: 0, files: 0, anonymised: 0 };
  await forEachInboundMailFrom(db, provenEmails, async (docs) => {
    for (const doc of docs) {
      const requestId = doc.get('requestId') as string | undefined;
      if (doc.get('outcome') === 'attached' && doc.get('as') === 'note' && requestId) {
        const note = db.doc(`${SUPPORT_REQUESTS}/${requestId}/messages/${doc.id}`);
        const snapshot = await note.get();
        if (snapshot.exists) {
          const from = String(doc.get('from'));
          await note.update({
            mailFrom: null,
            body: String(snapshot.get('body') ?? '').replace(
              REVIEW_MESSAGES.noteHeading(from),
              REVIEW_MESSAGES.noteHeading('a deleted account'),
            ),
          });
          report.anonymised += 1;
        }
      }
      const held = await heldFiles(db, doc.id);
      for (const file of held.docs) await db.recursiveDelete(file.ref);
      report.files += held.size;
      await doc.ref.delete();
      report.mails += 1;
    }
  });
  return report;
}
