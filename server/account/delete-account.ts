import type { Auth } from 'firebase-admin/auth';
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { HttpError } from '../errors';
import { enqueueAccountDeletedMail } from '../mail/mails';

/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;

/**
 * Deletes a collection's documents, BATCH_LIMIT per committed batch. (Not recursiveDelete: its
 * BulkWriter's BatchWrite stalled for over a minute on the emulator while the profile page
 * listened to the same documents; plain batches take about a second for 500.)
 */
async function deleteInBatches(db: Firestore, collection: CollectionReference): Promise<void> {
  for (;;) {
    const page = await collection.select().limit(BATCH_LIMIT).get();
    if (page.empty) return;
    const batch = db.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
    if (page.size < BATCH_LIMIT) return;
  }
}

/** Deleting an account needs a sign-in at most this old (Firebase's own rule for deleting a login). */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

export const RECENT_SIGN_IN_MESSAGE = 'Please sign out and sign back in, then delete your account.';

/**
 * Deletes an account on behalf of its (verified, revocation-checked) user:
 * 1. refuses a sign-in older than 5 minutes, before anything changes;
 * 2. reads the account's email and name (the confirmation mail needs them);
 * 3. revokes the user's refresh tokens, so no other session can write while its data goes (and
 *    every authenticated route refuses its ID tokens from now on);
 * 4. deletes every document of every sub-collection of `users/{uid}` in batches of 500, then the
 *    profile (last, so a failure part-way leaves a profile page to retry from);
 * 5. queues the "account deleted" mail;
 * 6. deletes the login.
 * What the law and the books need stays: `payments`, `documents` (tax documents), `refunds` and
 * `auditLog` are server-only collections outside users/{uid}. A retry after a failure part-way
 * finishes the job (every step is idempotent).
 */
export async function deleteAccount(
  { auth, db }: { auth: Auth; db: Firestore },
  user: { uid: string; authTime: number },
  { now = Date.now(), logger }: { now?: number; logger?: Pick<Logger, 'info'> } = {},
): Promise<void> {
  if (now - user.authTime * 1000 > RECENT_SIGN_IN_MS) throw new HttpError(403, RECENT_SIGN_IN_MESSAGE);
  const profile = db.collection('users').doc(user.uid);
  const [record, snapshot] = await Promise.all([auth.getUser(user.uid), profile.get()]);
  const email = record.email ?? (snapshot.get('email') as string | undefined) ?? null;
  const name = (snapshot.get('name') as string | undefined) || record.displayName || null;

  await auth.revokeRefreshTokens(user.uid);
  for (const collection of await profile.listCollections()) await deleteInBatches(db, collection);
  await profile.delete();
  // A guest has no email, so no mail.
  if (email) await enqueueAccountDeletedMail(db, { uid: user.uid, email, name });
  await auth.deleteUser(user.uid);
  logger?.info({ uid: user.uid }, 'account deleted');
}
