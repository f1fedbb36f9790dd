import type { Auth, UserRecord } from 'firebase-admin/auth';

/**
 * Whose records are whose: the one rule that the data export, account deletion, joining a lead and
 * billing an enquiry all follow. A person's records are those stored under their uid, and those
 * stored under an email address proved to be theirs: the login's email once verified (Google
 * sign-in, or a clicked verification link). Never the profile's email (a contact address anyone can
 * type: a guest's details step asks for one) and never an unverified login's: either could name
 * someone else.
 */
export interface Person {
  uid: string;
  /** Addresses proved to belong to the person, as the login has them (at most one today). */
  provenEmails: string[];
}

/** The person behind a login record (see Person). */
export function personOf(record: Pick<UserRecord, 'uid' | 'email' | 'emailVerified'>): Person {
  return { uid: record.uid, provenEmails: record.email && record.emailVerified ? [record.email] : [] };
}

/** Whether an address is proved to be this login's own (verified, and the same address in any case). */
export function isProvenEmailOf(record: Pick<UserRecord, 'email' | 'emailVerified'>, email: string): boolean {
  return Boolean(record.emailVerified && record.email && record.email.toLowerCase() === email.trim().toLowerCase());
}

/** Reads the person from Auth: the login's current record, not a token's claims that may be an hour old. */
export async function readPerson(auth: Auth, uid: string): Promise<{ record: UserRecord; person: Person }> {
  const record = await auth.getUser(uid);
  return { record, person: personOf(record) };
}
