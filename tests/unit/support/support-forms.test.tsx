import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UiProviders } from '@/app/providers';
import {
  OUT_OF_PLAN_MESSAGES,
  OUT_OF_PLAN_WAY_BACK,
  SUPPORT_SUBJECT_LIMIT_MESSAGE,
  type SupportServiceView,
} from '@/domain/support';
import * as api from '@/features/support/api';
import { Holidays } from '@/features/support/console/holidays';
import { SupportConsole } from '@/features/support/console/support-console';
import { NewRequestPage, QuoteFormContext, RequestPage } from '@/features/support';
import { SessionContext } from '@/lib/session';
import { REGISTERED, renderApp } from '../../helpers/render-app';

// The seam: the feature's only HTTP module.
vi.mock('@/features/support/api', () => ({
  getSupportServices: vi.fn(),
  createRequest: vi.fn(),
  uploadFile: vi.fn(),
  downloadFile: vi.fn(),
  getMyRequest: vi.fn(),
  replyToRequest: vi.fn(),
  getHolidays: vi.fn(),
  saveHolidays: vi.fn(),
  getStaffRequest: vi.fn(),
  staffReply: vi.fn(),
  updateRequest: vi.fn(),
  getTodayCounts: vi.fn(),
}));
const mocked = vi.mocked(api);

const links = { home: '/support', newRequest: () => '/support/new', request: (id: string) => `/support/${id}` };

const service = (overrides: Partial<SupportServiceView>): SupportServiceView => ({
  id: 'order1_Growth',
  name: 'Factory Management – Growth',
  status: 'Active',
  renewsOn: '2027-01-10',
  tier: 'priority',
  outOfPlan: null,
  payUrl: null,
  minutesThisYear: 0,
  ...overrides,
});

/** The console's screens need a data router (the holiday editor blocks leaving with unsaved changes). */
function renderInDataRouter(routes: Array<{ path: string; element: ReactNode }>, path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SessionContext.Provider value={REGISTERED}>
      <UiProviders>
        <RouterProvider router={router} />
      </UiProviders>
    </SessionContext.Provider>,
  );
  return router;
}

beforeEach(() => {
  vi.resetAllMocks();
});

