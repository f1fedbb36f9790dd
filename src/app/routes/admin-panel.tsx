import { useEffect } from 'react';
import { useDocumentTitle } from '@/components/use-document-title';
import { env } from '@/lib/env';

/**
 * The spec's admin entry: says 'Loading Admin Panel...' and sends the browser to the admin page,
 * the staff console at /admin by default (VITE_ADMIN_URL may point elsewhere).
 */
export function AdminPanelRoute() {
  useDocumentTitle('Admin Panel');
  useEffect(() => {
    window.location.replace(env.adminUrl);
  }, []);
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-light border-t-brand-darker"
      />
      <p className="text-lg font-medium text-slate-800">Loading Admin Panel...</p>
    </div>
  );
}
