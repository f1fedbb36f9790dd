import { useState } from 'react';
import { Link } from 'react-router';
import type { Session } from '@/lib/session';
import { COMPANY } from '@/domain/company';
import { buttonClasses } from './button';
import { Drawer } from './drawer';
import { CartIcon, MenuIcon, UserIcon } from './icons';
import { Logo } from './logo';
import { SectionLink, SectionLinkItems, SECTIONS } from './section-link';

export interface NavbarProps {
  session: Session;
  cartCount: number;
  onLogin: () => void;
  onLogout: () => void;
}

const iconLink =
  'relative grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-brand-darker focus-visible:outline-2 focus-visible:outline-brand-darker';

const barLink =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-light hover:text-brand-darker focus-visible:outline-2 focus-visible:outline-brand-darker';

/** The fixed 68px top bar: section links, the account area and, on small screens, a drawer. */
export function Navbar({ session, cartCount, onLogin, onLogout }: NavbarProps) {
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <>
      <header className="fixed inset-x-0 top-0 z-40 h-[68px] border-b border-slate-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
        <nav
          aria-label="Main"
          className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6"
        >
          <Link
            to="/"
            className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-darker"
            aria-label={`${COMPANY.name}, home`}
          >
            <Logo className="size-8" />
            <span>{COMPANY.shortName}</span>
          </Link>

          <ul className="hidden items-center gap-1 lg:flex">
            <SectionLinkItems className={barLink} />
            {session.user && (
              <li>
                <Link to="/support" className={barLink}>
                  Support
                </Link>
              </li>
            )}
          </ul>

          <div className="flex items-center gap-1 sm:gap-2">
            {/* Fixed width so the first auth state arriving shifts nothing. */}
            <div className="flex w-[136px] items-center justify-end gap-1">
              {session.status === 'loading' ? (
                <span
                  aria-hidden="true"
                  className="block h-9 w-[136px] rounded-lg bg-slate-100"
                  data-testid="account-placeholder"
                />
              ) : session.user ? (
                <>
                  <Link to="/profile" aria-label="Profile" className={iconLink}>
                    <UserIcon className="size-5" />
                  </Link>
                  <Link
                    to="/cart"
                    aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
                    className={iconLink}
                  >
                    <CartIcon className="size-5" />
                    {cartCount > 0 && (
                      <span
                        aria-hidden="true"
                        data-testid="cart-badge"
                        className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-darker px-1 text-[11px] leading-none font-bold text-white"
                      >
                        {cartCount > 99 ? '99+' : cartCount}
                      </span>
                    )}
                  </Link>
                  <button type="button" onClick={onLogout} className={buttonClasses('ghost', 'sm', 'px-2')}>
                    Logout
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  onClick={onLogin}
                  className={buttonClasses('primary', 'sm', 'w-[136px] whitespace-nowrap')}
                >
                  Login / Sign Up
                </button>
              )}
            </div>
            <button
              type="button"
              className={`${iconLink} lg:hidden`}
              aria-label="Open menu"
              aria-expanded={isDrawerOpen}
              aria-controls="site-drawer"
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon className="size-6" />
            </button>
          </div>
        </nav>
      </header>

      {/* Outside the header: its backdrop filter would trap a fixed-position child. */}
      <Drawer open={isDrawerOpen} onClose={closeDrawer} title="Menu" id="site-drawer">
        <ul className="flex flex-col gap-1">
          {SECTIONS.map(({ id, label }) => (
            <li key={id}>
              <SectionLink
                section={id}
                onNavigate={closeDrawer}
                className="block rounded-lg px-3 py-3 font-medium text-slate-800 hover:bg-brand-light hover:text-brand-darker focus-visible:outline-2 focus-visible:outline-brand-darker"
              >
                {label}
              </SectionLink>
            </li>
          ))}
          {session.user && (
            <li>
              <Link
                to="/support"
                onClick={closeDrawer}
                className="block rounded-lg px-3 py-3 font-medium text-slate-800 hover:bg-brand-light hover:text-brand-darker"
              >
                Support
              </Link>
            </li>
          )}
        </ul>
      </Drawer>
    </>
  );
}
