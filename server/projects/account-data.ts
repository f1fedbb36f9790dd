import type { Firestore } from 'firebase-admin/firestore';
import { PROJECTS } from '../../src/domain/projects';
import { exportFiles, firestoreFileStore, FILES } from '../files/file-store';
import { PROJECT_LINKS } from './links';

/**
 * A customer's projects for their data export: each project with its milestones (sign-offs,
 * deliverables, changes asked), its sign-off records (name, time, IP, what it issued), contacts,
 * timeline and its files (base64). For
 * server/account/export-data.ts to add under `projects`.
 */
export async function exportProjectsData(db: Firestore, uid: string) {
  const files = firestoreFileStore(db);
  const projects = await db.collection(PROJECTS).where('uid', '==', uid).get();
  return Promise.all(
    projects.docs.map(async (doc) => {
      const [updates, signOffs, attached] = await Promise.all([
        doc.ref.collection('updates').orderBy('createdAt').get(),
        doc.ref.collection('signoffs').get(),
        db.collection(FILES).where('attachedTo', '==', `projects/${doc.id}`).get(),
      ]);
      const exported = await exportFiles(
        files,
        attached.docs.map((file) => file.id),
      );
      return {
        id: doc.id,
        title: doc.get('title') as string,
        status: doc.get('status') as string,
        source: doc.get('source') as unknown,
        milestones: doc.get('milestones') as unknown,
        contacts: ((doc.get('contacts') as Array<Record<string, unknown>> | undefined) ?? []).map((contact) => ({
          email: contact.email,
          name: contact.name,
          revoked: contact.revoked,
        })),
        // Who signed off (or was deemed to) which milestone, when, from which IP, and what it issued.
        signOffs: signOffs.docs.map((record) => ({
          milestone: record.get('milestone') as number,
          label: record.get('label') as string,
          name: record.get('name') as string,
          via: record.get('via') as string,
          ip: (record.get('ip') as string | null | undefined) ?? null,
          deemed: record.get('deemed') === true,
          at: record.get('at')?.toDate?.()?.toISOString() ?? null,
          deliverables: (record.get('deliverables') as unknown[]) ?? [],
          invoice: (record.get('invoice') as unknown) ?? null,
        })),
        timeline: updates.docs.map((update) => ({
          kind: update.get('kind') as string,
          from: update.get('authorName') as string,
          body: update.get('body') as string,
          at: update.get('createdAt')?.toDate?.()?.toISOString() ?? null,
          links: (update.get('links') as unknown[]) ?? [],
          files: (update.get('files') as unknown[]) ?? [],
        })),
        files: exported,
      };
    }),
  );
}

/**
 * Deleting an account removes its projects (timeline, sign-off records), their files and their
 * contacts' links. The invoices they issued are the payments' and documents' to keep or delete.
 */
export async function deleteProjectsData(db: Firestore, uid: string): Promise<{ projects: number; files: number }> {
  const projects = await db.collection(PROJECTS).where('uid', '==', uid).get();
  let fileCount = 0;
  for (const project of projects.docs) {
    const [files, links] = await Promise.all([
      db.collection(FILES).where('attachedTo', '==', `projects/${project.id}`).get(),
      db.collection(PROJECT_LINKS).where('projectId', '==', project.id).get(),
    ]);
    for (const file of files.docs) await db.recursiveDelete(file.ref);
    for (const link of links.docs) await link.ref.delete();
    fileCount += files.size;
    await db.recursiveDelete(project.ref);
  }
  return { projects: projects.size, files: fileCount };
}
