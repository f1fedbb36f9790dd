import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
} from 'firebase-admin/firestore';
import {
  MILESTONE_STATUS,
  milestoneListFields,
  nextCheckMs,
  PROJECT_MESSAGES,
  PROJECTS,
  type ProjectMilestone,
  type ProjectSource,
  type ProjectStatus,
} from '../../src/domain/projects';
import type { MailAddress } from '../config';
import { HttpError } from '../errors';
import type { FileStore } from '../files/file-store';
import type { QuotesContext } from '../quotes/quotes';

/** What the projects service works with: issuing a quote's milestones, files, mail, the sign-off period. */
export interface ProjectsContext extends QuotesContext {
  files: FileStore;
  /** MAIL_FROM: its domain names our Message-IDs. */
  from: MailAddress;
  /** PROJECT_SIGNOFF_DAYS. */
  signOffDays: number;
  now?: () => number;
}

export const projectDoc = (db: Firestore, id: string) => db.collection(PROJECTS).doc(id);
export const updatesOf = (db: Firestore, id: string) => projectDoc(db, id).collection('updates');
export const signOffsOf = (db: Firestore, id: string) => projectDoc(db, id).collection('signoffs');

export interface StoredContact {
  id: string;
  email: string;
  name: string;
  linkNo: number;
  linkExpiresAtMs: number | null;
  revoked: boolean;
  addedBy: 'customer' | 'staff';
  /** The one who pays: the project's invoices are mailed to them too (absent on contacts added before). */
  pays?: boolean;
}

export interface StoredProject {
  id: string;
  uid: string;
  customerName: string;
  title: string;
  source: ProjectSource;
  status: ProjectStatus;
  milestones: ProjectMilestone[];
  totalPaise: number;
  contacts: StoredContact[];
  threadMessageIds: string[];
  createdAtMs: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readProject(snapshot: DocumentSnapshot): StoredProject {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    uid: text(data.uid),
    customerName: text(data.customerName),
    title: text(data.title),
    source: (data.source as ProjectSource | undefined) ?? { kind: 'staff' },
    status: data.status === 'Completed' ? 'Completed' : 'Active',
    milestones: Array.isArray(data.milestones) ? (data.milestones as ProjectMilestone[]) : [],
    totalPaise: typeof data.totalPaise === 'number' ? data.totalPaise : 0,
    contacts: Array.isArray(data.contacts) ? (data.contacts as StoredContact[]) : [],
    threadMessageIds: Array.isArray(data.threadMessageIds) ? (data.threadMessageIds as string[]) : [],
    createdAtMs: (data.createdAt as Timestamp | undefined)?.toMillis?.() ?? 0,
  };
}

/**
 * Who is reading or acting: the customer (a member of the project's company, signed in: `uid` is
 * the company's id, `seesBilling` whether their role may see its invoices), a contact (by their
 * link) or staff.
 */
export type Viewer =
  | { role: 'customer'; uid: string; seesBilling: boolean }
  | { role: 'contact'; contactId: string; projectId: string }
  | { role: 'staff'; uid: string; email: string | null };

/** The project as this viewer may see it; anyone else (another customer, a revoked contact) gets the same 404. */
export function visibleProject(snapshot: DocumentSnapshot, viewer: Viewer): StoredProject {
  if (!snapshot.exists) throw new HttpError(404, PROJECT_MESSAGES.notFound);
  const project = readProject(snapshot);
  if (viewer.role === 'customer' && project.uid !== viewer.uid) throw new HttpError(404, PROJECT_MESSAGES.notFound);
  if (viewer.role === 'contact') {
    const contact = project.contacts.find((candidate) => candidate.id === viewer.contactId);
    if (viewer.projectId !== project.id || !contact || contact.revoked) {
      throw new HttpError(404, PROJECT_MESSAGES.notFound);
    }
  }
  return project;
}

export function milestoneAt(project: StoredProject, index: number): ProjectMilestone {
  const milestone = Number.isInteger(index) ? project.milestones[index] : undefined;
  if (!milestone) throw new HttpError(404, PROJECT_MESSAGES.noMilestone);
  return milestone;
}

/** The fields derived from the milestones, written with them: what the console and the job query. */
export function milestonesFields(milestones: ProjectMilestone[]): DocumentData {
  const allSignedOff = milestones.length > 0 && milestones.every((m) => m.status === MILESTONE_STATUS.signedOff);
  return {
    milestones,
    ...milestoneListFields(milestones),
    nextCheckAtMs: nextCheckMs(milestones),
    status: allSignedOff ? 'Completed' : 'Active',
    updatedAt: FieldValue.serverTimestamp(),
  };
}
