import { useCallback, useEffect, useState } from 'react';
import type { Profile } from '@/lib/firestore';
import { getProfile } from './api';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; profile: Profile };

/** The profile document, read once and again after each save. */
export function useProfile(uid: string) {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    getProfile(uid)
      .then((profile) => isCurrent && setState(profile ? { status: 'ready', profile } : { status: 'missing' }))
      .catch((error: Error) => {
        console.warn('Could not load the profile:', error);
        if (isCurrent) setState({ status: 'error', error });
      });
    return () => {
      isCurrent = false;
    };
  }, [uid, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { state, reload };
}
