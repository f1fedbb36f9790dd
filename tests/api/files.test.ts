import { randomBytes } from 'node:crypto';
import { parse } from 'content-disposition';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MILESTONE_STATUS } from '@/domain/projects';
import { firestoreFileStore } from '../../server/files/file-store';
import { admin, createStaffWithToken } from '../helpers/emulators';
import { download } from './documents-fixtures';
import { newUser, uniqueEmail } from './payments-fixtures';
import { as, projectFixtures, type App } from './projects-fixtures';

const MB = 1024 * 1024;
/** A PDF by its signature, random after it: any byte lost or moved shows. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A Mac screenshot (U+202F before AM), a Devanagari name, a curly apostrophe. */
const NAMES = ['Screenshot 2026-11-02 at 10.15.32\u202fAM.png', 'अनुबंध.pdf', 'Client’s brief.pdf'];
const contentOf = (name: string) => (name.endsWith('.png') ? PNG : pdfOf(2048));

let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('files-staff'));
});
const { app, asStaff, acceptedQuote } = projectFixtures(() => staff);

const upload = (server: App, path: string, token: string, name: string, bytes: Buffer) =>
  as(token)(request(server).post(`${path}?name=${encodeURIComponent(name)}`))
    .set('Content-Type', 'application/octet-stream')
    .send(bytes);

/** A customer's upload, attached to a new support request ("Something else"); the file's id. */
async function supportFiles(server: App, token: string, files: Array<{ name: string; bytes: Buffer }>) {
  const ids: string[] = [];
  for (const file of files) {
    const response = await upload(server, '/api/support/files', token, file.name, file.bytes);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body).toMatchObject({ name: file.name, size: file.bytes.length });
    ids.push(response.body.id as string);
  }
  const created = await as(token)(request(server).post('/api/support/requests')).send({
    serviceId: 'other',
    subject: 'Files for you',
    description: 'The files you asked for are attached.',
    fileIds: ids,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return ids;
}

/** Staff's uploads, delivered with milestone 1 of a customer's project; the project and the files' ids. */
async function projectFiles(server: App, files: Array<{ name: string; bytes: Buffer }>) {
  const { customer, projectId } = await acceptedQuote(server);
  const ids: string[] = [];
  for (const file of files) {
    const response = await upload(server, '/api/staff/projects/files', staff.idToken, file.name, file.bytes);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    ids.push(response.body.id as string);
  }
  await asStaff(request(server).post(`/api/staff/projects/${projectId}/milestones/0`))
    .send({ status: MILESTONE_STATUS.ready, note: 'The files.', links: [], fileIds: ids })
    .expect(200);
  return { customer, projectId, ids };
}

describe('files up to 10 MB', () => {
  it('when a customer attaches a 5 MB and a 10 MB PDF to a support request, then each downloads with the same bytes', async () => {
    const server = app();
    const customer = await newUser('files-big');
    const files = [
      { name: 'five.pdf', bytes: pdfOf(5 * MB) },
      { name: 'ten.pdf', bytes: pdfOf(10 * MB) },
    ];

    const ids = await supportFiles(server, customer.idToken, files);

    for (const [index, id] of ids.entries()) {
      const response = await download(server, `/api/support/files/${id}`, customer.idToken);
      expect(response.status).toBe(200);
      expect(Buffer.compare(response.body as Buffer, files[index]!.bytes)).toBe(0);
    }
  });

  it('when staff deliver a 5 MB and a 10 MB PDF on a project, then the customer downloads each with the same bytes', async () => {
    const server = app();
    const files = [
      { name: 'design-five.pdf', bytes: pdfOf(5 * MB) },
      { name: 'design-ten.pdf', bytes: pdfOf(10 * MB) },
    ];

    const { customer, projectId, ids } = await projectFiles(server, files);

    for (const [index, id] of ids.entries()) {
      const response = await download(server, `/api/projects/${projectId}/files/${id}`, customer.idToken);
      expect(response.status).toBe(200);
      expect(Buffer.compare(response.body as Buffer, files[index]!.bytes)).toBe(0);
    }
  });

  it('when an upload fails half-way, then no file is readable and its chunks go with it', async () => {
    const { db } = admin();
    const store = firestoreFileStore(db);
    let chunksWritten = 0;
    // A Firestore that fails the second chunk commit of a 10 MB file.
    const failing = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'batch') return Reflect.get(target, property, receiver) as unknown;
        return () => {
          const batch = target.batch();
          const commit = batch.commit.bind(batch);
          batch.commit = async () => {
            chunksWritten += 1;
            if (chunksWritten === 2) throw new Error('connection reset');
            return commit();
          };
          return batch;
        };
      },
    });
    const owner = `half-${Date.now()}`;

    await expect(
      firestoreFileStore(failing).put({
        ownerUid: owner,
        name: 'ten.pdf',
        type: 'PDF',
        contentType: 'application/pdf',
        bytes: pdfOf(10 * MB),
      }),
    ).rejects.toThrow('connection reset');

    const heads = await db.collection('files').where('ownerUid', '==', owner).get();
    for (const head of heads.docs) expect(await store.meta(head.id)).toBeNull();
    const chunks = await Promise.all(heads.docs.map((head) => head.ref.collection('chunks').count().get()));
    expect(chunks.map((count) => count.data().count)).toEqual(heads.docs.map(() => 0));
  });
});

describe('any file name downloads', () => {
  /** The name a browser saves: filename* when given (RFC 6266), the header itself plain ASCII. */
  function savedName(header: string | undefined) {
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toContain("filename*=UTF-8''");
    // The ASCII fallback for clients without filename*, then the name filename* gives.
    expect(parse(header!, { extended: false }).parameters.filename).toMatch(/^[\x20-\x7e]+$/);
    return parse(header!).parameters.filename;
  }

  it('when a customer attaches files named in Unicode to a support request, then each downloads (200) under its own name, which a site on another origin can read', async () => {
    const server = app({ SITE_ORIGIN: 'https://site.example' });
    const customer = await newUser('files-names');
    const files = NAMES.map((name) => ({ name, bytes: contentOf(name) }));

    const ids = await supportFiles(server, customer.idToken, files);

    for (const [index, id] of ids.entries()) {
      const response = await download(server, `/api/support/files/${id}`, customer.idToken).set(
        'Origin',
        'https://site.example',
      );
      expect(response.status).toBe(200);
      expect(savedName(response.headers['content-disposition'])).toBe(NAMES[index]);
      expect(response.headers['access-control-expose-headers']).toContain('Content-Disposition');
      expect(Buffer.compare(response.body as Buffer, files[index]!.bytes)).toBe(0);
    }
  });

  it('when staff deliver files named in Unicode on a project, then the customer and staff download each (200) under its own name', async () => {
    const server = app();
    const files = NAMES.map((name) => ({ name, bytes: contentOf(name) }));

    const { customer, projectId, ids } = await projectFiles(server, files);

    for (const [index, id] of ids.entries()) {
      for (const [path, token] of [
        [`/api/projects/${projectId}/files/${id}`, customer.idToken],
        [`/api/staff/projects/${projectId}/files/${id}`, staff.idToken],
      ] as const) {
        const response = await download(server, path, token);
        expect(response.status).toBe(200);
        expect(savedName(response.headers['content-disposition'])).toBe(NAMES[index]);
      }
    }
  });
});
