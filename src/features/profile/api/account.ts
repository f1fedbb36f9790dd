import { EmailAuthProvider, linkWithCredential, linkWithPopup, signOut, type User } from 'firebase/auth';
import { getDoc, setDoc } from 'firebase/firestore';
import { customerSearchTokens } from '@/domain/search';
import type { EmulatedGoogleAccount } from '@/domain/schemas';
import { apiClient } from '@/lib/api-client';
import { auth } from '@/lib/firebase';
import { userDoc } from '@/records/users';
import { withGoogle } from '@/lib/google-auth';

// What the profile page does to the login itself: link a guest to a real sign-in, or delete it.

function signedInUser(): User {
  const user = auth.currentUser;
  if (!user) throw Object.assign(new Error('No signed-in user.'), { code: 'auth/no-current-user' });
  return user;
}

/** Links an email and password to a guest; the profile stops being a guest's. */
export async function linkGuestWithEmail(email: string, password: string, name: string): Promise<void> {
  const user = signedInUser();
  const { user: linked } = await linkWithCredential(user, EmailAuthProvider.credential(email.trim(), password));
  await saveLinkedAccount(linked.uid, { email: linked.email ?? email.trim(), name });
}

/** Links Google to a guest (see withGoogle). Resolves false when the user closed the popup. */
export async function linkGuestWithGoogle(fallbackName: string, account?: EmulatedGoogleAccount): Promise<boolean> {
  const user = signedInUser();
  const linked = await withGoogle(
    account,
    (credential) => linkWithCredential(user, credential),
    (provider, resolver) => linkWithPopup(user, provider, resolver),
  );
  if (!linked) return false;
  const google = linked.providerData.find((info) => info.providerId === 'google.com');
  await saveLinkedAccount(linked.uid, {
    email: google?.email ?? linked.email ?? '',
    name: google?.displayName || linked.displayName || fallbackName,
  });
  return true;
}

/** A guest's profile once linked: no longer a guest, with the account's email and name (and the words staff find it by). */
async function saveLinkedAccount(uid: string, changes: { email: string; name: string }): Promise<void> {
  const current = (await getDoc(userDoc(uid))).data();
  await setDoc(
    userDoc(uid),
    { isAnonymous: false, ...changes, searchTokens: customerSearchTokens({ ...current, ...changes }) },
    { merge: true },
  );
}

/** The API refuses a sign-in older than 5 minutes; we stop a little earlier, before calling it. */
const RECENT_LOGIN_MS = 4.5 * 60 * 1000;

/**
 * Deletes the account through the API (POST /api/account/delete), which revokes the login's
 * sessions first, deletes every document under users/{uid} in batches, queues the confirmation
 * mail and deletes the login (see server/account/delete-account.ts). The login's age is checked
 * here first too, so the usual failure costs no request. A failure part-way leaves the profile,
 * so a retry from the profile page finishes the job. Then this browser signs out.
 */
export async function deleteAccount(): Promise<void> {
  const user = signedInUser();
  const { authTime } = await user.getIdTokenResult(true);
  if (Date.now() - new Date(authTime).getTime() > RECENT_LOGIN_MS) {
    throw Object.assign(new Error('The sign-in is too old to delete the account.'), {
      code: 'auth/requires-recent-login',
    });
  }
  await apiClient.post('/api/account/delete', {}, { withAuth: true });
  await signOut(auth);
}

/**
 * Invoices staff issued to this email before the account existed (a lead's record) become this
 * account's: the server checks the email is verified. Cheap when there is nothing to join.
 */
export function joinLeadRecords(): Promise<{ joined: boolean; moved: number }> {
  return apiClient.post('/api/account/join-lead', {}, { withAuth: true });
}
