import { useDocumentTitle } from '@/components/use-document-title';
import { StaffConsole } from '@/features/staff/staff-console';
import { SignInGate } from '../layouts/sign-in-gate';
import { paths } from '../paths';

/** /admin/*: the staff console, in its own chunks (never on the landing page). */
export function AdminRoute() {
  useDocumentTitle('Staff console');
  return (
    <SignInGate
      loading={<p className="px-4 py-16 text-center text-lg text-slate-700">Loading Admin Panel...</p>}
      title="Staff console"
      text="Log in with your staff account to continue."
      acceptsGuest={false}
    >
      {(user) => <StaffConsole basePath={paths.admin} user={user} />}
    </SignInGate>
  );
}
