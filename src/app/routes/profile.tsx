import { Navigate } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { paths } from '../paths';

export function ProfileRoute() {
  const { status, user } = useSession();
  if (status === 'loading') return <p className="px-4 py-16 text-center">Loading Profile...</p>;
  if (!user) return <Navigate to={paths.home} replace />;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Profile</h1>
    </section>
  );
}
