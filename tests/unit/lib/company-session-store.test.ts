// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipSummary } from '@/domain/acting-company';
import { createCompanySessionStore, type MembershipSources } from '@/lib/company-session-store';
import { publish } from '@/lib/session-store';

const own: MembershipSummary = { companyId: 'asha', role: 'owner', canApprove: false, name: 'Asha Verma' };
const verma: MembershipSummary = { companyId: 'vt', role: 'technical', canApprove: false, name: 'Verma Textiles' };

/** Memberships the test answers, as the Firestore listener would (each call of `send` is a snapshot). */
function fakeSources({ ownsUnwritten = false } = {}) {
  const listeners: Array<(memberships: MembershipSummary[]) => void> = [];
  const sources: MembershipSources = {
    listen: async (_uid, onData) => {
      listeners.push(onData);
      return () => undefined;
    },
    ownsUnwrittenCompany: vi.fn(async () => ownsUnwritten),
  };
  const send = async (memberships: MembershipSummary[]) => {
    await vi.waitFor(() => expect(listeners.length).toBeGreaterThan(0));
    listeners.at(-1)!(memberships);
  };
  return { sources, send };
}

/** Asha's company session, started on memberships the test sends. */
function startedSession(options?: { ownsUnwritten?: boolean }) {
  const fake = fakeSources(options);
  const store = createCompanySessionStore(fake.sources);
  store.start('asha');
  return { store, ...fake };
}

beforeEach(() => {
  window.localStorage.clear();
  publish({
    status: 'ready',
    user: { uid: 'asha', email: null, displayName: null, isAnonymous: false, providerIds: [] },
  });
});

describe('the company session', () => {
  it('when a one-member company is the only membership, then the pages act for it and there is no one else to switch to', async () => {
    const { store, send } = startedSession();
    expect(store.getState().status).toBe('loading');

    await send([own]);
    expect(store.getState()).toMatchObject({ status: 'ready', acting: own, memberships: [own], lost: null });
  });

  it('when the person switched to another company, then a later visit on this device starts there at once', async () => {
    const first = fakeSources();
    const store = createCompanySessionStore(first.sources);
    store.start('asha');
    await first.send([verma, own]);
    store.switchTo('vt');
    expect(store.getState().acting).toEqual(verma);

    // A new page load: before the listener answers, what the device remembers.
    const later = createCompanySessionStore(fakeSources().sources);
    later.start('asha');
    expect(later.getState()).toMatchObject({ status: 'ready', acting: verma, memberships: [own, verma] });
  });

  it('when the acting membership disappears, then the company is lost and the session falls back to their own', async () => {
    const { store, send } = startedSession();
    await send([own, verma]);
    store.switchTo('vt');

    await send([own]);
    expect(store.getState()).toMatchObject({ acting: own, lost: verma, memberships: [own] });
    store.acknowledgeLost();
    expect(store.getState()).toMatchObject({ acting: own, lost: null });
  });

  it('when another company they do not act for goes, then nothing is lost', async () => {
    const { store, send } = startedSession();
    await send([own, verma]);

    await send([own]);
    expect(store.getState()).toMatchObject({ acting: own, lost: null });
  });

  it('when their own company is not written yet, then they act for it as its owner (as before companies)', async () => {
    const { store, send } = startedSession({ ownsUnwritten: true });
    await send([verma]);

    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    expect(store.getState().acting).toMatchObject({ companyId: 'asha', role: 'owner' });
    expect(store.getState().memberships.map((m) => m.companyId)).toEqual(['asha', 'vt']);
  });

  it('when they handed their own company on and are in another, then that one is acted for', async () => {
    const { store, sources, send } = startedSession({ ownsUnwritten: false });
    await send([verma]);

    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    expect(store.getState().acting).toEqual(verma);
    expect(sources.ownsUnwrittenCompany).toHaveBeenCalledTimes(1);
  });

  it('when the person signs out, then the session forgets them', async () => {
    const { store, send } = startedSession();
    await send([own]);

    publish({ status: 'ready', user: null });
    expect(store.getState()).toMatchObject({ status: 'loading', uid: null, acting: null });
  });
});
