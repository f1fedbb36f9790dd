import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { StaffConsole } from '@/features/console/staff-console';
import { useToastsFollowPage } from '@/lib/toast';
import { AuthModalHost } from '../layouts/auth-modal-host';
import { ScrollManager } from '../layouts/scroll-manager';
import { SignInGate } from '../layouts/sign-in-gate';
import { paths } from '../paths';

/** /admin/*: the staff console, with a shell of its own, in its own chunks (never on the landing page). */
export function AdminRoute() {
  useDocumentTitle('Staff console');
  useToastsFollowPage(useLocation().pathname);
  return (
    <>
      <SignInGate
        loading={<p className="px-4 py-16 text-center text-lg text-slate-700">Loading Admin Panel...</p>}
        title="Staff console"
        text="Log in with your staff account to continue."
        acceptsGuest={false}
        frame={(content) => <main id="console-main">{content}</main>}
      >
        {(user) => <StaffConsole basePath={paths.admin} user={user} />}
      </SignInGate>
      <ScrollManager />
      <AuthModalHost />
    </>
  );
}
