import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from 'firebase/auth';

// Loading Firebase Auth is what the landing page must put off: the mock records when it happens.
const auth = vi.hoisted(() => ({ loads: 0 }));
const idle = vi.hoisted(() => [] as Array<() => void>);
vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    idle.push(task);
    return () => {};
  },
}));

const KIRAN = {
  uid: 'u1',
  email: 'kiran@example.com',
  displayName: 'Kiran Rao',
  isAnonymous: false,
  providerIds: ['password'],
};

/** A fresh session module (its state lives outside React) and a probe showing what the page sees. */
async function renderSession() {
  const session = await import('@/lib/session');
  function Probe() {
    const { status, user } = session.useSession();
    return <p data-testid="session">{`${status}:${user?.displayName ?? 'nobody'}`}</p>;
  }
  render(
    <session.SessionProvider>
      <Probe />
    </session.SessionProvider>,
  );
  // Until the provider has decided: Auth loads now, or the page shows the remembered user and
  // Auth waits for the browser to be idle.
  await waitFor(() => {
    if (idle.length > 0) expect(screen.getByTestId('session')).not.toHaveTextContent(/^loading/);
    else expect(auth.loads).toBeGreaterThan(0);
  });
  return session;
}

beforeEach(() => {
  vi.resetModules();
  auth.loads = 0;
  vi.doMock('@/lib/firebase', () => {
    auth.loads += 1;
    return {};
  });
  idle.length = 0;
  window.localStorage.clear();
  // Firebase's own record of a saved session (jsdom has no IndexedDB).
  window.localStorage.setItem('firebase:authUser:demo-api-key:[DEFAULT]', '{}');
});

describe('SessionProvider for a returning customer', () => {
  it('when this device knows who was signed in, then the page shows them at once and Auth loads only when idle', async () => {
    window.localStorage.setItem('session-user', JSON.stringify(KIRAN));

    await renderSession();

    expect(screen.getByTestId('session')).toHaveTextContent('ready:Kiran Rao');
    expect(auth.loads).toBe(0);
    await act(async () => idle.splice(0).forEach((task) => task()));
    await waitFor(() => expect(auth.loads).toBe(1));
  });

  it('when the device knows nobody, then Auth loads at once and the page waits for it', async () => {
    await renderSession();

    expect(screen.getByTestId('session')).toHaveTextContent('loading:nobody');
    expect(auth.loads).toBe(1);
  });

  it('when Auth reports the session ended, then the page shows the visitor and the device forgets the user', async () => {
    window.localStorage.setItem('session-user', JSON.stringify(KIRAN));
    const session = await renderSession();

    act(() => session.publishAuthUser(null));

    expect(screen.getByTestId('session')).toHaveTextContent('ready:nobody');
    expect(window.localStorage.getItem('session-user')).toBeNull();
  });

  it('when Auth reports a sign-in, then the device remembers who it is', async () => {
    const session = await renderSession();
    const user = { ...KIRAN, providerData: [{ providerId: 'password' }] } as unknown as User;

    act(() => session.publishAuthUser(user));

    expect(screen.getByTestId('session')).toHaveTextContent('ready:Kiran Rao');
    expect(JSON.parse(window.localStorage.getItem('session-user')!)).toEqual(KIRAN);
  });

  it('when the stored hint is malformed, then it is ignored and Auth loads at once', async () => {
    window.localStorage.setItem('session-user', JSON.stringify({ uid: 42 }));

    await renderSession();

    expect(screen.getByTestId('session')).toHaveTextContent('loading:nobody');
    expect(auth.loads).toBe(1);
  });
});
