import { useEffect, useState } from 'react';
import { getCustomer, type Profile } from './users';

// One read per customer per session, however many rows name them (payments, mail).
const customers = new Map<string, Promise<Profile | null>>();

function customerOnce(uid: string): Promise<Profile | null> {
  let found = customers.get(uid);
  if (!found) {
    found = getCustomer(uid).catch(() => {
      customers.delete(uid);
      return null;
    });
    customers.set(uid, found);
  }
  return found;
}

/**
 * A customer's profile for a row that names them but stored only their uid (records written
 * before names were kept on them); null while it loads, or when there is none. `skip` when the
 * row has the name already.
 */
export function useCustomer(uid: string, skip = false): Profile | null {
  const [profile, setProfile] = useState<{ uid: string; profile: Profile | null } | null>(null);
  useEffect(() => {
    if (skip || !uid) return;
    let isCurrent = true;
    void customerOnce(uid).then((found) => {
      if (isCurrent) setProfile({ uid, profile: found });
    });
    return () => {
      isCurrent = false;
    };
  }, [uid, skip]);
  return profile?.uid === uid ? profile.profile : null;
}
