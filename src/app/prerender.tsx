import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Navbar } from '@/components/navbar';
import { AboveTheFold, BelowFoldPlaceholder } from './routes/landing-shell';

const noop = () => {};

/**
 * The landing page's first screen as static HTML, put into index.html at build time so the hero
 * paints before any JavaScript has run. It is exactly what the app's first render shows (auth
 * still loading), and React replaces it on that render, so nothing moves.
 */
export function renderLandingShell(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <Navbar session={{ status: 'loading', user: null }} cartCount={0} onLogin={noop} onLogout={noop} />
      <main id="main" className="pt-[68px]">
        <AboveTheFold />
        <BelowFoldPlaceholder />
      </main>
    </MemoryRouter>,
  );
}
