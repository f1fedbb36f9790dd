import { FieldValue } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import type { CompanyRole } from '@/domain/companies';
import { ensureCompany } from '../../server/companies/companies';
import { admin, createUserWithToken } from '../helpers/emulators';
import { seedProfile } from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';
import { growthService } from '../helpers/sample-service';

/** A company with a member of every role, as the companies work writes them (seeded with the admin SDK). */

export const COMPANY_NAME = 'Verma Textiles Private Limited';

export interface Person {
  uid: string;
  idToken: string;
  email: string;
  name: string;
}

const db = () => admin().db;

/** A login; its email verified unless told (an invitation proves it). */
export async function person(name: string, { verified = true } = {}): Promise<Person> {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const user = await createUserWithToken(email);
  if (verified) await admin().auth.updateUser(user.uid, { emailVerified: true });
  return { ...user, email, name };
}

/** A member of the company, written as the invitations work writes one. */
export async function join(companyId: string, member: Person, role: CompanyRole, canApprove = false) {
  await db().doc(`companies/${companyId}/members/${member.uid}`).set({
    uid: member.uid,
    role,
    canApprove,
    name: member.name,
    companyName: COMPANY_NAME,
    joinedAt: FieldValue.serverTimestamp(),
    invitedBy: companyId,
    noticeSeenAt: null,
  });
  await db()
    .doc(`companies/${companyId}`)
    .update({ [`memberEmails.${member.uid}`]: member.email, memberCount: FieldValue.increment(1) });
}

/** Removing a member deletes their membership, nothing else. */
export const removeMember = (companyId: string, member: Person) =>
  db().doc(`companies/${companyId}/members/${member.uid}`).delete();

/** A Factory Management Growth service (₹50,000 a year: Priority support), Active. */
export const seedService = (uid: string) => db().doc(`users/${uid}/services/order1_Growth`).set(growthService());

/** Founds `owner`'s company from their profile (as the backfill or their first visit does). */
export async function foundCompany(owner: Person) {
  await seedProfile(owner.uid, { name: owner.name, email: owner.email, legalName: COMPANY_NAME });
  expect(await ensureCompany(db(), owner.uid, { uid: owner.uid, email: owner.email })).toBe('created');
  return owner.uid;
}

export interface Company {
  id: string;
  owner: Person;
  billing: Person;
  technical: Person;
  /** A technical member with the approve right. */
  approver: Person;
  viewer: Person;
}

/** Ravi (billing), Meena (technical), Kiran (technical, approve right), Vikram (viewer), joined to company `id`. */
export async function addMembers(id: string): Promise<Omit<Company, 'id' | 'owner'>> {
  const [billing, technical, approver, viewer] = await Promise.all([
    person('Ravi Kumar'),
    person('Meena Iyer'),
    person('Kiran Shah'),
    person('Vikram Rao'),
  ]);
  await join(id, billing, 'billing');
  await join(id, technical, 'technical');
  await join(id, approver, 'technical', true);
  await join(id, viewer, 'viewer');
  return { billing, technical, approver, viewer };
}

/**
 * A company with its service and a member of each role: Asha (owner) and those of addMembers.
 * Only the owner has a profile.
 */
export async function companyWithMembers(): Promise<Company> {
  const owner = await person('Asha Verma');
  const id = await foundCompany(owner);
  await seedService(id);
  return { id, owner, ...(await addMembers(id)) };
}

/** Another customer: the owner of a one-member company of their own. */
export async function otherCustomer(): Promise<Person> {
  const outsider = await person('Nikhil Joshi');
  await seedProfile(outsider.uid, { name: outsider.name, email: outsider.email });
  return outsider;
}
