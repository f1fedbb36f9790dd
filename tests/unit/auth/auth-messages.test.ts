import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, authErrorMessage } from '@/domain/auth-messages';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('authErrorMessage', () => {
  it('when signup fails because the email is taken, then it says so; an unknown failure is generic', () => {
    expect(authErrorMessage('signup', failure('auth/email-already-in-use'))).toBe(
      'This email address is already in use.',
    );
    expect(authErrorMessage('signup', failure('auth/internal-error'))).toBe('Failed to create an account.');
    expect(authErrorMessage('signup', new Error('boom'))).toBe('Failed to create an account.');
  });

  it('when signup fails for a weak password or the network, then the message gives that reason', () => {
    expect(authErrorMessage('signup', failure('auth/weak-password'))).toBe(
      'Failed to create an account: the password must be at least 6 characters.',
    );
    expect(authErrorMessage('signup', failure('auth/network-request-failed'))).toBe(
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
      expect(authErrorMessage('login', failure(code))).toBe('Invalid email or password. Please try again.');
    }
  });

  it('when linking Google hits a credential already in use, then it names that; else the generic link message', () => {
    expect(authErrorMessage('linkGoogle', failure('auth/credential-already-in-use'))).toBe(
      'This Google account is already linked to another user.',
    );
    expect(authErrorMessage('linkGoogle', new Error('boom'))).toBe('Failed to link with Google. Please try again.');
  });

  it('when linking an email hits an email in use, then it names that; else the generic link message', () => {
    expect(authErrorMessage('linkEmail', failure('auth/email-already-in-use'))).toBe(
      'This email is already in use by another account.',
    );
    expect(authErrorMessage('linkEmail', failure('auth/weak-password'))).toBe(
      'Failed to link account. Please try again.',
    );
  });

  it('when the other actions fail, then each has its spec message', () => {
    expect(authErrorMessage('google', null)).toBe('Could not sign in with Google. Please try again.');
    expect(authErrorMessage('guest', undefined)).toBe('Could not sign in as a guest. Please try again.');
    expect(authErrorMessage('reset', failure('auth/invalid-email'))).toBe(
      'Could not send reset email. Please check the address and try again.',
    );
    expect(authErrorMessage('saveProfile', 'x')).toBe('Failed to save your details. Please try again.');
    expect(authErrorMessage('updateProfile', failure('permission-denied'))).toBe(
      'Failed to update profile. Please try again.',
    );
    expect(authErrorMessage('deleteAccount', failure('auth/requires-recent-login'))).toBe(
      'Error deleting account. You may need to sign out and sign back in to perform this operation.',
    );
    expect(AUTH_MESSAGES.resetSent).toBe('A password reset link has been sent to your email address.');
    expect(AUTH_MESSAGES.deletedAccount).toBe('Your account has been successfully deleted.');
  });
});
