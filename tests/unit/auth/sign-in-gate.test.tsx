import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignInGate, type SignInGateProps } from '@/app/layouts/sign-in-gate';
import { UiProviders } from '@/app/providers';
import { useAuthModal } from '@/lib/auth-modal';
import { SessionContext, type Session } from '@/lib/session';
import { GUEST, REGISTERED, SIGNED_OUT } from '../../helpers/render-app';

const LOADING: Session = { status: 'loading', user: null };

/** What the auth modal was asked for (the modal itself is the auth feature's, tested on its own). */
function ModalProbe() {
  const { isOpen, mode, openCount, open, close } = useAuthModal();
  return (
    <>
      <output data-testid="modal">{`${isOpen ? 'open' : 'closed'} ${mode} ×${openCount}`}</output>
      <button type="button" onClick={close}>
        close modal
      </button>
      <button type="button" onClick={() => open('signup')}>
        open signup
      </button>
    </>
  );
}

/** The gate inside the app's providers and a router; `rerender` changes only the session. */
function renderGate(session: Session, props: Partial<SignInGateProps> = {}) {
  const tree = (current: Session) => (
    <SessionContext.Provider value={current}>
      <UiProviders>
        <MemoryRouter initialEntries={['/profile?invoice=inv-1']}>
          <ModalProbe />
          <SignInGate
            loading={<p>Loading Profile...</p>}
            title="Please log in"
            text="Log in to see your profile."
            {...props}
          >
            {(user) => <p>Profile of {user.uid}</p>}
          </SignInGate>
        </MemoryRouter>
      </UiProviders>
    </SessionContext.Provider>
  );
  const result = render(tree(session));
  return { ...result, setSession: (next: Session) => result.rerender(tree(next)) };
}

const modal = () => screen.getByTestId('modal').textContent;

describe('SignInGate', () => {
  it('when the session is still loading, then it shows the loading line and asks for nothing', () => {
    renderGate(LOADING);
    expect(screen.getByText('Loading Profile...')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(modal()).toBe('closed login ×0');
  });

  it('when the page is opened signed out, then the login modal is requested once and the panel offers Login and the way home', async () => {
    const user = userEvent.setup();
    const { setSession } = renderGate(LOADING);
    setSession(SIGNED_OUT);

    expect(screen.getByRole('heading', { level: 1, name: 'Please log in' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Please log in' })).toHaveTextContent('Log in to see your profile.');
    expect(screen.getByRole('link', { name: 'Go Back to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Profile of/)).toBeNull();
    expect(modal()).toBe('open login ×1');

    // Closing the modal leaves the panel; its Login button opens the modal again.
    await user.click(screen.getByRole('button', { name: 'close modal' }));
    expect(modal()).toBe('closed login ×1');
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(modal()).toBe('open login ×2');
  });

  it('when signed in, then it renders the page for that user and asks for nothing', () => {
    renderGate(REGISTERED);
    expect(screen.getByText('Profile of u1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(modal()).toBe('closed login ×0');
  });

  it('when the visitor signs in through the modal, then the page appears once the modal has closed (after any details step)', async () => {
    const user = userEvent.setup();
    const { setSession } = renderGate(SIGNED_OUT);
    expect(modal()).toBe('open login ×1');

    // A guest or new Google user is signed in while the modal still asks for their details.
    setSession(GUEST);
    expect(screen.queryByText(/Profile of/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'close modal' }));
    expect(screen.getByText('Profile of g1')).toBeInTheDocument();
    expect(modal()).toBe('closed login ×1');
  });

  it('when a signed-in user signs out on the page, then the panel shows without the modal popping up', () => {
    const { setSession } = renderGate(REGISTERED);
    setSession(SIGNED_OUT);
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    expect(modal()).toBe('closed login ×0');
  });

  it('when a guest already on the page opens the modal to create an account, then the page stays', async () => {
    const user = userEvent.setup();
    renderGate(GUEST);
    await user.click(screen.getByRole('button', { name: 'open signup' }));
    expect(modal()).toBe('open signup ×1');
    expect(screen.getByText('Profile of g1')).toBeInTheDocument();
  });

  it('when guests are not accepted (the staff console), then a guest gets the panel and the modal', () => {
    renderGate(GUEST, {
      acceptsGuest: false,
      title: 'Staff console',
      text: 'Log in with your staff account to continue.',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Staff console' })).toBeInTheDocument();
    expect(screen.getByText('Log in with your staff account to continue.')).toBeInTheDocument();
    expect(screen.queryByText(/Profile of/)).toBeNull();
    expect(modal()).toBe('open login ×1');
  });
});
