import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';

/**
 * A customer's own email: the one on their sign-in account, else the one they typed in their
 * profile (a guest's details). Null when there is neither, or the account is gone: then the mail
 * fails with that reason rather than going to an address nobody gave us for it.
 */
export function accountEmailLookup(auth: Auth, db: Firestore): (uid: string) => Promise<string | null> {
  return async (uid) => {
    try {
      const user = await auth.getUser(uid);
      if (user.email) return user.email;
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      return null;
    }
    const profileEmail = (await db.doc(`users/${uid}`).get()).get('email') as unknown;
    return typeof profileEmail === 'string' && profileEmail.includes('@') ? profileEmail : null;
  };
}
