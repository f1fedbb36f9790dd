import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectsList } from '@/features/projects/console/projects-console';
import { renderApp } from '../../helpers/render-app';

// The seams: the projects feature's HTTP module, its console's customer search, and the customers
// feature's profile hook.
const api = vi.hoisted(() => ({
  getStaffProjects: vi.fn(),
  createProject: vi.fn(),
  getProject: vi.fn(),
}));
const search = vi.hoisted(() => ({ findCustomers: vi.fn() }));
const customers = vi.hoisted(() => ({ useCustomer: vi.fn() }));
vi.mock('@/features/projects/api', () => api);
vi.mock('@/features/projects/console/api', () => search);
vi.mock('@/records/use-customer', () => customers);

const meera = {
  id: 'uid-meera',
  uid: 'uid-meera',
  name: 'Meera Iyer',
  legalName: 'Iyer Sundaram Exports LLP',
  email: 'meera@iyersundaram.example',
};

beforeEach(() => {
  vi.clearAllMocks();
  api.getStaffProjects.mockResolvedValue({ projects: [], next: null });
  customers.useCustomer.mockImplementation((uid: string) => (uid === meera.uid ? meera : null));
});

describe('Open a project by hand (console Projects)', () => {
  it('when staff type part of a name, then they pick the customer from the matches, and the project opens for that customer', async () => {
    const user = userEvent.setup();
    search.findCustomers.mockResolvedValue([meera]);
    api.createProject.mockResolvedValue({ id: 'p1' });
    renderApp(<ProjectsList />, { path: '/admin/projects' });

    await user.click(screen.getByText('Open a project by hand'));
    const form = within(screen.getByRole('form', { name: 'New project' }));
    expect(form.queryByLabelText(/Customer id/)).toBeNull();
    await user.type(form.getByRole('searchbox', { name: 'Customer' }), 'iyer');
    const matches = await form.findByRole('list', { name: 'Matching customers' });
    expect(search.findCustomers).toHaveBeenLastCalledWith('iyer');
    await user.click(within(matches).getByRole('button', { name: /Meera Iyer \(Iyer Sundaram Exports LLP\)/ }));
    expect(form.getByTestId('project-customer')).toHaveTextContent(
      'Meera Iyer (Iyer Sundaram Exports LLP) · meera@iyersundaram.example',
    );
    await user.type(form.getByRole('textbox', { name: 'Title' }), 'Dispatch app');
    await user.click(form.getByRole('button', { name: 'Open project' }));

    expect(api.createProject).toHaveBeenCalledWith(
      expect.objectContaining({ uid: 'uid-meera', title: 'Dispatch app' }),
    );
  });

  it('when nobody matches what was typed, then it says so', async () => {
    const user = userEvent.setup();
    search.findCustomers.mockResolvedValue([]);
    renderApp(<ProjectsList />, { path: '/admin/projects' });

    await user.click(screen.getByText('Open a project by hand'));
    await user.type(screen.getByRole('searchbox', { name: 'Customer' }), 'nobody');

    expect(await screen.findByText('No customer matches. Check the spelling, or search by email.')).toBeInTheDocument();
  });
});
