import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MILESTONE_STATUS, newMilestone, type ProjectMilestoneView, type ProjectView } from '@/domain/projects';
import { ProjectPage } from '@/features/projects';
import { renderApp } from '../../helpers/render-app';

// The seam: the projects feature's only HTTP module.
const api = vi.hoisted(() => ({
  getProject: vi.fn(),
  signOffMilestone: vi.fn(),
  askForChanges: vi.fn(),
  addContact: vi.fn(),
  downloadProjectFile: vi.fn(),
  mailNewLink: vi.fn(),
  postComment: vi.fn(),
  postProjectUpdate: vi.fn(),
  renewLink: vi.fn(),
  revokeContact: vi.fn(),
  setContactPays: vi.fn(),
  setMilestoneStatus: vi.fn(),
  uploadDeliverables: vi.fn(),
}));
vi.mock('@/features/projects/api', () => api);

const invoice = (status: string) => ({
  id: 'inv1',
  number: 'PI/2026-27/0001',
  amountPaise: 1_35_000_00,
  status,
  taxInvoiceNumber: null,
  payUrl: 'https://pay.example/pay/x',
});

function milestone(index: number, label: string, fields: Partial<ProjectMilestoneView> = {}): ProjectMilestoneView {
  return { ...newMilestone(label), index, invoice: null, ...fields };
}

function projectView(fields: Partial<ProjectView> = {}): ProjectView {
  return {
    id: 'quote_q1',
    title: 'Production dashboard for the Pune plant',
    status: 'Active',
    customerName: 'Rohan Mehta',
    source: { kind: 'quote', label: 'Quote QT/2026-27/0001' },
    totalLabel: 'Quoted total',
    milestones: [
      milestone(0, '30% deposit on acceptance', { amountPaise: 1_35_000_00, invoice: invoice('Pending') }),
      milestone(1, 'Delivery of the beta', {
        amountPaise: 1_80_000_00,
        status: MILESTONE_STATUS.ready,
        round: 1,
        readyAtMs: Date.parse('2026-11-23T05:00:00Z'),
        dueAtMs: Date.parse('2026-12-07T13:00:00Z'),
      }),
    ],
    money: {
      totalPaise: 4_50_000_00,
      invoicedPaise: 1_35_000_00,
      paidPaise: 0,
      duePaise: 1_35_000_00,
      toBillPaise: 3_15_000_00,
    },
    updates: [],
    contacts: [],
    viewer: 'customer',
    signOffDays: 10,
    createdAtMs: Date.parse('2026-11-20T05:00:00Z'),
    ...fields,
  };
}

const scrolled = vi.fn();
beforeEach(() => {
  vi.clearAllMocks();
  // jsdom lays nothing out, so it has no scrollIntoView: the page's call is recorded instead.
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('ProjectPage', () => {
  it('when a deposit is invoiced and unpaid, then its milestone reads Awaiting payment, and Paid once paid; a quote’s total is quoted, a cart order’s is the order’s', async () => {
    api.getProject.mockResolvedValueOnce(projectView());
    const { unmount } = renderApp(<ProjectPage source={{ kind: 'account', id: 'quote_q1' }} />);

    const deposit = await screen.findByTestId('project-milestone-1');
    expect(within(deposit).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(deposit).queryByText('Not started')).toBeNull();
    expect(within(screen.getByTestId('money-total')).getByText('Quoted total')).toBeInTheDocument();
    unmount();

    const paid = projectView();
    paid.milestones[0]!.invoice = invoice('Paid');
    api.getProject.mockResolvedValueOnce({
      ...paid,
      source: { kind: 'cart', label: 'Order ORD-1732712345678' },
      totalLabel: 'Order total',
    });
    renderApp(<ProjectPage source={{ kind: 'account', id: 'order_1_website-Basic' }} />);

    const paidDeposit = await screen.findByTestId('project-milestone-1');
    // The milestone and its invoice both say so.
    expect(within(paidDeposit).getAllByText('Paid')).toHaveLength(2);
    expect(within(paidDeposit).queryByText('Not started')).toBeNull();
    expect(within(screen.getByTestId('money-total')).getByText('Order total')).toBeInTheDocument();
  });

  it('when the customer signs off a milestone far down the page, then the confirmation is scrolled into view and has focus', async () => {
    const user = userEvent.setup();
    api.getProject.mockResolvedValue(projectView());
    api.signOffMilestone.mockResolvedValue({
      outcome: 'signed-off',
      status: MILESTONE_STATUS.signedOff,
      invoice: { id: 'inv2', number: 'PI/2026-27/0002', amountPaise: 1_80_000_00 },
    });
    renderApp(<ProjectPage source={{ kind: 'account', id: 'quote_q1' }} />);

    const beta = await screen.findByTestId('project-milestone-2');
    await user.type(within(beta).getByRole('textbox', { name: /Your full name/ }), 'Rohan Mehta');
    await user.click(within(beta).getByRole('button', { name: 'Sign off' }));

    const notice = await screen.findByText('Signed off. Invoice PI/2026-27/0002 is issued and in your email.');
    expect(notice).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(notice);
    expect(api.signOffMilestone).toHaveBeenCalledWith({ kind: 'account', id: 'quote_q1' }, 1, 'Rohan Mehta');
  });
});
