import { Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { paths } from '../paths';

/** Shown when a page fails to load or render; offers a retry instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  // It replaces the whole layout (the router's errorElement), so it holds the page's main landmark itself.
  return (
    <main id="main">
      <section
        role="alert"
        className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center"
      >
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p className="text-slate-600">This page could not be loaded. Check your connection and try again.</p>
        <div className="flex gap-3">
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <Link to={paths.home} className={buttonClasses('secondary')}>
            Go Back to Homepage
          </Link>
        </div>
      </section>
    </main>
  );
}
