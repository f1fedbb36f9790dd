import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authErrorMessage, type AuthAction } from '@/domain/auth-messages';

const failure = (code: string) => Object.assign(new Error(code), { code });
/** The message `action` shows when it fails with Firebase's `code`. */
const messageFor = (action: AuthAction, code: string) => authErrorMessage(action, failure(code));

describe('authErrorMessage', () => {
  it('when signup fails because the email is taken, then it says so; an unknown failure is generic', () => {
    expect(messageFor('signup', 'auth/email-already-in-use')).toBe('This email address is already in use.');
    expect(messageFor('signup', 'auth/internal-error')).toBe('Failed to create an account.');
    expect(authErrorMessage('signup', new Error('boom'))).toBe('Failed to create an account.');
  });

  it('when signup fails for a weak password or the network, then the message gives that reason', () => {
    expect(messageFor('signup', 'auth/weak-password')).toBe(
      'Failed to create an account: the password must be at least 6 characters.',
    );
    expect(messageFor('signup', 'auth/network-request-failed')).toBe(
      'Failed to create an account: we could not reach the server. Check your connection and try again.',
    );
  });

  it('when login fails for any reason, then it is the one invalid-credentials message', () => {
    for (const code of [
      'auth/invalid-credential',
      'auth/user-not-found',
      'auth/wrong-password',
      'auth/too-many-requests',
    ]) {
      expect(messageFor('login', code)).toBe('Invalid email or password. Please try again.');
    }
  });

  it('when linking Google hits a credential already in use, then it names that; else the generic link message', () => {
    expect(messageFor('linkGoogle', 'auth/credential-already-in-use')).toBe(
      'This Google account is already linked to another user.',
    );
    expect(authErrorMessage('linkGoogle', new Error('boom'))).toBe('Failed to link with Google. Please try again.');
  });

  it('when linking an email hits an email in use, then it names that; else the generic link message', () => {
    expect(messageFor('linkEmail', 'auth/email-already-in-use')).toBe(
      'This email is already in use by another account.',
    );
    expect(messageFor('linkEmail', 'auth/weak-password')).toBe('Failed to link account. Please try again.');
  });

  it('when the other actions fail, then each has its spec message', () => {
    expect(authErrorMessage('google', null)).toBe('Could not sign in with Google. Please try again.');
    expect(authErrorMessage('guest', undefined)).toBe('Could not sign in as a guest. Please try again.');
    expect(messageFor('reset', 'auth/invalid-email')).toBe(
      'Could not send reset email. Please check the address and try again.',
    );
    expect(authErrorMessage('saveProfile', 'x')).toBe('Failed to save your details. Please try again.');
    expect(messageFor('updateProfile', 'permission-denied')).toBe('Failed to update profile. Please try again.');
    expect(messageFor('deleteAccount', 'auth/requires-recent-login')).toBe(
      'Error deleting account. You may need to sign out and sign back in to perform this operation.',
    );
    expect(AUTH_MESSAGES.resetSent).toBe('A password reset link has been sent to your email address.');
    expect(AUTH_MESSAGES.deletedAccount).toBe('Your account has been successfully deleted.');
  });
});
