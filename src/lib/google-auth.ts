import {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  type AuthCredential,
  type AuthProvider,
  type PopupRedirectResolver,
  type User,
  type UserCredential,
} from 'firebase/auth';
import { errorCode } from '@/domain/auth-messages';
import type { EmulatedGoogleAccount } from '@/domain/schemas';
import { env } from './env';

/**
 * Whether Google goes through our emulated account chooser: on the local stack, where Google's
 * real popup cannot load (no internet), the Auth emulator accepts an unsigned credential instead.
 */
export const usesEmulatedGoogle = env.useEmulators;

/** The emulator's Google credential for an account; the same email always gives the same user. */
export function emulatedGoogleCredential(account: EmulatedGoogleAccount): AuthCredential {
  const email = account.email.trim().toLowerCase();
  const sub = `emulated-${[...new TextEncoder().encode(email)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  return GoogleAuthProvider.credential(JSON.stringify({ sub, email, email_verified: true, name: account.name.trim() }));
}

/** The person closed Google's popup (or opened a second one): not an error to show. */
export function isPopupClosed(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}

/**
 * Signs in or links with Google: the real popup in production, the account picked in the
 * emulated chooser on the emulators. Pass how to use a credential and how to use the popup
 * (signIn… or link…). Resolves null when the person closed the popup.
 */
export async function withGoogle(
  account: EmulatedGoogleAccount | undefined,
  viaCredential: (credential: AuthCredential) => Promise<UserCredential>,
  viaPopup: (provider: AuthProvider, resolver: PopupRedirectResolver) => Promise<UserCredential>,
): Promise<User | null> {
  if (usesEmulatedGoogle) {
    if (!account) throw new Error('An emulated Google account is needed on the local stack.');
    return (await viaCredential(emulatedGoogleCredential(account))).user;
  }
  try {
    return (await viaPopup(new GoogleAuthProvider(), browserPopupRedirectResolver)).user;
  } catch (error) {
    if (isPopupClosed(error)) return null;
    throw error;
  }
}
