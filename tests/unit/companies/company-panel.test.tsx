import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanyMemberView, CompanyView, InvitationView } from '@/domain/company-members';
import { CompanyPanel } from '@/features/companies/company-panel';
import { InvitationPage } from '@/features/companies/invitation-page';
import { ApiError } from '@/lib/api-client';
import { useAuthModal } from '@/lib/auth-modal';
import { REGISTERED, renderApp, SIGNED_OUT } from '../../helpers/render-app';

// The seam: the companies feature's only API module.
const api = vi.hoisted(() => ({
  getMyCompanies: vi.fn(),
  getCompany: vi.fn(),
  inviteMember: vi.fn(),
  resendInvitation: vi.fn(),
  revokeInvitation: vi.fn(),
  changeMemberRole: vi.fn(),
  removeMember: vi.fn(),
  transferOwnership: vi.fn(),
  getProjectContacts: vi.fn(),
  leaveCompany: vi.fn(),
  markNoticeSeen: vi.fn(),
  deleteCompany: vi.fn(),
  getInvitation: vi.fn(),
  acceptInvitation: vi.fn(),
}));
vi.mock('@/features/companies/api', () => api);

const owner: CompanyMemberView = {
  uid: 'u1',
  name: 'Asha Verma',
  role: 'owner',
  roleLabel: 'Owner',
  canApprove: false,
  email: 'asha@verma.in',
  joinedAt: null,
};
const ravi: CompanyMemberView = {
  uid: 'u2',
  name: 'Ravi Kumar',
  role: 'technical',
  roleLabel: 'Technical',
  canApprove: false,
  email: 'ravi@verma.in',
  joinedAt: null,
};

function company(overrides: Partial<CompanyView> = {}): CompanyView {
  return {
    companyId: 'u1',
    name: 'Verma Textiles',
    me: { uid: 'u1', role: 'owner', roleLabel: 'Owner', canApprove: false, needsNotice: false },
    canManage: true,
    members: [owner],
    invitations: [],
    isDeleted: false,
    ...overrides,
  };
}

const mine = (role: 'owner' | 'technical', companyId = 'u1') => [
  { companyId, name: 'Verma Textiles', role, roleLabel: role === 'owner' ? 'Owner' : 'Technical', canApprove: false },
];

beforeEach(() => {
  vi.clearAllMocks();
  api.getProjectContacts.mockResolvedValue([]);
});

