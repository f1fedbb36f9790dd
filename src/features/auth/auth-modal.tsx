import { useEffect, useRef, useState } from 'react';
import { EmulatedGoogleChooser } from '@/components/emulated-google-chooser';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { AUTH_MESSAGES, authErrorMessage } from '@/domain/auth-messages';
import type { ProfileDetails, SignupForm } from '@/domain/profile-schemas';
import type { EmulatedGoogleAccount, LoginForm } from '@/domain/schemas';
import { useAuthModal, type AuthModalMode } from '@/lib/auth-modal';
import { usesEmulatedGoogle } from '@/lib/google-auth';
import { useToast } from '@/lib/toast';
import {
  abandonSignIn,
  GUEST_NAME,
  logInWithEmail,
  MissingUserError,
  saveProfileDetails,
  sendPasswordReset,
  signInAsGuest,
  signInWithGoogle,
  signUpWithEmail,
  type SignedInUser,
} from './api';
import { DetailsFormView } from './details-form';
import { LoginFormView } from './login-form';
import { SignupFormView } from './signup-form';

type Step = { name: 'auth' } | { name: 'google' } | { name: 'details'; user: SignedInUser };
type Message = { tone: 'error' | 'success'; text: string } | null;

/**
 * Sign-up, login, Google, guest and the details step (spec sections 2 and 4). The root layout
 * renders it once first opened; `openCount` resets it on every open.
 */
export function AuthModal() {
  const { isOpen, mode: requestedMode, openCount, reason, lockedEmail, close } = useAuthModal();
  const notify = useToast();
  const [mode, setMode] = useState<AuthModalMode>(requestedMode);
  const [step, setStep] = useState<Step>({ name: 'auth' });
  const [message, setMessage] = useState<Message>(null);
  const [isBusy, setIsBusy] = useState(false);
  const isSaved = useRef(false);

  // Every open starts fresh in the mode the caller asked for.
  const [seenOpenCount, setSeenOpenCount] = useState(openCount);
  if (seenOpenCount !== openCount) {
    setSeenOpenCount(openCount);
    setMode(requestedMode);
    setStep({ name: 'auth' });
    setMessage(null);
    setIsBusy(false);
  }
  useEffect(() => {
    isSaved.current = false;
  }, [openCount]);

  function requestClose() {
    if (step.name === 'details' && !isSaved.current) {
      // Spec section 4: leaving the details step with no saved profile signs the user out.
      void abandonSignIn();
    }
    close();
  }

  async function run(action: () => Promise<void>, onError: (error: unknown) => string) {
    setIsBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      console.warn(error);
      setMessage({ tone: 'error', text: onError(error) });
    } finally {
      setIsBusy(false);
    }
  }

  const afterSignIn = (user: SignedInUser | null) => {
    if (!user) return;
    if (user.hasProfile) close();
    else setStep({ name: 'details', user });
  };

  /** Logs in or signs up by email, closing the modal once it worked; a failure worded for `way`. */
  const byEmail = (way: 'login' | 'signup', signIn: () => Promise<unknown>) =>
    run(
      async () => {
        await signIn();
        close();
      },
      (error) => authErrorMessage(way, error),
    );

  const onLogin = (form: LoginForm) => byEmail('login', () => logInWithEmail(form.email, form.password));

  const onSignup = (form: SignupForm) => byEmail('signup', () => signUpWithEmail(form));

  const onForgotPassword = (email: string) =>
    run(
      async () => {
        await sendPasswordReset(email);
        setMessage({ tone: 'success', text: AUTH_MESSAGES.resetSent });
      },
      (error) => authErrorMessage('reset', error),
    );

  const onGoogle = () => {
    if (usesEmulatedGoogle) {
      setMessage(null);
      setStep({ name: 'google' });
      return;
    }
    void run(
      async () => afterSignIn(await signInWithGoogle()),
      (error) => authErrorMessage('google', error),
    );
  };

  const onEmulatedGoogle = (account: EmulatedGoogleAccount) =>
    run(
      async () => afterSignIn(await signInWithGoogle(account)),
      (error) => {
        setStep({ name: 'auth' });
        return authErrorMessage('google', error);
      },
    );

  const onGuest = () =>
    run(
      async () => {
        const user = await signInAsGuest();
        setStep({ name: 'details', user: { ...user, name: GUEST_NAME, email: '' } });
      },
      (error) => authErrorMessage('guest', error),
    );

  const onSaveDetails = (details: ProfileDetails) =>
    run(
      async () => {
        const { isAnonymous } = await saveProfileDetails(details);
        isSaved.current = true;
        close();
        if (isAnonymous) notify(AUTH_MESSAGES.guestSaved, 'info');
      },
      (error) =>
        error instanceof MissingUserError ? AUTH_MESSAGES.missingUserId : authErrorMessage('saveProfile', error),
    );

  const title =
    step.name === 'details'
      ? 'Complete Your Profile'
      : step.name === 'google'
        ? 'Continue with Google'
        : mode === 'login'
          ? 'Welcome Back'
          : 'Create an Account';

  return (
    <Modal
      isOpen={isOpen}
      onClose={requestClose}
      title={title}
      description={step.name === 'details' ? 'Just a few more details to get you started.' : reason}
      closeLabel="Close sign-in dialog"
      size={mode === 'signup' || step.name === 'details' ? 'lg' : 'md'}
      contentKey={`${step.name}-${mode}`}
    >
      <div className="space-y-4">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        {step.name === 'details' && (
          <DetailsFormView
            key={step.user.uid}
            initialName={step.user.name}
            initialEmail={step.user.email}
            isSaving={isBusy}
            onSubmit={onSaveDetails}
          />
        )}
        {step.name === 'google' && (
          <EmulatedGoogleChooser isBusy={isBusy} onPick={onEmulatedGoogle} onCancel={() => setStep({ name: 'auth' })} />
        )}
        {step.name === 'auth' && (
          <>
            {mode === 'login' ? (
              <LoginFormView
                key={`login-${openCount}`}
                lockedEmail={lockedEmail}
                isBusy={isBusy}
                onSubmit={onLogin}
                onForgotPassword={onForgotPassword}
                onMissingResetEmail={(text) => setMessage({ tone: 'error', text })}
              />
            ) : (
              <SignupFormView
                key={`signup-${openCount}`}
                lockedEmail={lockedEmail}
                isBusy={isBusy}
                onSubmit={onSignup}
              />
            )}
            <div className="flex items-center gap-3 text-xs text-slate-600" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
            </div>
            <div className="grid gap-2">
              <Button variant="secondary" size="sm" onClick={onGoogle} disabled={isBusy}>
                Continue with Google
              </Button>
              {/* A guest has no address: it cannot be the one an invitation asks for. */}
              {mode === 'signup' && lockedEmail === undefined && (
                <Button variant="secondary" size="sm" onClick={onGuest} disabled={isBusy}>
                  Continue as Guest
                </Button>
              )}
            </div>
            <p className="text-center text-sm text-slate-700">
              {mode === 'login' ? 'Need an account? ' : 'Already have an account? '}
              <Button
                variant="link"
                onClick={() => {
                  setMode(mode === 'login' ? 'signup' : 'login');
                  setMessage(null);
                }}
              >
                {mode === 'login' ? 'Sign Up' : 'Login'}
              </Button>
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}
