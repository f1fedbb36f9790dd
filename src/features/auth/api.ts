import {
  createUserWithEmailAndPassword,
  deleteUser,
  sendPasswordResetEmail,
  signInAnonymously,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { profileDetailsSchema, type ProfileDetails, type SignupForm } from '@/domain/profile-schemas';
import type { EmulatedGoogleAccount } from '@/domain/schemas';
import { auth } from '@/lib/firebase';
import { withGoogle } from '@/lib/google-auth';

/** Firestore is loaded only when a profile is read or written, not when the modal opens. */
const firestore = () => Promise.all([import('firebase/firestore'), import('@/records/users')]);

export const GUEST_NAME = 'Guest User';

/** Who just signed in, for the details step. */
export interface SignedInUser {
  uid: string;
  name: string;
  email: string;
  isAnonymous: boolean;
  /** False for a Google user who has never saved their details. */
  hasProfile: boolean;
}

/** Thrown when the details step has no signed-in user to save for. */
export class MissingUserError extends Error {
  constructor() {
    super('No signed-in user.');
  }
}

async function writeProfile(user: User, details: ProfileDetails, isAnonymous: boolean) {
  const [{ setDoc, serverTimestamp }, { userDoc }] = await firestore();
  const clean = profileDetailsSchema.parse(details);
  // A full write (spec section 7); the rules require every field, with createdAt the server time.
  await setDoc(userDoc(user.uid), {
    uid: user.uid,
    name: clean.name,
    email: isAnonymous ? clean.email : clean.email || user.email || '',
    phone: clean.phone,
    address: clean.address,
    city: clean.city,
    state: clean.state,
    country: clean.country,
    pinCode: clean.pinCode,
    gstin: clean.gstin,
    legalName: clean.legalName,
    isAnonymous,
    createdAt: serverTimestamp(),
  });
}

async function profileExists(uid: string): Promise<boolean> {
  const [{ getDoc }, { userDoc }] = await firestore();
  return (await getDoc(userDoc(uid))).exists();
}

export async function signUpWithEmail(form: SignupForm): Promise<void> {
  const { user } = await createUserWithEmailAndPassword(auth, form.email.trim(), form.password);
  try {
    await updateProfile(user, { displayName: form.name.trim() });
    await writeProfile(user, form, false);
  } catch (error) {
    // Without its profile the account is half made; remove it so the same email can try again.
    await deleteUser(user).catch(() => signOut(auth));
    throw error;
  }
}

export async function logInWithEmail(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(auth, email.trim(), password);
}

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(auth, email.trim());
}

async function describe(user: User): Promise<SignedInUser> {
  return {
    uid: user.uid,
    name: user.displayName ?? '',
    email: user.email ?? '',
    isAnonymous: user.isAnonymous,
    hasProfile: await profileExists(user.uid),
  };
}

/** Google sign-in (see withGoogle). Resolves null when the user closed the popup. */
export async function signInWithGoogle(account?: EmulatedGoogleAccount): Promise<SignedInUser | null> {
  const user = await withGoogle(
    account,
    (credential) => signInWithCredential(auth, credential),
    (provider, resolver) => signInWithPopup(auth, provider, resolver),
  );
  return user && describe(user);
}

export async function signInAsGuest(): Promise<SignedInUser> {
  const { user } = await signInAnonymously(auth);
  return { ...(await describe(user)), name: GUEST_NAME, email: '' };
}

/** The details step: a full profile write for the signed-in user. */
export async function saveProfileDetails(details: ProfileDetails): Promise<{ isAnonymous: boolean }> {
  const user = auth.currentUser;
  if (!user) throw new MissingUserError();
  await writeProfile(user, details, user.isAnonymous);
  return { isAnonymous: user.isAnonymous };
}

/**
 * Leaving the details step without saving signs the user out (spec section 4). A guest with no
 * profile can never come back to that account, so it is deleted rather than left behind.
 */
export async function abandonSignIn(): Promise<void> {
  const user = auth.currentUser;
  if (!user) return;
  if (user.isAnonymous) {
    try {
      await deleteUser(user);
      return;
    } catch {
      // Fall through: signing out is what the spec asks for.
    }
  }
  await signOut(auth);
}
