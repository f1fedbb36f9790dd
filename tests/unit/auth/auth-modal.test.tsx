import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthModal } from '@/features/auth/auth-modal';
import { PIN_CODE_MESSAGE } from '@/domain/profile-schemas';
import { useAuthModal } from '@/lib/auth-modal';
import { expectGstinChecked } from '../../helpers/gstin-field';
import { expectPasswordMismatchRefused } from '../../helpers/password-fields';
import { renderApp } from '../../helpers/render-app';

// The seam: the modal's only Firebase-touching module.
const api = vi.hoisted(() => {
  class MissingUserError extends Error {}
  return {
    MissingUserError,
    GUEST_NAME: 'Guest User',
    signUpWithEmail: vi.fn(),
    logInWithEmail: vi.fn(),
    sendPasswordReset: vi.fn(),
    signInWithGoogle: vi.fn(),
    signInAsGuest: vi.fn(),
    saveProfileDetails: vi.fn(),
    abandonSignIn: vi.fn(),
  };
});
vi.mock('@/features/auth/api', () => api);
vi.mock('@/lib/locations', () => import('../../helpers/fake-locations'));

function Opener() {
  const { open } = useAuthModal();
  return (
    <>
      <button type="button" onClick={() => open('login')}>
        open login
      </button>
      <button type="button" onClick={() => open('signup')}>
        open signup
      </button>
      <button type="button" onClick={() => open('signup', 'For an invitation.', { lockedEmail: 'ravi@verma.in' })}>
        open invited
      </button>
    </>
  );
}

function setup(mode: 'login' | 'signup') {
  const user = userEvent.setup();
  renderApp(
    <>
      <Opener />
      <AuthModal />
    </>,
  );
  return {
    user,
    open: async () => {
      await user.click(screen.getByRole('button', { name: `open ${mode}` }));
      return screen.getByRole('dialog');
    },
  };
}

const signedIn = (overrides = {}) => ({
  uid: 'u1',
  name: '',
  email: '',
  isAnonymous: false,
  hasProfile: false,
  ...overrides,
});

async function fillLocation(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const scope = within(dialog);
  await scope.findByRole('option', { name: 'India' });
  await user.selectOptions(scope.getByLabelText('Country'), 'India');
  await scope.findByRole('option', { name: 'Maharashtra' });
  await user.selectOptions(scope.getByLabelText('State'), 'Maharashtra');
  await scope.findByRole('option', { name: 'Pune' });
  await user.selectOptions(scope.getByLabelText('City'), 'Pune');
}

