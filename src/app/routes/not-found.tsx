import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { useDocumentTitle } from '@/components/use-document-title';
import { paths } from '../paths';

export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  return (
    <section className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <p
        className="bg-gradient-to-b from-brand-dark to-brand-darker bg-clip-text text-8xl font-extrabold tracking-tight text-transparent"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
        Go Back to Homepage
      </Link>
    </section>
  );
}
