import { Link } from 'react-router-dom';
import type { Session } from '@/lib/session';
import { COMPANY } from '@/domain/company';

export interface NavbarProps {
  session: Session;
  cartCount: number;
  onLogin: () => void;
  onLogout: () => void;
}

const LINKS = [
  ['home', 'Home'],
  ['about', 'About'],
  ['products', 'Products'],
  ['process', 'Process'],
  ['clients', 'Our Clients'],
  ['contact', 'Contact'],
] as const;

export function Navbar({ session, cartCount, onLogin, onLogout }: NavbarProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-[68px] border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="text-lg font-bold text-brand-darker">
          {COMPANY.shortName}
        </Link>
        <ul className="hidden gap-5 md:flex">
          {LINKS.map(([id, label]) => (
            <li key={id}>
              <a href={`/#${id}`} className="text-sm font-medium text-slate-700 hover:text-brand-dark">
                {label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex min-w-40 items-center justify-end gap-3">
          {session.status === 'loading' ? (
            <span aria-hidden="true" className="h-9 w-32" />
          ) : session.user ? (
            <>
              <Link to="/profile" aria-label="Profile">
                Profile
              </Link>
              <Link to="/cart" aria-label={`Cart, ${cartCount} items`}>
                Cart ({cartCount})
              </Link>
              <button type="button" onClick={onLogout}>
                Logout
              </button>
            </>
          ) : (
            <button type="button" onClick={onLogin} className="rounded-md bg-brand-darker px-4 py-2 text-sm font-semibold text-white">
              Login / Sign Up
            </button>
          )}
        </div>
      </nav>
    </header>
  );
}
