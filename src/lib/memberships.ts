import { collectionGroup, doc, getDoc, onSnapshot, query, where, type Unsubscribe } from 'firebase/firestore';
import { membershipSummaryOf, type MembershipSummary } from '@/domain/acting-company';
import { db } from './firestore';

// A person's memberships (companies/{companyId}/members/{uid}, server-written), read by the company
// session (company-session-store.ts): one collection-group query for their uid, which the rules
// allow for one's own documents only.

/**
 * The person's memberships, live: `onData` gets them all again on every change (a member removed
 * sees their membership go at once), malformed ones left out. Returns the unsubscribe.
 */
export function listenToMemberships(
  uid: string,
  onData: (memberships: MembershipSummary[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  const mine = query(collectionGroup(db, 'members'), where('uid', '==', uid));
  return onSnapshot(
    mine,
    (snapshot) =>
      onData(
        snapshot.docs.flatMap((member) => {
          const companyId = member.ref.parent.parent?.id;
          const summary = membershipSummaryOf({ ...member.data(), companyId, name: member.get('companyName') });
          return summary ? [summary] : [];
        }),
      ),
    onError,
  );
}

/**
 * Whether the person is the owner of their own company although it has no membership document:
 * so while `companies/{uid}` is not written (the rules let them read that it is not). False when it
 * is (a company they handed on) or cannot be read.
 */
export async function ownsUnwrittenCompany(uid: string): Promise<boolean> {
  try {
    return !(await getDoc(doc(db, 'companies', uid))).exists();
  } catch {
    return false;
  }
}
