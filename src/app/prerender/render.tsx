import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from '../app';
import { RootLayout } from '../layouts/root-layout';
import { PageLoading } from '../layouts/page-loading';
import { loadRouteCode, routes } from '../router';

/** The HTML of a tree once everything in it has loaded (prerender waits for every lazy part). */
async function html(tree: ReactNode): Promise<string> {
  const { prelude } = await prerender(tree);
  return new Response(prelude).text();
}

/**
 * The HTML the app renders at `pathname` before anything is known about the visitor (auth still
 * loading, nothing in the cart): exactly the browser's first render, which hydrates it.
 */
export async function renderPage(pathname: string): Promise<string> {
  if (!(await loadRouteCode(pathname))) throw new Error(`The code of ${pathname} could not be loaded.`);
  const router = createMemoryRouter(routes, { initialEntries: [pathname] });
  return html(<App router={router} />);
}

/**
 * The frame of the pages only the app renders (cart, profile, admin): the bar and a loading line,
 * replaced by the app's first render.
 */
export async function renderAppShell(): Promise<string> {
  const router = createMemoryRouter([{ element: <RootLayout />, children: [{ path: '*', element: <PageLoading /> }] }]);
  return html(<App router={router} />);
}