describe('the profile’s company panel (the owner)', () => {
  it('when nobody was invited to their own company yet, then only a small Invite a colleague entry shows, which opens the invite form', async () => {
    const user = userEvent.setup();
    api.getMyCompanies.mockResolvedValue(mine('owner'));
    api.getCompany.mockResolvedValue(company());
    renderApp(<CompanyPanel uid="u1" />, { session: REGISTERED });

    const entry = await screen.findByRole('region', { name: 'Invite a colleague' });
    expect(screen.queryByRole('heading', { name: /Company:/ })).toBeNull();
    await user.click(within(entry).getByRole('button', { name: 'Invite a colleague' }));

    expect(await screen.findByRole('heading', { name: 'Company: Verma Textiles' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Invite a colleague' })).toBeTruthy();
  });

  it('when the owner invites a colleague as technical with the approve right, then it sends that and says the mail went', async () => {
    const user = userEvent.setup();
    api.getMyCompanies.mockResolvedValue(mine('owner'));
    api.getCompany.mockResolvedValue(company({ members: [owner, ravi] }));
    api.inviteMember.mockResolvedValue({ id: 'i1', expiresAt: '2026-12-01T00:00:00.000Z' });
    renderApp(<CompanyPanel uid="u1" />, { session: REGISTERED });

    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    await user.type(within(form).getByLabelText('Their email'), 'Meera@Verma.in');
    await user.selectOptions(within(form).getByLabelText('Role'), 'technical');
    await user.click(within(form).getByRole('checkbox', { name: /May accept quotes/ }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(api.inviteMember).toHaveBeenCalled());
    expect(api.inviteMember).toHaveBeenCalledWith('member', 'u1', {
      email: 'meera@verma.in',
      name: '',
      role: 'technical',
      canApprove: true,
      fromContact: null,
    });
    expect(
      await screen.findByText(
        'We mailed meera@verma.in an invitation to join Verma Textiles as Technical (may approve). Its link works for 7 days.',
      ),
    ).toBeTruthy();
    // Read again after the change.
    expect(api.getCompany).toHaveBeenCalledTimes(2);
  });

  it('when the owner removes a member or hands ownership on, then a dialog asks first; the transfer says what the owner becomes', async () => {
    const user = userEvent.setup();
    api.getMyCompanies.mockResolvedValue(mine('owner'));
    api.getCompany.mockResolvedValue(company({ members: [owner, ravi] }));
    api.removeMember.mockResolvedValue({ removed: true });
    api.transferOwnership.mockResolvedValue({});
    renderApp(<CompanyPanel uid="u1" />, { session: REGISTERED });

    await user.click(await screen.findByRole('button', { name: 'Remove Ravi Kumar' }));
    const removal = screen.getByRole('alertdialog', { name: 'Remove Ravi Kumar?' });
    expect(api.removeMember).not.toHaveBeenCalled();
    await user.click(within(removal).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.removeMember).toHaveBeenCalledWith('member', 'u1', 'u2'));
    expect(await screen.findByText('Ravi Kumar is no longer a member of Verma Textiles.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Make Ravi Kumar the owner' }));
    const transfer = screen.getByRole('alertdialog', { name: 'Make Ravi Kumar the owner?' });
    await user.selectOptions(within(transfer).getByLabelText('You become'), 'billing');
    await user.click(within(transfer).getByRole('button', { name: 'Make Ravi Kumar the owner' }));
    await waitFor(() =>
      expect(api.transferOwnership).toHaveBeenCalledWith('member', 'u1', { uid: 'u2', formerOwnerRole: 'billing' }),
    );
  });

  it('when an invitation waits, then it can be sent again or withdrawn; a refusal shows the API’s words', async () => {
    const user = userEvent.setup();
    api.getMyCompanies.mockResolvedValue(mine('owner'));
    api.getCompany.mockResolvedValue(
      company({
        invitations: [
          {
            id: 'i1',
            email: 'meera@verma.in',
            name: '',
            role: 'billing',
            roleLabel: 'Billing',
            canApprove: false,
            invitedByName: 'Asha Verma',
            expiresAt: '2026-01-01T00:00:00.000Z',
            isExpired: true,
          },
        ],
      }),
    );
    api.resendInvitation.mockRejectedValue(new ApiError(429, 'Too many invitations.'));
    api.revokeInvitation.mockResolvedValue({ revoked: true });
    renderApp(<CompanyPanel uid="u1" />, { session: REGISTERED });

    const row = (await screen.findAllByTestId('company-invitation'))[0]!;
    expect(within(row).getByText('The link has expired: send it again.')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Send the invitation to meera@verma.in again' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many invitations.');
    await user.click(within(row).getByRole('button', { name: 'Withdraw the invitation to meera@verma.in' }));
    await waitFor(() => expect(api.revokeInvitation).toHaveBeenCalledWith('member', 'u1', 'i1'));
  });
});

describe('the profile’s company panel (a member)', () => {
  it('when a member opens their profile, then they see the company, their role, what it sees about them (until Got it) and Leave, which asks first', async () => {
    const user = userEvent.setup();
    api.getMyCompanies.mockResolvedValue(mine('technical', 'c9'));
    const view = company({
      companyId: 'c9',
      me: { uid: 'u1', role: 'technical', roleLabel: 'Technical', canApprove: false, needsNotice: true },
      canManage: false,
      members: [
        { ...owner, uid: 'c9', email: null },
        { ...ravi, uid: 'u1', email: null },
      ],
    });
    api.getCompany.mockResolvedValueOnce(view).mockResolvedValue({ ...view, me: { ...view.me!, needsNotice: false } });
    api.markNoticeSeen.mockResolvedValue({ seen: true });
    api.leaveCompany.mockResolvedValue({ left: true });
    renderApp(<CompanyPanel uid="u1" />, { session: REGISTERED });

    const panel = await screen.findByRole('region', { name: 'Company: Verma Textiles' });
    expect(within(panel).getByText('Technical', { selector: 'strong' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(panel).queryByRole('form', { name: 'Invite a colleague' })).toBeNull();
    const notice = await within(panel).findByRole('region', { name: 'What Verma Textiles sees about you' });
    await user.click(within(notice).getByRole('button', { name: 'Got it' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'What Verma Textiles sees about you' })).toBeNull(),
    );
    expect(api.markNoticeSeen).toHaveBeenCalledWith('c9');

    await user.click(within(panel).getByRole('button', { name: 'Leave Verma Textiles' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Leave Verma Textiles?' })).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(api.leaveCompany).toHaveBeenCalledWith('c9'));
  });
});

const invitation: InvitationView = {
  companyName: 'Verma Textiles',
  role: 'technical',
  roleLabel: 'Technical',
  canApprove: false,
  email: 'ravi@verma.in',
  invitedByName: 'Asha Verma',
  expiresAt: '2026-12-01T12:30:00.000Z',
};

/** Shows how the auth modal was asked to open. */
function ModalState() {
  const { isOpen, mode, lockedEmail } = useAuthModal();
  return <output aria-label="modal">{isOpen ? `${mode}:${lockedEmail}` : 'closed'}</output>;
}

describe('the invitation page', () => {
  it('when signed out, then it shows the company, the role and what the company sees, and logging in or signing up is with the invited address, locked', async () => {
    const user = userEvent.setup();
    api.getInvitation.mockResolvedValue(invitation);
    renderApp(
      <>
        <InvitationPage token="T" profileHref="/profile" homeHref="/" />
        <ModalState />
      </>,
      { session: SIGNED_OUT },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Join Verma Textiles' })).toBeTruthy();
    expect(screen.getByText(/sees your name, your email address and your role/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('status', { name: 'modal' }).textContent).toBe('signup:ravi@verma.in');
    await user.click(screen.getByRole('button', { name: 'Log in to accept' }));
    expect(screen.getByRole('status', { name: 'modal' }).textContent).toBe('login:ravi@verma.in');
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('when signed in with the invited address, then Accept joins and leads to the profile; with another address, it says so', async () => {
    const user = userEvent.setup();
    api.getInvitation.mockResolvedValue(invitation);
    api.acceptInvitation.mockResolvedValue({
      companyId: 'c9',
      companyName: 'Verma Textiles',
      role: 'technical',
      roleLabel: 'Technical',
    });
    const asRavi = { ...REGISTERED, user: { ...REGISTERED.user!, email: 'Ravi@Verma.in' } };
    const { unmount } = renderApp(<InvitationPage token="T" profileHref="/profile" homeHref="/" />, {
      session: asRavi,
    });

    await user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));

    expect(await screen.findByRole('heading', { name: 'Welcome to Verma Textiles' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe('/profile');
    expect(api.acceptInvitation).toHaveBeenCalledWith('T');
    unmount();

    renderApp(<InvitationPage token="T" profileHref="/profile" homeHref="/" />, { session: REGISTERED });
    expect(await screen.findByText(/You are logged in as/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('when the link opens no waiting invitation, then it says so and nothing else', async () => {
    api.getInvitation.mockRejectedValue(new ApiError(404, 'This invitation is not valid any more.'));
    renderApp(<InvitationPage token="T" profileHref="/profile" homeHref="/" />);

    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeTruthy();
    expect(screen.getByText('This invitation is not valid any more.')).toBeTruthy();
  });
});
