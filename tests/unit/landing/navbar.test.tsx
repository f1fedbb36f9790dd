import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Navbar, type NavbarProps } from '@/components/navbar';
import type { Session } from '@/lib/session';
import { renderApp } from '../../helpers/render-app';

const LOGGED_OUT: Session = { status: 'ready', user: null };
const LOGGED_IN: Session = {
  status: 'ready',
  user: { uid: 'u1', email: 'a@example.com', displayName: 'A', isAnonymous: false, providerIds: ['password'] },
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.hash}`}</p>;
}

function renderNavbar(overrides: Partial<NavbarProps> = {}, path = '/privacy') {
  const props: NavbarProps = { session: LOGGED_OUT, cartCount: 0, onLogin: vi.fn(), onLogout: vi.fn(), ...overrides };
  renderApp(
    <>
      <Navbar {...props} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { path },
  );
  return props;
}

describe('Navbar', () => {
  it('when the auth state is loading, then a placeholder holds the space and no account buttons show', () => {
    renderNavbar({ session: { status: 'loading', user: null } });
    expect(screen.getByTestId('account-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login / Sign Up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('when logged out, then Login / Sign Up calls onLogin', async () => {
    const props = renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Login / Sign Up' }));
    expect(props.onLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('when logged in, then profile and cart links with the item count and Logout are shown', async () => {
    const props = renderNavbar({ session: LOGGED_IN, cartCount: 3 });
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    const cart = screen.getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(within(cart).getByTestId('cart-badge')).toHaveTextContent('3');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(props.onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Login / Sign Up' })).not.toBeInTheDocument();
  });

  it('when a section link is clicked away from the landing page, then it goes to /#section', async () => {
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Nimbus', 'Home', 'About', 'Products', 'Process', 'Our Clients', 'Contact']);
    await userEvent.click(within(nav).getByRole('link', { name: 'Our Clients' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/#clients');
  });

  it('when a section link is clicked on the landing page, then it scrolls to the section 80px below the top', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    renderNavbar({}, '/');
    const section = document.createElement('section');
    section.id = 'about';
    section.tabIndex = -1;
    section.getBoundingClientRect = () => ({ top: 500 }) as DOMRect;
    document.body.append(section);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }),
    );
    expect(scrollTo).toHaveBeenCalledWith({ top: 420 });
    expect(section).toHaveFocus();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    section.remove();
  });

  it('when the menu opens, then a 250px drawer repeats the links, traps focus and closes on Escape', async () => {
    renderNavbar();
    const menu = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveClass('w-[250px]');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'About', 'Products', 'Process', 'Our Clients', 'Contact']);
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(within(drawer).getByRole('link', { name: 'Contact' })).toHaveFocus();
    await userEvent.tab();
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it('when a drawer link is followed, then the drawer closes and the page goes to the section', async () => {
    renderNavbar();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Products' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/#products');
  });
});
