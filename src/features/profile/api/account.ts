import { deleteUser, EmailAuthProvider, linkWithCredential, linkWithPopup, type User } from 'firebase/auth';
import { getDocs, setDoc, writeBatch, type DocumentReference, type Query } from 'firebase/firestore';
import type { EmulatedGoogleAccount } from '@/domain/schemas';
import { auth } from '@/lib/firebase';
import { cartOf, db, invoicesOf, ordersOf, queriesOf, userDoc } from '@/lib/firestore';
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
  await setDoc(userDoc(linked.uid), { isAnonymous: false, email: linked.email ?? email.trim(), name }, { merge: true });
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
  await setDoc(
    userDoc(linked.uid),
    {
      isAnonymous: false,
      email: google?.email ?? linked.email ?? '',
      name: google?.displayName || linked.displayName || fallbackName,
    },
    { merge: true },
  );
  return true;
}

/** Firebase refuses to delete a login older than 5 minutes; we stop a little earlier. */
const RECENT_LOGIN_MS = 4.5 * 60 * 1000;
/** Firestore's limit of writes in one batch. */
const BATCH_LIMIT = 500;

const listRefs = async (collection: Query) => (await getDocs(collection)).docs.map((item) => item.ref);

/**
 * Deletes every document of the user (the profile, then invoices, queries, orders, cart) and then
 * the login. The login's age is checked first, so the usual failure deletes nothing. If deleting
 * the login still fails, the data is gone but the login remains: the profile page shows its
 * 'no profile' state with this same delete action, so a retry finishes the job.
 */
export async function deleteAccount(): Promise<void> {
  const user = signedInUser();
  const { authTime } = await user.getIdTokenResult(true);
  if (Date.now() - new Date(authTime).getTime() > RECENT_LOGIN_MS) {
    throw Object.assign(new Error('The sign-in is too old to delete the account.'), {
      code: 'auth/requires-recent-login',
    });
  }
  const uid = user.uid;
  const lists = await Promise.all([invoicesOf(uid), queriesOf(uid), ordersOf(uid), cartOf(uid)].map(listRefs));
  // The rules let a Paid invoice go only together with the profile (in its batch, or after it), so
  // the profile goes first. A failure part-way leaves the profile page's 'no profile' state, whose
  // delete action finishes the job.
  const refs: DocumentReference[] = [userDoc(uid), ...lists.flat()];
  for (let start = 0; start < refs.length; start += BATCH_LIMIT) {
    const batch = writeBatch(db);
    for (const ref of refs.slice(start, start + BATCH_LIMIT)) batch.delete(ref);
    await batch.commit();
  }
  await deleteUser(user);
}
