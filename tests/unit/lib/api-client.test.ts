import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The seams: who is signed in (an ID token or none), and no App Check in tests.
const signedIn = vi.hoisted(() => ({ token: 'id-token' as string | null }));
vi.mock('@/lib/session', () => ({ currentIdToken: async () => signedIn.token }));
vi.mock('@/lib/firebase-app', () => ({ appCheckToken: async () => null }));

const { apiClient, setActingCompanySource } = await import('@/lib/api-client');

/** The headers of the one request made. */
function sentHeaders(fetchMock: ReturnType<typeof vi.fn>): Record<string, string> {
  return (fetchMock.mock.calls[0]![1] as RequestInit).headers as Record<string, string>;
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  signedIn.token = 'id-token';
  fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  setActingCompanySource(() => null);
  vi.unstubAllGlobals();
});

describe('the API client and the acting company', () => {
  it('when the session acts for a company, then every signed-in call names it in X-Company-Id', async () => {
    setActingCompanySource(() => 'verma-textiles');
    await apiClient.get('/api/support/requests', { withAuth: true });
    expect(sentHeaders(fetchMock)).toMatchObject({ Authorization: 'Bearer id-token', 'X-Company-Id': 'verma-textiles' });
  });

  it('when a call names its own company (the cart), then that one is sent instead', async () => {
    setActingCompanySource(() => 'verma-textiles');
    await apiClient.post('/api/payments/orders', {}, { withAuth: true, companyId: 'asha' });
    expect(sentHeaders(fetchMock)['X-Company-Id']).toBe('asha');
  });

  it('when no company session is loaded, or the call is not signed in, then no company is named', async () => {
    await apiClient.get('/api/support/requests', { withAuth: true });
    expect(sentHeaders(fetchMock)).not.toHaveProperty('X-Company-Id');

    setActingCompanySource(() => 'verma-textiles');
    fetchMock.mockClear();
    await apiClient.get('/api/pay-links/abc');
    expect(sentHeaders(fetchMock)).not.toHaveProperty('X-Company-Id');
  });
});
