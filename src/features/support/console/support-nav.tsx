import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/button';

/** '/admin/support' wherever the console is mounted: the support screens' own base. */
export function useSupportBase(): string {
  const { pathname } = useLocation();
  const at = pathname.indexOf('/support');
  return at >= 0 ? pathname.slice(0, at + '/support'.length) : '/admin/support';
}

/** The support area's own navigation: queue, mail to review, the SLA report, holidays. */
export function SubNav() {
  const base = useSupportBase();
  return (
    <p className="flex flex-wrap gap-2">
      <Link className={buttonClasses('secondary', 'sm')} to={base}>
        Queue
      </Link>
      <Link className={buttonClasses('secondary', 'sm')} to={`${base}/review`}>
        Mail to review
      </Link>
      <Link className={buttonClasses('secondary', 'sm')} to={`${base}/report`}>
        SLA report
      </Link>
      <Link className={buttonClasses('secondary', 'sm')} to={`${base}/holidays`}>
        Holidays
      </Link>
    </p>
  );
}
