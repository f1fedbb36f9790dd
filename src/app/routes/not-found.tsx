import { Link } from 'react-router-dom';
import { paths } from '../paths';

export function NotFoundRoute() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-dark" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to={paths.home}
        className="rounded-md bg-brand-darker px-5 py-3 font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker"
      >
        Go Back to Homepage
      </Link>
    </section>
  );
}
