import { useCallback, useState } from 'react';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { getProfile } from './api';

/**
 * The profile document (null when there is none), read once and again after each save; while
 * it reloads, the last one stays on screen.
 */
export function useProfile(uid: string) {
  const [version, setVersion] = useState(0);
  const profile = useSubscription(
    `${uid}#${version}`,
    loadOnce(() => getProfile(uid)),
    { keepPreviousData: true },
  );
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { profile, reload };
}
