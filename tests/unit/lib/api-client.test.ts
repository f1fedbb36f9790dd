// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipSummary } from '@/domain/acting-company';

// The seams: who is signed in (their ID token), no App Check in tests, and the person's memberships
// as the Firestore listener (lib/memberships.ts) would answer them.
vi.mock('@/lib/session', () => ({ currentIdToken: async () => 'id-token' }));
vi.mock('@/lib/firebase-app', () => ({ appCheckToken: async () => null }));
const memberships = vi.hoisted(() => ({ send: null as ((list: MembershipSummary[]) => void) | null }));
vi.mock('@/lib/memberships', () => ({
  listenToMemberships: (_uid: string, onData: (list: MembershipSummary[]) => void) => {
    memberships.send = onData;
    return () => undefined;
  },
  ownsUnwrittenCompany: async () => false,
}));

const { apiClient } = await import('@/lib/api-client');
const { publish } = await import('@/lib/session-store');

const ASHA = { uid: 'asha', email: null, displayName: null, isAnonymous: false, providerIds: [] };
const own: MembershipSummary = { companyId: 'asha', role: 'owner', canApprove: false, name: 'Asha Verma' };
const verma: MembershipSummary = { companyId: 'vt', role: 'technical', canApprove: false, name: 'Verma Textiles' };

/** The headers of the last request made. */
function sentHeaders(fetchMock: ReturnType<typeof vi.fn>): Record<string, string> {
  return (fetchMock.mock.calls.at(-1)![1] as RequestInit).headers as Record<string, string>;
}

/** The company session of a customer page, acting for Verma Textiles. */
async function actForVerma() {
  const { companySession } = await import('@/lib/company-session-store');
  companySession.start('asha');
  await vi.waitFor(() => expect(memberships.send).not.toBeNull());
  memberships.send!([own, verma]);
  companySession.switchTo('vt');
  return companySession;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.localStorage.clear();
  publish({ status: 'ready', user: ASHA });
  fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the API client and the acting company', () => {
  it('when no customer page has loaded the company session, then no company is named (the API acts for their own)', async () => {
    await apiClient.get('/api/support/requests', { withAuth: true });
    expect(sentHeaders(fetchMock)).toEqual({ Accept: 'application/json', Authorization: 'Bearer id-token' });
  });

  it('when the session acts for a company, then every signed-in call names it, and a call naming its own company that one', async () => {
    const session = await actForVerma();

    await apiClient.get('/api/support/requests', { withAuth: true });
    expect(sentHeaders(fetchMock)['X-Company-Id']).toBe('vt');
    await apiClient.post('/api/payments/orders', {}, { withAuth: true, companyId: 'asha' });
    expect(sentHeaders(fetchMock)['X-Company-Id']).toBe('asha');
    await apiClient.get('/api/pay-links/abc');
    expect(sentHeaders(fetchMock)).not.toHaveProperty('X-Company-Id');

    // Signed out (or someone else signed in): never the previous person's company.
    publish({ status: 'ready', user: null });
    expect(session.getState().uid).toBeNull();
    await apiClient.get('/api/support/requests', { withAuth: true });
    expect(sentHeaders(fetchMock)).not.toHaveProperty('X-Company-Id');
  });
});

describe('a failed call', () => {
  it('when the API answers 409 with a code, then the error carries its status, message and code', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'That day is fully booked.', code: 'day-full' }), { status: 409 }),
    );

    const failure = await apiClient.post('/api/bookings', {}).catch((error: unknown) => error);

    expect(failure).toMatchObject({ status: 409, message: 'That day is fully booked.', code: 'day-full' });
  });
});
