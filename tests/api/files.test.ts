import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'content-disposition';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { MILESTONE_STATUS } from '@/domain/projects';
import { takeAllowance } from '../../server/account-limit';
import { deleteUnattachedUploads } from '../../server/files/cleanup';
import { firestoreFileStore } from '../../server/files/file-store';
import { UPLOADS_JOB, uploadsJob } from '../../server/jobs';
import { UPLOAD_TOO_SLOW } from '../../server/routes/upload-body';
import { testApp, testJobs } from '../helpers/api-app';
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

/**
 * Sends an upload's headers announcing `announced` bytes, then only `sent` bytes, and resolves with
 * the answer (status, Connection header, body) as soon as it comes: the body is never finished.
 */
async function stalledUpload(server: App, path: string, headers: Record<string, string>, announced: number, sent = 3) {
  const listening = http.createServer(server).listen(0);
  await new Promise((resolve) => listening.once('listening', resolve));
  const { port } = listening.address() as AddressInfo;
  try {
    return await new Promise<{ status: number; connection: string | undefined; body: unknown }>((resolve, reject) => {
      const call = http.request({
        port,
        method: 'POST',
        path: `${path}?name=brief.pdf`,
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(announced), ...headers },
      });
      call.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.once('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body: JSON.parse(text),
          });
          call.destroy();
        });
      });
      call.once('error', reject);
      call.write(Buffer.alloc(sent, 0x25));
    });
  } finally {
    listening.closeAllConnections();
    listening.close();
  }
}

describe('a long file name keeps its type', () => {
  it('when a customer uploads a PDF named with 130 characters before ".pdf", then it is stored (201) as a PDF, its name shortened before the extension', async () => {
    const server = app();
    const customer = await newUser('files-long-name');
    const name = `${'Quarterly statement '.repeat(7).slice(0, 130)}.pdf`;

    const response = await upload(server, '/api/support/files', customer.idToken, name, pdfOf(2048));

    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.name).toBe(`${name.slice(0, 116).trim()}.pdf`);
    expect(response.body.type).toBe('PDF');
  });
});

