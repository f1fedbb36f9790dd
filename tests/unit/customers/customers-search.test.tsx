import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomersPage } from '@/features/customers/console/customers';
import { lists } from '../../helpers/fake-paged-list';
import { renderApp } from '../../helpers/render-app';

// The seams: the customers' and the companies' console queries (each names the list it reads).
const api = vi.hoisted(() => ({
  customersQuery: vi.fn((search: string) => (search ? 'customers-found' : 'customers')),
  companiesQuery: vi.fn(() => 'companies-found'),
}));
vi.mock('@/records/users', () => api);
vi.mock('@/records/companies', () => api);
vi.mock('@/lib/paged-list', () => import('../../helpers/fake-paged-list'));

const asha = {
  id: 'u1',
  uid: 'u1',
  name: 'Asha Verma',
  email: 'asha@verma.in',
  legalName: 'Verma Textiles',
  searchTokens: ['asha', 'ravi'],
  createdAt: null,
};

beforeEach(() => {
  lists.items = {};
});

describe("the console's customer search", () => {
  it('when staff search a colleague’s name, then the company they are a member of is found too (once), opening its customer', async () => {
    const user = userEvent.setup();
    lists.items['customers-found'] = [asha];
    lists.items['companies-found'] = [
      { id: 'u1', name: 'Verma Textiles', memberCount: 3, searchTokens: ['ravi'], createdAt: null },
      { id: 'u7', name: 'Rao Foods', memberCount: 2, searchTokens: ['ravi', 'kumar'], createdAt: null },
    ];
    renderApp(<CustomersPage />);

    expect(screen.queryByRole('region', { name: /Companies with a member/ })).toBeNull();
    await user.type(screen.getByLabelText('Search customers'), 'Ravi');

    const found = screen.getByRole('region', { name: 'Companies with a member of that name or email' });
    // Verma Textiles' customer is in the list below already: not repeated.
    expect(
      within(found)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Rao Foods', '/admin/customers/u7']]);
    expect(within(found).getByText('2 members')).toBeTruthy();
    expect(api.companiesQuery).toHaveBeenLastCalledWith('Ravi');
  });
});
