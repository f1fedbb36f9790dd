import { useEffect } from 'react';
import { env } from '@/lib/env';

export function AdminPanelRoute() {
  useEffect(() => {
    window.location.replace(env.adminUrl);
  }, []);
  return <p className="px-4 py-16 text-center text-lg">Loading Admin Panel...</p>;
}