describe('an upload is let in before its bytes are read', () => {
  it('when 10 MB are announced to any upload route without credentials, then it is 401 at once and the connection closes, the body unread', async () => {
    const server = app();
    const companyId = (await newUser('files-gate')).uid;
    for (const path of [
      '/api/support/files',
      '/api/staff/support/files',
      '/api/staff/projects/files',
      `/api/companies/${companyId}/tds-certificates/some-id/file`,
      '/api/staff/tds-certificates/some-id/file',
    ]) {
      const answer = await stalledUpload(server, path, {}, 10_000_000);

      expect(answer, path).toEqual({
        status: 401,
        connection: 'close',
        body: { message: 'Please log in to continue.' },
      });
    }
  });

  it('when a signed-in sender announces 5 MB and sends 3 bytes, then past UPLOAD_BODY_TIMEOUT_SECONDS it is 408 and the connection closes', async () => {
    const server = app({ UPLOAD_BODY_TIMEOUT_SECONDS: '0.3' });
    const customer = await newUser('files-slow');

    const answer = await stalledUpload(
      server,
      '/api/support/files',
      { Authorization: `Bearer ${customer.idToken}` },
      5 * MB,
    );

    expect(answer).toEqual({ status: 408, connection: 'close', body: { message: UPLOAD_TOO_SLOW } });
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

describe('limits per account', () => {
  it('when a customer opens an 11th support request within an hour, then it is refused (429) saying when they can send again; nothing is written or mailed', async () => {
    const server = app();
    const customer = await newUser('files-requests');
    const open = () =>
      as(customer.idToken)(request(server).post('/api/support/requests')).send({
        serviceId: 'other',
        subject: 'Another question',
        description: 'One more question about the dashboard.',
      });
    for (let count = 0; count < 10; count += 1) expect((await open()).status).toBe(201);
    const mailsBefore = (await admin().db.collection('mail').where('to.uid', '==', customer.uid).count().get()).data()
      .count;

    const eleventh = await open();

    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toMatch(
      /^You have opened 10 support requests in the last hour\. You can open another from \w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST\.$/,
    );
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(3500);
    const requests = await admin().db.collection('supportRequests').where('uid', '==', customer.uid).count().get();
    expect(requests.data().count).toBe(10);
    const mailsAfter = await admin().db.collection('mail').where('to.uid', '==', customer.uid).count().get();
    expect(mailsAfter.data().count).toBe(mailsBefore);
    // Another account is not held back by it.
    const other = await newUser('files-requests-other');
    const theirs = await as(other.idToken)(request(server).post('/api/support/requests')).send({
      serviceId: 'other',
      subject: 'My own question',
      description: 'A question of my own about the dashboard.',
    });
    expect(theirs.status).toBe(201);
  });

  it('when a customer uploads more files within an hour than UPLOADS_PER_HOUR, then the next is refused (429) saying when; nothing is stored', async () => {
    const server = app({ UPLOADS_PER_HOUR: '3' });
    const customer = await newUser('files-uploads');
    for (let count = 0; count < 3; count += 1) {
      expect((await upload(server, '/api/support/files', customer.idToken, `shot-${count}.png`, PNG)).status).toBe(201);
    }

    const fourth = await upload(server, '/api/support/files', customer.idToken, 'shot-3.png', PNG);

    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(
      /^You have uploaded 3 files in the last hour\. You can upload more from \w{3} \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST\.$/,
    );
    const stored = await admin().db.collection('files').where('ownerUid', '==', customer.uid).count().get();
    expect(stored.data().count).toBe(3);
  });

  it('when requests of one account race, then exactly the limit is allowed; the hour slides, it does not reset on the clock', async () => {
    const { db } = admin();
    const name = `test-allowance-${Date.now()}`;
    const take = (now: number) => takeAllowance(db, { name, key: 'racer', limit: 5, windowMs: 3_600_000, now });
    const start = Date.parse('2026-11-02T10:59:00Z');

    const raced = await Promise.all(Array.from({ length: 12 }, () => take(start)));

    expect(raced.filter((verdict) => verdict.allowed)).toHaveLength(5);
    // Across the clock hour's turn, still refused until the first of them is an hour old.
    expect(await take(start + 2 * 60_000)).toEqual({ allowed: false, retryAtMs: start + 3_600_000 });
    expect(await take(start + 3_600_000 + 1)).toEqual({ allowed: true });
  });
});

describe('uploads never attached', () => {
  const DAY = 86_400_000;

  /** A stored file whose head says it was created `ageMs` before `now`, attached or not. */
  async function storedFile(now: number, ageMs: number, attachedTo: string | null = null) {
    const store = firestoreFileStore(admin().db);
    const meta = await store.put({
      ownerUid: 'cleanup-owner',
      name: 'a.png',
      type: 'PNG',
      contentType: 'image/png',
      bytes: PNG,
    });
    await admin()
      .db.doc(`files/${meta.id}`)
      .update({ createdAt: Timestamp.fromMillis(now - ageMs), attachedTo });
    return meta.id;
  }

  const exists = async (id: string) => (await admin().db.doc(`files/${id}`).get()).exists;
  const chunkCount = async (id: string) =>
    (await admin().db.collection(`files/${id}/chunks`).count().get()).data().count;

  it('when the cleanup runs, then an upload never attached (or never finished) and older than a day is deleted with its chunks; attached and fresh ones stay', async () => {
    const now = Date.parse('2026-11-02T10:00:00Z');
    const old = await storedFile(now, DAY + 60_000);
    const attached = await storedFile(now, 30 * DAY, 'support/some-request');
    const fresh = await storedFile(now, DAY - 60_000);
    // An upload whose process died half way: its head still says incomplete.
    const halfWritten = await storedFile(now, DAY + 60_000);
    await admin().db.doc(`files/${halfWritten}`).update({ complete: false });

    const report = await deleteUnattachedUploads(admin().db, { now: () => now });

    expect(report.deleted).toBeGreaterThanOrEqual(2);
    for (const gone of [old, halfWritten]) {
      expect(await exists(gone)).toBe(false);
      expect(await chunkCount(gone)).toBe(0);
    }
    expect(await exists(attached)).toBe(true);
    expect(await exists(fresh)).toBe(true);
    expect(await chunkCount(fresh)).toBe(1);
  });

  it('when the API starts its jobs, then the uploads job is one of them (once per interval across instances), and staff can run it now', async () => {
    const runner = testJobs(testApp().deps);
    expect(runner.names).toContain(UPLOADS_JOB);
    expect(uploadsJob(admin().db, 60)).toMatchObject({ scope: 'once', everyMs: 60 * 60_000 });
    const old = await storedFile(Date.now(), 2 * DAY);

    const response = await asStaff(request(app()).post('/api/staff/jobs/uploads/run')).expect(200);

    expect(response.body).toMatchObject({ job: UPLOADS_JOB, outcome: 'ran', ok: true });
    expect(await exists(old)).toBe(false);
  });
});
