import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { milestoneListFields, projectCustomerName, projectSearchFields, PROJECTS } from '../../src/domain/projects';
import { forEachPage } from '../paging';
import { readProject } from './store';

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Projects written before the console searched them (`npm run backfill`; idempotent): a project
 * without a customer name (a cart's, opened from an order that carries none) gets its buyer's
 * (projectCustomerName: profile name, legal name, else email; else the account's email from
 * `accountEmail`), and every project the fields the Projects list queries: its search tokens,
 * whether it is ready to invoice and its next due day. Only what differs is written. Resolves with
 * the number of projects updated.
 */
export async function backfillProjects(
  db: Firestore,
  { accountEmail }: { accountEmail?: (uid: string) => Promise<string | null> } = {},
): Promise<number> {
  let updated = 0;
  await forEachPage(
    db.collection(PROJECTS).orderBy(FieldPath.documentId()),
    async (docs) => {
      const nameless = docs.map(readProject).filter((project) => !project.customerName.trim() && project.uid);
      const profiles = nameless.length ? await db.getAll(...nameless.map((p) => db.doc(`users/${p.uid}`))) : [];
      const names = new Map<string, string>();
      for (const [index, project] of nameless.entries()) {
        const name = projectCustomerName(profiles[index]?.data()) || ((await accountEmail?.(project.uid)) ?? '').trim();
        if (name) names.set(project.id, name);
      }
      const batch = db.batch();
      for (const doc of docs) {
        const project = readProject(doc);
        const customerName = names.get(project.id) ?? project.customerName;
        const wanted: Record<string, unknown> = {
          ...(customerName !== project.customerName ? { customerName } : {}),
          ...projectSearchFields({ ...project, customerName }),
          ...milestoneListFields(project.milestones),
        };
        const changes = Object.fromEntries(
          Object.entries(wanted).filter(([field, value]) => !sameValue(doc.get(field), value)),
        );
        if (Object.keys(changes).length === 0) continue;
        batch.update(doc.ref, changes);
        updated += 1;
      }
      await batch.commit();
    },
    { pageSize: 200 },
  );
  return updated;
}
