import { useEffect } from 'react';
import type { SessionUser } from '@/lib/session';
import { joinLeadRecords } from './api';

/**
 * When a customer with a verified email opens their profile, invoices staff issued to that email
 * before the account existed (a lead's record) become theirs; the lists, which are live, show
 * them at once. A failure is retried on the next visit.
 */
export function useLeadJoin(user: Pick<SessionUser, 'uid' | 'email' | 'emailVerified' | 'isAnonymous'>) {
  const canJoin = Boolean(user.email && user.emailVerified && !user.isAnonymous);
  useEffect(() => {
    if (!canJoin) return;
    joinLeadRecords().catch((error: unknown) => console.warn('Joining invoices billed to this email failed.', error));
  }, [user.uid, canJoin]);
}
