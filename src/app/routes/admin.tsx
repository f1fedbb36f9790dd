import { StaffConsole } from '@/features/staff/staff-console';
import { paths } from '../paths';

/** /admin/*: the staff console, in its own chunks (never on the landing page). */
export function AdminRoute() {
  return <StaffConsole basePath={paths.admin} />;
}