describe('the new support request form', () => {
  it('when it is sent empty, then the first field that is wrong has the focus', async () => {
    mocked.getSupportServices.mockResolvedValue({ services: [service({})] });
    renderApp(<NewRequestPage links={links} serviceId={null} onCreated={() => undefined} />);

    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    expect(screen.getByRole('combobox', { name: /Service/ })).toHaveFocus();
    expect(mocked.createRequest).not.toHaveBeenCalled();
  });

  it('when only the subject is wrong, then the subject has the focus', async () => {
    mocked.getSupportServices.mockResolvedValue({ services: [service({})] });
    renderApp(<NewRequestPage links={links} serviceId="order1_Growth" onCreated={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), 'The dashboard is blank since Monday.');

    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));

    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveFocus();
  });

  it('when the subject reaches 150 characters, then a counter and a message say so instead of stopping silently', async () => {
    mocked.getSupportServices.mockResolvedValue({ services: [service({})] });
    renderApp(<NewRequestPage links={links} serviceId={null} onCreated={() => undefined} />);
    const subject = screen.getByRole('textbox', { name: /Subject/ });

    await userEvent.type(subject, 'Machine 3');
    expect(screen.getByText('9 of 150 characters')).toBeInTheDocument();
    expect(screen.queryByText(SUPPORT_SUBJECT_LIMIT_MESSAGE)).not.toBeInTheDocument();

    await userEvent.click(subject);
    await userEvent.paste('x'.repeat(200));
    expect(subject).toHaveValue(`Machine 3${'x'.repeat(141)}`);
    expect(screen.getByText('150 of 150 characters')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SUPPORT_SUBJECT_LIMIT_MESSAGE);
  });

  it('when "Something else" is chosen and no plan is in force, then it says so before sending, with the way back', async () => {
    mocked.getSupportServices.mockResolvedValue({
      services: [service({ status: 'Overdue', outOfPlan: 'overdue', payUrl: 'https://nimbus.test/pay/token1' })],
    });
    renderApp(<NewRequestPage links={links} serviceId={null} onCreated={() => undefined} />);
    await screen.findByRole('option', { name: 'Factory Management – Growth' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Service/ }), 'Something else');

    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(`${OUT_OF_PLAN_MESSAGES['none-in-plan']} ${OUT_OF_PLAN_WAY_BACK.renew}`);
    expect(screen.getByRole('link', { name: 'Renew now' })).toHaveAttribute('href', 'https://nimbus.test/pay/token1');
  });

  it('when "Something else" is chosen and a plan is in force, then it takes that plan\'s tier', async () => {
    mocked.getSupportServices.mockResolvedValue({ services: [service({})] });
    renderApp(<NewRequestPage links={links} serviceId={null} onCreated={() => undefined} />);
    await screen.findByRole('option', { name: 'Factory Management – Growth' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Service/ }), 'Something else');

    expect(screen.getByText(/^Priority support: first reply within 4 business hours/)).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe("an out-of-plan request's page", () => {
  it('when the service can be renewed, then the page offers "Renew now" with its pay link', async () => {
    mocked.getMyRequest.mockResolvedValue({
      id: 'r1',
      reference: 'SR-000123',
      subject: 'Help please',
      status: 'New',
      serviceId: 'order1_Growth',
      serviceName: 'Factory Management – Growth',
      tier: null,
      outOfPlan: 'overdue',
      payUrl: 'https://nimbus.test/pay/token1',
      firstReplyDueAt: null,
      firstRepliedAt: null,
      resolutionDueAt: null,
      nextDueAt: null,
      isPaused: false,
      createdAt: Date.UTC(2026, 10, 30),
      resolvedAt: null,
      minutesLogged: 0,
      assigneeUid: null,
      assigneeName: null,
      messages: [],
    });
    // The app hands support the quote form: with one at hand, renewing is still the way offered.
    renderApp(
      <QuoteFormContext value={() => <p>Quote form</p>}>
        <RequestPage id="r1" links={links} />
      </QuoteFormContext>,
      { session: REGISTERED },
    );

    const renew = await screen.findByRole('link', { name: 'Renew now' });
    expect(renew).toHaveAttribute('href', 'https://nimbus.test/pay/token1');
    expect(screen.queryByRole('button', { name: 'Ask for a quote' })).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(`${OUT_OF_PLAN_MESSAGES.overdue} ${OUT_OF_PLAN_WAY_BACK.renew}`);
  });
});

describe("the console's holiday editor", () => {
  /** The holiday editor at its console address, with a link away to Today. */
  const openHolidays = () =>
    renderInDataRouter(
      [
        {
          path: '/admin/support/holidays',
          element: (
            <>
              <Link to="/admin">Today</Link>
              <Holidays />
            </>
          ),
        },
        { path: '/admin', element: <h1>Today</h1> },
      ],
      '/admin/support/holidays',
    );

  it('when a holiday was added and not saved, then leaving asks first; staying keeps it, leaving goes', async () => {
    mocked.getHolidays.mockResolvedValue({
      holidays: [{ date: '2026-01-26', name: 'Republic Day' }],
      isDefault: false,
    });
    const router = openHolidays();
    await screen.findByText('26 Jan 2026 · Republic Day');
    await userEvent.type(screen.getByLabelText('Date'), '2026-11-09');
    await userEvent.type(screen.getByLabelText('Name'), 'Diwali');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('9 Nov 2026 · Diwali')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Today' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/admin/support/holidays');
    expect(screen.getByText('9 Nov 2026 · Diwali')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Today' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('when nothing changed, then leaving does not ask', async () => {
    mocked.getHolidays.mockResolvedValue({ holidays: [], isDefault: true });
    const router = openHolidays();
    await userEvent.click(screen.getByRole('link', { name: 'Today' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe("the console's reply form", () => {
  it('when a reply with a file is sent, then the form is empty again, the file no longer listed', async () => {
    mocked.getStaffRequest.mockResolvedValue({
      id: 'r1',
      uid: 'c1',
      reference: 'SR-000123',
      subject: 'Machine 3 shows offline',
      status: 'New',
      serviceId: 'order1_Growth',
      serviceName: 'Factory Management – Growth',
      tier: 'priority',
      outOfPlan: null,
      firstReplyDueAt: Date.UTC(2026, 10, 30, 8),
      firstRepliedAt: null,
      resolutionDueAt: Date.UTC(2026, 11, 2, 8),
      nextDueAt: Date.UTC(2026, 10, 30, 8),
      isPaused: false,
      createdAt: Date.UTC(2026, 10, 30, 4),
      resolvedAt: null,
      minutesLogged: 0,
      assigneeUid: null,
      assigneeName: null,
      customerName: 'Asha Verma',
      customerEmail: 'asha@example.com',
      service: {
        id: 'order1_Growth',
        name: 'Factory Management – Growth',
        status: 'Active',
        renewsOn: '10 Jan 2027',
        yearlyFee: '₹50,000',
      },
      unpaidInvoices: [],
      messages: [],
    });
    mocked.uploadFile.mockResolvedValue({ id: 'f1', name: 'gateway.log', type: 'LOG', size: 12 });
    mocked.staffReply.mockResolvedValue({ id: 'm1', status: 'Open' });
    renderInDataRouter([{ path: '/admin/support/*', element: <SupportConsole /> }], '/admin/support/r1');
    const body = await screen.findByRole('textbox', { name: 'Reply to the customer' });
    await userEvent.type(body, 'Please see the log.');
    await userEvent.upload(
      screen.getByLabelText(/^Attachments/),
      new File(['gateway restarted'], 'gateway.log', { type: 'text/plain' }),
    );
    expect(screen.getByText('gateway.log')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    await screen.findByText('Reply sent.');
    expect(mocked.staffReply).toHaveBeenCalledWith('r1', expect.objectContaining({ fileIds: ['f1'] }));
    expect(body).toHaveValue('');
    expect(screen.queryByText('gateway.log')).not.toBeInTheDocument();
  });
});