/** Every signup field, validly filled (Riya, riya@example.com, matching passwords, Pune). */
async function fillValidSignup(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const scope = within(dialog);
  await user.type(scope.getByLabelText('Full Name'), 'Riya');
  await user.type(scope.getByLabelText('Email'), 'riya@example.com');
  await user.type(scope.getByLabelText('Phone'), '9000012345');
  await user.type(scope.getByLabelText('Password'), 'secret1');
  await user.type(scope.getByLabelText('Confirm Password'), 'secret1');
  await user.type(scope.getByLabelText('Address'), '5 Road');
  await fillLocation(user, dialog);
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('AuthModal: auth step', () => {
  it('when opened for login, then it says Welcome Back with email, password and Forgot Password, and no guest option', async () => {
    const dialog = await setup('login').open();
    const scope = within(dialog);
    expect(scope.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(scope.getByLabelText('Email')).toBeInTheDocument();
    expect(scope.getByLabelText('Password')).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(scope.queryByRole('button', { name: 'Continue as Guest' })).not.toBeInTheDocument();
    expect(scope.getByText(/Need an account\?/)).toBeInTheDocument();
  });

  it('when the toggle is used, then signup mode shows every field and the guest option, and back', async () => {
    const { user, open } = setup('login');
    const scope = within(await open());
    await user.click(scope.getByRole('button', { name: 'Sign Up' }));
    expect(scope.getByRole('heading', { name: 'Create an Account' })).toBeInTheDocument();
    for (const label of [
      'Full Name',
      'Email',
      'Phone',
      'Password',
      'Confirm Password',
      'Address',
      'Country',
      'State',
      'City',
    ]) {
      expect(scope.getByLabelText(label)).toBeInTheDocument();
    }
    expect(scope.getByRole('button', { name: 'Continue as Guest' })).toBeInTheDocument();
    expect(scope.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(scope.getByText(/Already have an account\?/)).toBeInTheDocument();
    await user.click(scope.getByRole('button', { name: 'Login' }));
    expect(scope.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('when signup is submitted empty or with different passwords, then each field says why and nothing is sent', async () => {
    const { user, open } = setup('signup');
    const dialog = await open();
    const scope = within(dialog);
    await user.click(scope.getByRole('button', { name: 'Create Account' }));
    expect(await scope.findByText('Full name is required.')).toBeInTheDocument();
    expect(scope.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(scope.getByLabelText('State')).toHaveAccessibleDescription('State is required.');
    expect(scope.getByText('City is required.')).toBeInTheDocument();

    await expectPasswordMismatchRefused({ user, scope: dialog, submit: 'Create Account', sent: api.signUpWithEmail });
  });

  it('when signup opens, then the password rule is stated, the country is India, and a short password or a bad phone is refused', async () => {
    const { user, open } = setup('signup');
    const dialog = await open();
    const scope = within(dialog);
    expect(scope.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters.');
    expect(scope.getByLabelText('Country')).toHaveValue('India');

    await user.type(scope.getByLabelText('Phone'), 'abc');
    await user.type(scope.getByLabelText('Password'), 'abc');
    await user.type(scope.getByLabelText('Confirm Password'), 'abc');
    await user.click(scope.getByRole('button', { name: 'Create Account' }));
    expect(await scope.findByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(scope.getByLabelText('Phone')).toHaveAccessibleDescription(
      'Enter a 10-digit Indian number (+91 optional) or an international number starting with +.',
    );
    expect(api.signUpWithEmail).not.toHaveBeenCalled();
  });

  it('when signup succeeds, then the form is sent, the button reads Processing... meanwhile, and the modal closes', async () => {
    let finish!: () => void;
    api.signUpWithEmail.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    const { user, open } = setup('signup');
    const dialog = await open();
    const scope = within(dialog);
    await fillValidSignup(user, dialog);
    await user.click(scope.getByRole('button', { name: 'Create Account' }));
    expect(await scope.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(api.signUpWithEmail).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Riya',
        email: 'riya@example.com',
        country: 'India',
        state: 'Maharashtra',
        city: 'Pune',
      }),
    );
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when signup has a GSTIN, then a wrong check digit is refused, the legal name and PIN are required, and a valid one is sent upper-cased with them', async () => {
    api.signUpWithEmail.mockResolvedValue(undefined);
    const { user, open } = setup('signup');
    const dialog = await open();
    await fillValidSignup(user, dialog);
    await expectGstinChecked({
      user,
      scope: dialog,
      submit: 'Create Account',
      sent: api.signUpWithEmail,
      bad: '27AAPFU0939F1ZA',
      message: 'This GSTIN is not valid: please check it for typing mistakes.',
      good: '27aapfu0939f1zv',
      expected: '27AAPFU0939F1ZV',
    });
  });

  it('when signup leaves the GSTIN, legal name and PIN empty, then they are sent as empty (they are optional)', async () => {
    api.signUpWithEmail.mockResolvedValue(undefined);
    const { user, open } = setup('signup');
    const dialog = await open();
    await fillValidSignup(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(api.signUpWithEmail).toHaveBeenCalledWith(
        expect.objectContaining({ gstin: '', legalName: '', pinCode: '' }),
      ),
    );
  });

  it('when signup has a PIN code of the wrong shape, then it says so; one typed with a space is sent as six digits', async () => {
    api.signUpWithEmail.mockResolvedValue(undefined);
    const { user, open } = setup('signup');
    const dialog = await open();
    const scope = within(dialog);
    await fillValidSignup(user, dialog);
    const pinCode = scope.getByLabelText('PIN code (optional)');
    await user.type(pinCode, '012345');
    await user.click(scope.getByRole('button', { name: 'Create Account' }));
    expect(await scope.findByText(PIN_CODE_MESSAGE)).toBeInTheDocument();
    expect(pinCode).toHaveAttribute('aria-invalid', 'true');
    expect(api.signUpWithEmail).not.toHaveBeenCalled();

    await user.clear(pinCode);
    await user.type(pinCode, '411 001');
    await user.click(scope.getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(api.signUpWithEmail).toHaveBeenCalledWith(expect.objectContaining({ pinCode: '411001', gstin: '' })),
    );
  });

  it('when the country changes, then state and city are cleared; when the state changes, the city is cleared', async () => {
    const { user, open } = setup('signup');
    const dialog = await open();
    const scope = within(dialog);
    await fillLocation(user, dialog);
    await user.selectOptions(scope.getByLabelText('State'), 'Karnataka');
    expect(scope.getByLabelText('City')).toHaveValue('');
    await user.selectOptions(scope.getByLabelText('Country'), '');
    expect(scope.getByLabelText('State')).toHaveValue('');
    expect(scope.getByLabelText('City')).toHaveValue('');
  });

  it('when signup fails with the email in use, then that message shows and the input stays', async () => {
    api.signUpWithEmail.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/email-already-in-use' }));
    const { user, open } = setup('signup');
    const dialog = await open();
    const scope = within(dialog);
    await fillValidSignup(user, dialog);
    await user.click(scope.getByRole('button', { name: 'Create Account' }));
    expect(await scope.findByRole('alert')).toHaveTextContent('This email address is already in use.');
    expect(scope.getByLabelText('Email')).toHaveValue('riya@example.com');
  });

  it('when login fails, then the invalid-credentials message shows; when it succeeds, the modal closes', async () => {
    api.logInWithEmail.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/invalid-credential' }));
    const { user, open } = setup('login');
    const scope = within(await open());
    await user.type(scope.getByLabelText('Email'), 'a@example.com');
    await user.type(scope.getByLabelText('Password'), 'bad');
    await user.click(scope.getByRole('button', { name: 'Login' }));
    expect(await scope.findByRole('alert')).toHaveTextContent('Invalid email or password. Please try again.');

    api.logInWithEmail.mockResolvedValueOnce(undefined);
    await user.click(scope.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.logInWithEmail).toHaveBeenLastCalledWith('a@example.com', 'bad');
  });

  it('when Forgot Password is used with no email, then it asks for one; with one, it reports success or failure', async () => {
    const { user, open } = setup('login');
    const scope = within(await open());
    await user.click(scope.getByRole('button', { name: 'Forgot Password?' }));
    expect(await scope.findByRole('alert')).toHaveTextContent(
      'Please enter your email address to reset your password.',
    );
    expect(api.sendPasswordReset).not.toHaveBeenCalled();

    await user.type(scope.getByLabelText('Email'), 'a@example.com');
    api.sendPasswordReset.mockResolvedValueOnce(undefined);
    await user.click(scope.getByRole('button', { name: 'Forgot Password?' }));
    expect(await scope.findByRole('status')).toHaveTextContent(
      'A password reset link has been sent to your email address.',
    );

    api.sendPasswordReset.mockRejectedValueOnce(new Error('nope'));
    await user.click(scope.getByRole('button', { name: 'Forgot Password?' }));
    expect(await scope.findByRole('alert')).toHaveTextContent(
      'Could not send reset email. Please check the address and try again.',
    );
  });

  it('when opened for an invitation, then signup and login have its address prefilled and locked, and no guest option', async () => {
    const { user } = setup('signup');
    await user.click(screen.getByRole('button', { name: 'open invited' }));
    const scope = within(screen.getByRole('dialog'));
    const signupEmail = scope.getByLabelText('Email') as HTMLInputElement;
    expect([signupEmail.value, signupEmail.readOnly]).toEqual(['ravi@verma.in', true]);
    expect(scope.getByText('The invitation is for this address.')).toBeInTheDocument();
    expect(scope.queryByRole('button', { name: 'Continue as Guest' })).not.toBeInTheDocument();
    await user.click(scope.getByRole('button', { name: 'Login' }));
    const loginEmail = scope.getByLabelText('Email') as HTMLInputElement;
    expect([loginEmail.value, loginEmail.readOnly]).toEqual(['ravi@verma.in', true]);
    await user.type(scope.getByLabelText('Password'), 'secret1');
    await user.click(scope.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(api.logInWithEmail).toHaveBeenCalledWith('ravi@verma.in', 'secret1'));
  });

  it('when Escape is pressed, then the modal closes after its fade and focus returns to the opener', async () => {
    const { user, open } = setup('login');
    await open();
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByLabelText('Email')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'open login' })).toHaveFocus();
  });

  it('when Tab leaves the last control, then focus wraps to the first (trapped)', async () => {
    const { user, open } = setup('login');
    const dialog = await open();
    const close = within(dialog).getByRole('button', { name: 'Close sign-in dialog' });
    const toggle = within(dialog).getByRole('button', { name: 'Sign Up' });
    toggle.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(toggle).toHaveFocus();
  });
});

describe('AuthModal: Google, guest and the details step', () => {
  async function googleAs(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    const scope = within(dialog);
    await user.click(scope.getByRole('button', { name: 'Continue with Google' }));
    await user.type(scope.getByLabelText('Google email'), 'g@example.com');
    await user.type(scope.getByLabelText('Google name'), 'Gopal');
    await user.click(scope.getByRole('button', { name: 'Continue as this account' }));
  }

  /** Signs in with Google and fills the details step's phone, address and location; returns the dialog's queries. */
  async function googleDetailsFilled(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
    await googleAs(user, dialog);
    const scope = within(dialog);
    await scope.findByRole('heading', { name: 'Complete Your Profile' });
    await user.type(scope.getByLabelText('Phone'), '9000012345');
    await user.type(scope.getByLabelText('Address'), '1 Lane');
    await fillLocation(user, dialog);
    return scope;
  }

  it('when a new Google user arrives, then the details step opens with the email locked', async () => {
    api.signInWithGoogle.mockResolvedValue(signedIn({ name: 'Gopal', email: 'g@example.com' }));
    const { user, open } = setup('login');
    const dialog = await open();
    await googleAs(user, dialog);
    const scope = within(dialog);
    expect(await scope.findByRole('heading', { name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(scope.getByText('Just a few more details to get you started.')).toBeInTheDocument();
    expect(api.signInWithGoogle).toHaveBeenCalledWith({ email: 'g@example.com', name: 'Gopal' });
    expect(scope.getByLabelText('Email (optional)')).toHaveValue('g@example.com');
    expect(scope.getByLabelText('Email (optional)')).toHaveAttribute('readonly');
    expect(scope.getByLabelText('Full Name')).toHaveValue('Gopal');
  });

  it('when a Google user with a profile arrives, then the modal simply closes', async () => {
    api.signInWithGoogle.mockResolvedValue(signedIn({ hasProfile: true }));
    const { user, open } = setup('login');
    await googleAs(user, await open());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when Google sign-in fails, then the Google message shows', async () => {
    api.signInWithGoogle.mockRejectedValue(new Error('popup blocked'));
    const { user, open } = setup('login');
    const dialog = await open();
    await googleAs(user, dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not sign in with Google. Please try again.',
    );
  });

  it('when a guest signs in, then the details step opens as Guest User; saving closes and tells them to link an account', async () => {
    api.signInAsGuest.mockResolvedValue(signedIn({ isAnonymous: true }));
    api.saveProfileDetails.mockResolvedValue({ isAnonymous: true });
    const { user, open } = setup('signup');
    const dialog = await open();
    const scope = within(dialog);
    await user.click(scope.getByRole('button', { name: 'Continue as Guest' }));
    expect(await scope.findByRole('heading', { name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(scope.getByLabelText('Full Name')).toHaveValue('Guest User');
    // The guest button is gone with the step: focus moves into the new step, not to the page.
    await waitFor(() => expect(scope.getByLabelText('Full Name')).toHaveFocus());
    expect(scope.getByLabelText('Email (optional)')).not.toHaveAttribute('readonly');

    await user.click(scope.getByRole('button', { name: 'Save & Continue' }));
    expect(await scope.findByText('Phone is required.')).toBeInTheDocument();
    expect(api.saveProfileDetails).not.toHaveBeenCalled();

    await user.type(scope.getByLabelText('Phone'), '9000012345');
    await user.type(scope.getByLabelText('Address'), '1 Lane');
    await fillLocation(user, dialog);
    await user.click(scope.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(/link an email or Google account in your profile/);
    expect(api.abandonSignIn).not.toHaveBeenCalled();
  });

  it('when the details step has a GSTIN of the wrong shape, then it says so; a valid one is saved with its legal name and PIN', async () => {
    api.signInWithGoogle.mockResolvedValue(signedIn({ name: 'Gopal', email: 'g@example.com' }));
    api.saveProfileDetails.mockResolvedValue({ isAnonymous: false });
    const { user, open } = setup('login');
    const dialog = await open();
    await googleDetailsFilled(user, dialog);
    await expectGstinChecked({
      user,
      scope: dialog,
      submit: 'Save & Continue',
      sent: api.saveProfileDetails,
      bad: '29ABC',
      message: 'Please enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1Z5.',
      good: '29AAAAB0000B1ZV',
      expected: '29AAAAB0000B1ZV',
    });
  });

  it('when guest sign-in fails, then the guest message shows', async () => {
    api.signInAsGuest.mockRejectedValue(new Error('x'));
    const { user, open } = setup('signup');
    const dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Continue as Guest' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not sign in as a guest. Please try again.',
    );
  });

  it('when the details step is closed without saving, then the user is signed out', async () => {
    api.signInAsGuest.mockResolvedValue(signedIn({ isAnonymous: true }));
    const { user, open } = setup('signup');
    const dialog = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Continue as Guest' }));
    await within(dialog).findByRole('heading', { name: 'Complete Your Profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Close sign-in dialog' }));
    expect(api.abandonSignIn).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when saving details finds no user or fails, then the matching message shows and the step stays', async () => {
    api.signInWithGoogle.mockResolvedValue(signedIn({ name: 'Gopal', email: 'g@example.com' }));
    const { user, open } = setup('login');
    const dialog = await open();
    const scope = await googleDetailsFilled(user, dialog);

    api.saveProfileDetails.mockRejectedValueOnce(new api.MissingUserError());
    await user.click(scope.getByRole('button', { name: 'Save & Continue' }));
    expect(await scope.findByRole('alert')).toHaveTextContent('User ID is missing. Cannot save profile.');

    api.saveProfileDetails.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'permission-denied' }));
    await user.click(scope.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() =>
      expect(scope.getByRole('alert')).toHaveTextContent('Failed to save your details. Please try again.'),
    );
    expect(scope.getByRole('heading', { name: 'Complete Your Profile' })).toBeInTheDocument();
    expect(scope.getByLabelText('Phone')).toHaveValue('9000012345');
  });
});
