import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readExport } from '../helpers/account-export';
import { admin, clearFirestore, createStaffWithToken } from '../helpers/emulators';
import { download } from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';
import { as, PNG, projectFixtures } from './projects-fixtures';

/**
 * A customer's projects in "Download my data" and "Delete my account" (server/projects/account-data.ts,
 * called by server/account/export-data.ts and delete-account.ts): the export holds each project with its
 * milestones, sign-off records, timeline, contacts and files; deletion leaves nothing of it in Firestore
 * (the project, its sub-collections, the contacts' links, the files) and another customer's stays.
 */
let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('project-account-staff'));
});
beforeEach(() => clearFirestore());

const { app, asStaff, acceptedQuote, uploadPng, makeReady, addContact } = projectFixtures(() => staff);
type Server = ReturnType<typeof app>;

interface ExportedProject {
  id: string;
  title: string;
  milestones: Array<{ label: string; status: string; signOff?: { name: string; ip: string | null } }>;
  signOffs: Array<{
    milestone: number;
    name: string;
    ip: string | null;
    at: string;
    invoice: { number: string } | null;
  }>;
  contacts: Array<{ email: string; name: string; revoked: boolean }>;
  timeline: Array<{ kind: string; body: string; files: Array<{ id: string; name: string }> }>;
  files: Array<{ name: string; sha256: string; base64: string }>;
}

/** A project with everything a project holds: a deliverable, a sign-off, an update with a file, a contact, a comment. */
async function fullProject(server: Server, name: string) {
  const opened = await acceptedQuote(server, name);
  const { customer, projectId } = opened;
  const deliverable = await makeReady(server, projectId, 1);
  const signed = await as(customer.idToken)(
    request(server).post(`/api/projects/${projectId}/milestones/1/signoff`),
  ).send({ name });
  expect(signed.status).toBe(201);
  const attachment = await uploadPng(server, 'progress.png');
  await asStaff(request(server).post(`/api/staff/projects/${projectId}/updates`))
    .send({ body: 'Go-live checklist attached.', fileIds: [attachment.id] })
    .expect(201);
  const contact = await addContact(server, customer.idToken, projectId, uniqueEmail('colleague'));
  await request(server)
    .post(`/api/project-links/${contact.token}/comments`)
    .send({ body: 'Looks good from the CTO.' })
    .expect(201);
  return { ...opened, fileIds: [deliverable.id, attachment.id], invoiceNumber: signed.body.invoice.number as string };
}

async function exportedProjects(server: Server, idToken: string) {
  const response = await download(server, '/api/account/export', idToken);
  expect(response.status).toBe(200);
  const { data } = readExport(new Uint8Array(response.body as Buffer));
  return (data as unknown as { projects: ExportedProject[] }).projects;
}

/** What Firestore still holds of a project: its document, sub-collections, contacts' links and files. */
async function remainsOf(projectId: string, fileIds: string[]) {
  const { db } = admin();
  const project = db.doc(`projects/${projectId}`);
  const [doc, subcollections, links, attached, chunks] = await Promise.all([
    project.get(),
    project.listCollections(),
    db.collection('projectLinks').where('projectId', '==', projectId).get(),
    db.collection('files').where('attachedTo', '==', `projects/${projectId}`).get(),
    Promise.all(fileIds.map(async (id) => (await db.collection(`files/${id}/chunks`).get()).size)),
  ]);
  const files = await Promise.all(fileIds.map(async (id) => (await db.doc(`files/${id}`).get()).exists));
  return {
    project: doc.exists,
    subcollections: (await Promise.all(subcollections.map(async (c) => [c.id, (await c.get()).size] as const))).filter(
      ([, size]) => size > 0,
    ),
    links: links.size,
    attachedFiles: attached.size,
    files: files.filter(Boolean).length,
    chunks: chunks.reduce((sum, size) => sum + size, 0),
  };
}

describe("a customer's projects in their data and its deletion", () => {
  it('when a customer with a signed-off, commented project downloads their data and then deletes the account, then the ZIP holds the project and its files, and afterwards nothing of it is left while another customer’s project stays', async () => {
    const server = app();
    const mine = await fullProject(server, 'Rohan Mehta');
    const theirs = await fullProject(server, 'Tara Other');

    const [project, ...others] = await exportedProjects(server, mine.customer.idToken);
    expect(others).toEqual([]);
    expect(project).toMatchObject({ id: mine.projectId });
    expect(project!.milestones[1]).toMatchObject({ status: 'Signed off', signOff: { name: 'Rohan Mehta' } });
    expect(project!.signOffs).toEqual([
      expect.objectContaining({
        milestone: 1,
        name: 'Rohan Mehta',
        ip: expect.stringMatching(/127\.0\.0\.1|::1/),
        invoice: expect.objectContaining({ number: mine.invoiceNumber }),
      }),
    ]);
    expect(project!.contacts).toEqual([expect.objectContaining({ name: 'Meera (CTO)', revoked: false })]);
    expect(project!.timeline.map((entry) => entry.body)).toEqual(
      expect.arrayContaining(['Go-live checklist attached.', 'Looks good from the CTO.']),
    );
    expect(project!.files.map((file) => file.name).sort()).toEqual(['beta-screens.png', 'progress.png']);
    for (const file of project!.files) expect(Buffer.from(file.base64, 'base64').equals(PNG)).toBe(true);
    expect(JSON.stringify(project)).not.toContain('Tara Other');

    const before = await remainsOf(mine.projectId, mine.fileIds);
    expect(before).toMatchObject({ project: true, links: 1, attachedFiles: 2, files: 2 });
    const deleted = await request(server)
      .post('/api/account/delete')
      .set('Authorization', `Bearer ${mine.customer.idToken}`);
    expect(deleted.status).toBe(200);

    expect(await remainsOf(mine.projectId, mine.fileIds)).toEqual({
      project: false,
      subcollections: [],
      links: 0,
      attachedFiles: 0,
      files: 0,
      chunks: 0,
    });
    const { db } = admin();
    expect((await db.collection('projects').where('uid', '==', mine.customer.uid).get()).size).toBe(0);
    expect((await db.collectionGroup('signoffs').where('uid', '==', mine.customer.uid).get()).size).toBe(0);
    // The proforma the sign-off issued is a tax record the law keeps (src/domain/retention.ts).
    const proforma = await db.collection('documents').where('number', '==', mine.invoiceNumber).get();
    expect(proforma.docs.map((doc) => doc.get('deletedAccount'))).toEqual([true]);

    expect(await remainsOf(theirs.projectId, theirs.fileIds)).toMatchObject({
      project: true,
      subcollections: expect.arrayContaining([
        expect.arrayContaining(['signoffs']),
        expect.arrayContaining(['updates']),
      ]),
      links: 1,
      attachedFiles: 2,
      files: 2,
    });
    const view = await as(theirs.customer.idToken)(request(server).get(`/api/projects/${theirs.projectId}`));
    expect(view.status).toBe(200);
  });
});
