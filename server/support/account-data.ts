import type { Firestore } from 'firebase-admin/firestore';
import { exportFiles, firestoreFileStore, FILES } from '../files/file-store';
import { SUPPORT_REQUESTS } from './store';

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
