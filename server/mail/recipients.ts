import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';

/**
 * A customer's own email: the one on their sign-in account, else the one they typed in their
 * profile (a guest's details). A lead billed from an enquiry has no sign-in account: its customer
 * record's email, the address the enquiry came from. Null when there is none, or the account is
 * gone: then the mail fails with that reason rather than going to an address nobody gave us for it.
 */
export function accountEmailLookup(auth: Auth, db: Firestore): (uid: string) => Promise<string | null> {
  return async (uid) => {
    let hasAccount = true;
    try {
      const user = await auth.getUser(uid);
      if (user.email) return user.email;
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      hasAccount = false;
    }
    const profile = await db.doc(`users/${uid}`).get();
    if (!hasAccount && profile.get('isLead') !== true) return null;
    const profileEmail = profile.get('email') as unknown;
    return typeof profileEmail === 'string' && profileEmail.includes('@') ? profileEmail : null;
  };
}
