import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyGate } from '@/app/layouts/company-gate';
import { ActingFor } from '@/components/acting-for';
import type { MembershipSummary } from '@/domain/acting-company';
import * as supportApi from '@/features/support/api';
import { RequestPage, SupportHome } from '@/features/support';
import { createCompanySessionStore, type MembershipSources } from '@/lib/company-session-store';
import { publish } from '@/lib/session-store';
import { REGISTERED, renderApp } from '../../helpers/render-app';

// The seam of support's pages: its only HTTP module.
vi.mock('@/features/support/api', () => ({
  getSupportServices: vi.fn(),
  getMyRequests: vi.fn(),
  getMyRequest: vi.fn(),
  createRequest: vi.fn(),
  uploadFile: vi.fn(),
  downloadFile: vi.fn(),
  replyToRequest: vi.fn(),
}));
const support = vi.mocked(supportApi);

// REGISTERED's uid: the person's own company, and Verma Textiles, where their role varies.
const own: MembershipSummary = { companyId: 'u1', role: 'owner', canApprove: false, name: 'Kiran Rao' };
const verma = (role: MembershipSummary['role']): MembershipSummary => ({
  companyId: 'vt',
  role,
  canApprove: false,
  name: 'Verma Textiles',
});

/** A company session whose memberships the test sends, as the Firestore listener would. */
function sessionWith() {
  let listener: ((memberships: MembershipSummary[]) => void) | null = null;
  const sources: MembershipSources = {
    listen: async (_uid, onData) => {
      listener = onData;
      return () => undefined;
    },
    ownsUnwrittenCompany: async () => false,
  };
  const store = createCompanySessionStore(sources);
  const send = async (memberships: MembershipSummary[]) => {
    await waitFor(() => expect(listener).not.toBeNull());
    act(() => listener!(memberships));
  };
  return { store, send };
}

/** A page listing the acting company's id, with the switcher above it; `send` delivers memberships. */
function openListingWithSwitcher() {
  const session = sessionWith();
  renderApp(
    <CompanyGate uid="u1" store={session.store} loading={<p>Loading...</p>}>
      {(company) => (
        <>
          <ActingFor canSwitch />
          <p>Listing {company.acting!.companyId}</p>
        </>
      )}
    </CompanyGate>,
    { session: REGISTERED },
  );
  return session;
}

beforeEach(() => {
  vi.clearAllMocks();
  window.localStorage.clear();
  publish(REGISTERED);
  support.getSupportServices.mockResolvedValue({ services: [] });
  support.getMyRequests.mockResolvedValue({ requests: [] });
});

describe('acting for a company', () => {
  it('when the person is in one company only, then no "Acting for" and no switcher show', async () => {
    const { send } = openListingWithSwitcher();
    await send([own]);

    await screen.findByText('Listing u1');
    expect(screen.queryByTestId('acting-for')).toBeNull();
  });

  it('when the person is in two companies, then the switcher says whose records show and chooses another', async () => {
    const { send } = openListingWithSwitcher();
    await send([own, verma('technical')]);
    const user = userEvent.setup();

    const button = await screen.findByRole('button', { name: 'Acting for Kiran Rao (Owner)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const choices = screen.getByRole('list', { name: 'Your companies' });
    await user.click(within(choices).getByRole('button', { name: /Verma Textiles/ }));

    expect(screen.getByText('Listing vt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acting for Verma Textiles (Technical)' })).toHaveFocus();
    expect(screen.queryByRole('list', { name: 'Your companies' })).toBeNull();
  });

  it('when the acting membership is removed while the page is open, then the page says so and stops listening', async () => {
    const { store, send } = sessionWith();
    const stopListening = vi.fn();
    function Records({ companyId }: { companyId: string }) {
      useEffect(() => stopListening, []);
      return <p>Records of {companyId}</p>;
    }
    renderApp(
      <CompanyGate uid="u1" store={store} loading={<p>Loading...</p>}>
        {(company) => <Records key={company.acting!.companyId} companyId={company.acting!.companyId} />}
      </CompanyGate>,
      { session: REGISTERED },
    );
    await send([own, verma('technical')]);
    store.switchTo('vt');
    await screen.findByText('Records of vt');
    stopListening.mockClear();

    await send([own]);

    expect(await screen.findByRole('heading', { name: 'You are no longer a member of Verma Textiles.' })).toBeVisible();
    expect(screen.queryByText('Records of vt')).toBeNull();
    expect(stopListening).toHaveBeenCalledTimes(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Kiran Rao' }));
    expect(screen.getByText('Records of u1')).toBeInTheDocument();
  });

  it('when the role cannot read what a page shows, then it says why instead of the page', async () => {
    const { store, send } = sessionWith();
    renderApp(
      <CompanyGate
        uid="u1"
        store={store}
        loading={<p>Loading...</p>}
        needs={{ action: 'readSupport', title: 'Support' }}
      >
        {() => <p>The support page</p>}
      </CompanyGate>,
      { session: REGISTERED },
    );
    await send([verma('billing'), own]);
    act(() => store.switchTo('vt'));

    expect(await screen.findByRole('heading', { name: 'Support' })).toBeVisible();
    expect(screen.getByText('Your role in Verma Textiles (Billing) cannot see support requests.')).toBeVisible();
    expect(screen.queryByText('The support page')).toBeNull();
  });

  it('when a viewer opens support, then there is no New request nor reply box, each with the reason', async () => {
    const { store, send } = sessionWith();
    support.getMyRequest.mockResolvedValue({
      id: 'r1',
      reference: 'SR-000001',
      subject: 'Printer offline',
      status: 'Open',
      serviceId: null,
      serviceName: null,
      tier: null,
      messages: [],
    } as unknown as Awaited<ReturnType<typeof supportApi.getMyRequest>>);
    renderApp(
      <CompanyGate uid="u1" store={store} loading={<p>Loading...</p>}>
        {() => (
          <>
            <SupportHome links={{ home: '/support', newRequest: () => '/support/new', request: (id) => id }} />
            <RequestPage id="r1" links={{ home: '/support', newRequest: () => '/support/new', request: (id) => id }} />
          </>
        )}
      </CompanyGate>,
      { session: REGISTERED },
    );
    await send([own, verma('viewer')]);
    act(() => store.switchTo('vt'));

    await screen.findByRole('heading', { name: 'SR-000001: Printer offline' });
    expect(screen.queryByRole('link', { name: 'New request' })).toBeNull();
    expect(screen.getByText('Your role in Verma Textiles (Viewer) cannot open support requests.')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).toBeNull();
    expect(screen.getByText('Your role in Verma Textiles (Viewer) cannot reply to support requests.')).toBeVisible();
    // Each list was read for the acting company (the API client names it in X-Company-Id).
    await waitFor(() => expect(support.getMyRequests).toHaveBeenCalledTimes(2));
  });
});
