import type { Firestore } from 'firebase-admin/firestore';
import { COMPANY_MEMBER_MESSAGES, type ProjectContactRef } from '../../src/domain/company-members';
import { PROJECTS } from '../../src/domain/projects';
import { HttpError } from '../errors';
import { projectDoc, readProject } from './store';

/** Projects of one company looked at for its contacts (a company has a handful). */
const MAX_PROJECTS = 100;

export interface CompanyProjectContact extends ProjectContactRef {
  projectTitle: string;
  email: string;
  name: string;
}

/**
 * The contacts (colleagues added by e-mail, not revoked) of a company's projects: the people its
 * owner may promote to members, an invitation prefilled from each.
 */
export async function companyProjectContacts(db: Firestore, companyId: string): Promise<CompanyProjectContact[]> {
  const projects = await db.collection(PROJECTS).where('uid', '==', companyId).limit(MAX_PROJECTS).get();
  return projects.docs.flatMap((doc) => {
    const project = readProject(doc);
    return project.contacts
      .filter((contact) => !contact.revoked)
      .map((contact) => ({
        projectId: project.id,
        contactId: contact.id,
        projectTitle: project.title,
        email: contact.email,
        name: contact.name,
      }));
  });
}

/** One contact of a project of the company (404 for any other), for an invitation made from it. */
export async function companyProjectContact(
  db: Firestore,
  companyId: string,
  ref: ProjectContactRef,
): Promise<CompanyProjectContact> {
  const snapshot = await projectDoc(db, ref.projectId).get();
  const project = snapshot.exists ? readProject(snapshot) : null;
  const contact = project?.uid === companyId ? project.contacts.find((c) => c.id === ref.contactId) : undefined;
  if (!project || !contact || contact.revoked) throw new HttpError(404, COMPANY_MEMBER_MESSAGES.noSuchContact);
  return { ...ref, projectTitle: project.title, email: contact.email, name: contact.name };
}
