import { StrictMode, type ComponentProps } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';

/**
 * The whole app around a router. The browser renders it with its browser router; the build
 * renders the very same tree with a memory router to prerender each page, so the two match.
 */
export function App({ router }: { router: ComponentProps<typeof RouterProvider>['router'] }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
