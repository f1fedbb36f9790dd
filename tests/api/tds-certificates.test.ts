import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import pino from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '@/domain/companies';
import { TDS_CERTIFICATE_MAX_BYTES, TDS_CERTIFICATE_MESSAGES } from '@/domain/tds-certificates';
import { tdsContext } from '../../server/app-deps';
import { ensureCompany } from '../../server/companies/companies';
import { JobRunner, TDS_CERTIFICATES_JOB, tdsCertificatesJob } from '../../server/jobs';
import { drainOutbox } from '../../server/mail/drain';
import { addTdsCertificate } from '../../server/payments/tds';
import { backfillTdsCertificates } from '../../server/tds/backfill';
import { instanceFirebase, testApp } from '../helpers/api-app';
import { admin, createStaffWithToken, createUserWithToken } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, TEST_FROM } from '../helpers/mail-catcher';
import { seedProfile } from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';
import { proformaBody } from './staff-fixtures';

// After a payment with TDS: its certificate is awaited, uploaded (a PDF) by the company's billing
// members or staff, verified by staff against Form 26AS or sent back with a reason, every move
// audited; after a quarter's certificate date the company is reminded once for the quarter.

const { transport } = caughtMailPerTest();
let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('tds-cert-staff'));
});

type App = ReturnType<typeof testApp>['app'];
const db = () => admin().db;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

interface Person {
  uid: string;
  idToken: string;
  email: string;
}

async function person(prefix: string): Promise<Person> {
  const email = uniqueEmail(prefix);
  const user = await createUserWithToken(email);
  await admin().auth.updateUser(user.uid, { emailVerified: true });
  return { ...user, email };
}

/** A company founded by its owner, with a billing, a technical and a viewer member. */
async function company() {
  const owner = await person('tds-owner');
  await seedProfile(owner.uid, { name: 'Asha Verma', email: owner.email, legalName: 'Verma Textiles Private Limited' });
  await ensureCompany(db(), owner.uid, { uid: owner.uid, email: owner.email });
  const members = {} as Record<Exclude<CompanyRole, 'owner'>, Person>;
  for (const role of ['billing', 'technical', 'viewer'] as const) {
    const member = await person(`tds-${role}`);
    members[role] = member;
    await db()
      .doc(`companies/${owner.uid}/members/${member.uid}`)
      .set({
        uid: member.uid,
        role,
        canApprove: false,
        name: `${role} member`,
        companyName: 'Verma Textiles Private Limited',
        joinedAt: FieldValue.serverTimestamp(),
        invitedBy: owner.uid,
        noticeSeenAt: null,
      });
    await db()
      .doc(`companies/${owner.uid}`)
      .update({ [`memberEmails.${member.uid}`]: member.email, memberCount: FieldValue.increment(1) });
  }
  return { companyId: owner.uid, owner, ...members };
}

/** Staff issue a proforma and record a bank transfer with TDS against it; the certificate's id (the payment's). */
async function offlineWithTds(app: App, companyId: string, receivedOn: string, tdsPaise = 28_000_00) {
  const issued = await request(app)
    .post('/api/staff/invoices')
    .set('Authorization', `Bearer ${staff.idToken}`)
    .send(proformaBody(companyId))
    .expect(201);
  const recorded = await request(app)
    .post('/api/staff/payments/offline')
    .set('Authorization', `Bearer ${staff.idToken}`)
    .send({
      uid: companyId,
      type: 'invoice',
      docId: issued.body.id,
      amountReceivedPaise: 2_80_000_00 - tdsPaise,
      tdsPaise,
      tdsSection: receivedOn >= '2026-04-01' ? '1027' : '194J',
      receivedOn,
      method: 'bank-transfer',
      reference: 'UTR0042',
      requestId: `tds-cert-${Math.random().toString(36).slice(2, 12)}`,
    })
    .expect(201);
  return recorded.body.paymentId as string;
}

const upload = (app: App, path: string, idToken: string, name: string, bytes: Buffer) =>
  request(app)
    .post(`${path}?name=${encodeURIComponent(name)}`)
    .set('Authorization', `Bearer ${idToken}`)
    .set('Content-Type', 'application/octet-stream')
    .send(bytes);

const companyPath = (companyId: string, id = '') =>
  `/api/companies/${companyId}/tds-certificates${id ? `/${id}/file` : ''}`;
const staffPath = (id: string, action = 'file') => `/api/staff/tds-certificates/${id}/${action}`;
const asStaff = (app: App, path: string, body: object = {}) =>
  request(app).post(path).set('Authorization', `Bearer ${staff.idToken}`).send(body);
/** The TDS certificate mails a person was sent (the proformas and receipts of the set-up aside). */
const tdsMailsTo = async (address: string) =>
  (await mailsTo(address)).filter((mail) => mail.subject.startsWith('TDS certificate'));
const actions = async (id: string) =>
  (await db().collection('auditLog').where('target', '==', `tdsCertificates/${id}`).get()).docs
    .map((doc) => ({ action: doc.get('action') as string, at: doc.get('at').toMillis() as number }))
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.action);

describe('a TDS certificate, from awaited to verified', () => {
  it('when staff record TDS on a bank transfer, then its certificate is awaited for the quarter of the day received', async () => {
    const { app } = testApp();
    const { companyId } = await company();

    const id = await offlineWithTds(app, companyId, '2026-05-10');

    expect((await db().doc(`tdsCertificates/${id}`).get()).data()).toMatchObject({
      uid: companyId,
      paymentId: id,
      tdsPaise: 28_000_00,
      tdsSection: '1027',
      receivedOn: '2026-05-10',
      quarter: '2026-27-Q1',
      certificateDueOn: '2026-08-15',
      form: 'Form 131',
      status: 'awaited',
    });
    expect(await actions(id)).toEqual(['tds-certificate.awaited']);
  });

  it('when a billing member uploads the PDF, then it is received, the company reads it, staff verify it, and each move is audited', async () => {
    const { app } = testApp();
    const { companyId, billing, viewer } = await company();
    const id = await offlineWithTds(app, companyId, '2026-05-10');

    const listed = await request(app).get(companyPath(companyId)).set('Authorization', `Bearer ${viewer.idToken}`);
    const early = await asStaff(app, staffPath(id, 'verify'));
    const uploaded = await upload(app, companyPath(companyId, id), billing.idToken, 'Form16A Q1.pdf', PDF);
    const file = await request(app).get(companyPath(companyId, id)).set('Authorization', `Bearer ${viewer.idToken}`);
    const verified = await asStaff(app, staffPath(id, 'verify'));
    const replaced = await upload(app, companyPath(companyId, id), billing.idToken, 'again.pdf', PDF);

    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      certificates: [{ id, status: 'awaited', tdsPaise: 28_000_00, quarterLabel: 'Q1 2026-27 (Apr–Jun 2026)' }],
      next: null,
    });
    expect([early.status, early.body]).toEqual([409, { message: TDS_CERTIFICATE_MESSAGES.notReceived }]);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      status: 'received',
      file: { name: 'Form16A Q1.pdf', size: PDF.length, uploadedBy: 'customer' },
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(file.body as Buffer).equals(PDF)).toBe(true);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'verified' });
    expect(verified.body.verifiedAt).toEqual(expect.any(String));
    expect([replaced.status, replaced.body]).toEqual([409, { message: TDS_CERTIFICATE_MESSAGES.alreadyVerified }]);
    expect((await db().doc(`tdsCertificates/${id}`).get()).get('verifiedBy')).toEqual({
      uid: staff.uid,
      email: expect.any(String),
    });
    expect(await actions(id)).toEqual(['tds-certificate.awaited', 'tds-certificate.upload', 'tds-certificate.verify']);
    // The uploaded PDF is attached to its certificate: the unattached-uploads job leaves it alone.
    const fileId = (await db().doc(`tdsCertificates/${id}`).get()).get('file.id') as string;
    expect((await db().doc(`files/${fileId}`).get()).get('attachedTo')).toBe(`tdsCertificates/${id}`);
  });

  it('when a technical member, a viewer or an outsider tries, then they cannot upload (403/404), and nobody reaches another company’s certificate', async () => {
    const { app } = testApp();
    const acme = await company();
    const other = await company();
    const id = await offlineWithTds(app, acme.companyId, '2026-05-10');
    const outsider = await person('tds-outsider');

    const byTechnical = await upload(app, companyPath(acme.companyId, id), acme.technical.idToken, 'c.pdf', PDF);
    const byViewer = await upload(app, companyPath(acme.companyId, id), acme.viewer.idToken, 'c.pdf', PDF);
    const listByTechnical = await request(app)
      .get(companyPath(acme.companyId))
      .set('Authorization', `Bearer ${acme.technical.idToken}`);
    const byOutsider = await upload(app, companyPath(acme.companyId, id), outsider.idToken, 'c.pdf', PDF);
    // Another company's owner names the certificate under their own company: it is not theirs.
    const crossed = await upload(app, companyPath(other.companyId, id), other.owner.idToken, 'c.pdf', PDF);

    expect([byTechnical.status, byTechnical.body.message]).toEqual([
      403,
      'Your role in Verma Textiles Private Limited (Technical) cannot pay invoices.',
    ]);
    expect(byViewer.status).toBe(403);
    expect(listByTechnical.status).toBe(403);
    expect([byOutsider.status, byOutsider.body.message]).toEqual([404, 'Company not found.']);
    expect([crossed.status, crossed.body.message]).toEqual([404, TDS_CERTIFICATE_MESSAGES.notFound]);
    expect((await db().doc(`tdsCertificates/${id}`).get()).get('status')).toBe('awaited');
    expect((await db().collection('files').get()).size).toBe(0);
  });

  it('when the file is not a PDF, is a PNG named .pdf, is empty or is over 10 MB, then it is refused with the reason and nothing is stored', async () => {
    const { app } = testApp();
    const { companyId, billing } = await company();
    const id = await offlineWithTds(app, companyId, '2026-05-10');
    const path = companyPath(companyId, id);

    const text = await upload(app, path, billing.idToken, 'form16a.txt', Buffer.from('TDS certificate'));
    const disguised = await upload(app, path, billing.idToken, 'form16a.pdf', PNG);
    const empty = await upload(app, path, billing.idToken, 'form16a.pdf', Buffer.alloc(0));
    const large = await upload(
      app,
      path,
      billing.idToken,
      'big.pdf',
      Buffer.concat([PDF, Buffer.alloc(TDS_CERTIFICATE_MAX_BYTES)]),
    );

    expect([text.status, text.body]).toEqual([415, { message: TDS_CERTIFICATE_MESSAGES.pdfOnly('form16a.txt') }]);
    expect([disguised.status, disguised.body]).toEqual([
      415,
      { message: TDS_CERTIFICATE_MESSAGES.pdfOnly('form16a.pdf') },
    ]);
    expect([empty.status, empty.body]).toEqual([400, { message: TDS_CERTIFICATE_MESSAGES.empty('form16a.pdf') }]);
    expect([large.status, large.body]).toEqual([413, { message: TDS_CERTIFICATE_MESSAGES.tooLarge('big.pdf') }]);
    expect((await db().doc(`tdsCertificates/${id}`).get()).get('status')).toBe('awaited');
    expect((await db().collection('files').get()).size).toBe(0);
  });

  it('when staff send a certificate back, then it is awaited again and the billing members and owner are mailed the reason, once per rejection', async () => {
    const { app } = testApp();
    const { companyId, owner, billing, technical } = await company();
    const id = await offlineWithTds(app, companyId, '2026-05-10');
    await upload(app, staffPath(id), staff.idToken, 'scan.pdf', PDF).expect(201);

    const noReason = await asStaff(app, staffPath(id, 'reject'), { reason: ' ' });
    const rejected = await asStaff(app, staffPath(id, 'reject'), { reason: 'The TAN does not match Form 26AS.' });
    const twice = await asStaff(app, staffPath(id, 'reject'), { reason: 'The TAN does not match Form 26AS.' });
    await drainOutbox(db(), transport(), drainOptions({ from: TEST_FROM }));

    expect(noReason.status).toBe(400);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'awaited',
      file: null,
      rejection: { reason: 'The TAN does not match Form 26AS.' },
    });
    expect([twice.status, twice.body]).toEqual([409, { message: TDS_CERTIFICATE_MESSAGES.notReceived }]);
    const mail = (await db().doc(`mail/tds-certificate:${id}:rejected:1`).get()).data();
    expect(mail).toMatchObject({
      template: 'tds-certificate-rejected',
      companyId,
      data: { reason: 'The TAN does not match Form 26AS.', certificate: { tdsPaise: 28_000_00 } },
    });
    for (const member of [owner, billing]) {
      const [caught] = await tdsMailsTo(member.email);
      expect(caught?.subject).toBe('TDS certificate not accepted: ₹28,000');
      expect(caught?.text).toContain('The TAN does not match Form 26AS.');
    }
    expect(await tdsMailsTo(technical.email)).toEqual([]);
    expect(await actions(id)).toEqual(['tds-certificate.awaited', 'tds-certificate.upload', 'tds-certificate.reject']);
  });

  it('when staff list by quarter and status, then they get that quarter’s certificates newest first, a page at a time', async () => {
    const { app } = testApp();
    const { companyId } = await company();
    const id = await offlineWithTds(app, companyId, '2026-05-10');
    await offlineWithTds(app, companyId, '2026-08-01');
    // Many more of Q1, written as payments write them.
    for (let index = 0; index < 51; index += 1) {
      await db().runTransaction(async (tx) =>
        addTdsCertificate(tx, db(), {
          companyId,
          paymentId: `offline_bulk${String(index).padStart(3, '0')}`,
          payable: { type: 'invoice', docId: 'bulk' },
          customerName: 'Asha Verma',
          paidFor: 'Proforma',
          receivedOn: '2026-06-01',
          tdsPaise: 1_000_00,
          tdsSection: '1027',
          actor: null,
        }),
      );
    }
    await upload(app, staffPath(id), staff.idToken, 'scan.pdf', PDF).expect(201);
    const list = (query: string) =>
      request(app).get(`/api/staff/tds-certificates?${query}`).set('Authorization', `Bearer ${staff.idToken}`);

    const first = await list('quarter=2026-27-Q1&status=awaited');
    const second = await list(`quarter=2026-27-Q1&status=awaited&after=${first.body.next as string}`);
    const received = await list('status=received');
    const q2 = await list('quarter=2026-27-Q2');
    const bad = await list('quarter=2026-28-Q1');
    const byCustomer = await request(app)
      .get('/api/staff/tds-certificates')
      .set('Authorization', `Bearer ${(await person('tds-not-staff')).idToken}`);

    expect(first.status).toBe(200);
    expect(first.body.certificates).toHaveLength(50);
    expect(second.body).toMatchObject({ certificates: [expect.objectContaining({ status: 'awaited' })], next: null });
    const ids = [...first.body.certificates, ...second.body.certificates].map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(51);
    expect(ids).not.toContain(id);
    expect(received.body.certificates.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(q2.body.certificates.map((c: { quarter: string }) => c.quarter)).toEqual(['2026-27-Q2']);
    expect(bad.status).toBe(400);
    expect(byCustomer.status).toBe(403);
  });
});

describe('the reminders after a quarter’s certificate date', () => {
  it('when the job runs on two instances, twice, after 15 Aug, then each company with Q1 certificates awaited is mailed once, to its billing members and owner', async () => {
    const { app, deps } = testApp();
    const acme = await company();
    const other = await company();
    const done = await company();
    await offlineWithTds(app, acme.companyId, '2026-05-10', 10_000_00);
    await offlineWithTds(app, acme.companyId, '2026-06-20', 18_000_00);
    await offlineWithTds(app, other.companyId, '2026-04-02');
    // Q2's are not due until 15 November; a received one waits for staff, not the customer.
    await offlineWithTds(app, other.companyId, '2026-08-01');
    const uploaded = await offlineWithTds(app, done.companyId, '2026-05-10');
    await upload(app, staffPath(uploaded), staff.idToken, 'scan.pdf', PDF).expect(201);
    const runner = (name: string, at: string) =>
      new JobRunner(instanceFirebase(name).db, pino({ level: 'silent' }), { instance: name }).register(
        tdsCertificatesJob({ ...tdsContext({ ...deps, firebase: instanceFirebase(name) }) }, 60, {
          now: () => Date.parse(at),
        }),
      );

    const onTheDay = await runner('tds-day', '2026-08-15T23:59:00+05:30').run(TDS_CERTIFICATES_JOB, { force: true });
    const [one, two] = [runner('tds-one', '2026-08-16T09:00:00+05:30'), runner('tds-two', '2026-08-16T09:00:00+05:30')];
    const together = await Promise.all([one, two].map((each) => each.run(TDS_CERTIFICATES_JOB, { force: true })));
    const after = [
      await one.run(TDS_CERTIFICATES_JOB, { force: true }),
      await two.run(TDS_CERTIFICATES_JOB, { force: true }),
    ];
    await drainOutbox(db(), transport(), drainOptions({ from: TEST_FROM }));

    expect(onTheDay).toMatchObject({ outcome: 'ran', report: { reminded: 0 } });
    const reports = [...together, ...after].flatMap((outcome) =>
      outcome.outcome === 'ran' ? [outcome.report as { reminded: number }] : [],
    );
    expect(reports.reduce((sum, report) => sum + report.reminded, 0)).toBe(2);
    const mails = (await db().collection('mail').where('template', '==', 'tds-certificate-reminder').get()).docs;
    expect(mails.map((mail) => mail.id).sort()).toEqual(
      [`tds-certificates:${acme.companyId}:2026-27-Q1`, `tds-certificates:${other.companyId}:2026-27-Q1`].sort(),
    );
    const acmeMail = mails.find((mail) => mail.id.includes(acme.companyId))!.data();
    expect(acmeMail).toMatchObject({
      companyId: acme.companyId,
      data: { quarterLabel: 'Q1 2026-27 (Apr–Jun 2026)', dueOn: '2026-08-15', form: 'Form 131' },
    });
    expect(acmeMail.data.certificates.map((line: { tdsPaise: number }) => line.tdsPaise).sort()).toEqual([
      10_000_00, 18_000_00,
    ]);
    for (const member of [acme.owner, acme.billing, other.owner, other.billing]) {
      const caught = await tdsMailsTo(member.email);
      expect(caught.map((mail) => mail.subject)).toEqual([
        expect.stringMatching(/^TDS certificate awaited: Q1 2026-27/),
      ]);
    }
    for (const member of [acme.technical, acme.viewer, done.owner, done.billing])
      expect(await tdsMailsTo(member.email)).toEqual([]);
  });

  it('when a certificate is sent back after its quarter was reminded, then no second reminder goes for that quarter', async () => {
    const { app, deps } = testApp();
    const { companyId } = await company();
    const id = await offlineWithTds(app, companyId, '2026-05-10');
    const job = new JobRunner(db(), pino({ level: 'silent' })).register(
      tdsCertificatesJob(tdsContext(deps), 60, { now: () => Date.parse('2026-08-20T09:00:00+05:30') }),
    );
    await job.run(TDS_CERTIFICATES_JOB, { force: true });
    await upload(app, staffPath(id), staff.idToken, 'scan.pdf', PDF).expect(201);
    await asStaff(app, staffPath(id, 'reject'), { reason: 'Another payment’s certificate.' }).expect(200);

    const again = await job.run(TDS_CERTIFICATES_JOB, { force: true });

    expect(again).toMatchObject({ outcome: 'ran', report: { reminded: 0, already: 1 } });
    const reminders = await db().collection('mail').where('template', '==', 'tds-certificate-reminder').get();
    expect(reminders.size).toBe(1);
    // Read once: the next pass finds nothing to remind.
    expect(await job.run(TDS_CERTIFICATES_JOB, { force: true })).toMatchObject({ report: { checked: 0 } });
  });
});

describe('TDS recorded before certificates were tracked', () => {
  it('when the backfill runs twice, then each earlier TDS amount gets one certificate, awaited and left out of the reminders', async () => {
    const { deps } = testApp();
    const { companyId } = await company();
    await db()
      .doc('payments/offline_before0001')
      .set({
        uid: companyId,
        type: 'invoice',
        docId: 'inv-1',
        customerName: 'Asha Verma',
        paidFor: 'Proforma PI/2025-26/0009',
        amountPaise: 2_52_000_00,
        tdsPaise: 28_000_00,
        tdsSection: '194J',
        receivedOn: '2026-02-10',
        source: 'offline',
        status: 'paid',
        createdAt: Timestamp.fromMillis(Date.parse('2026-02-11T10:00:00+05:30')),
      });
    await db().doc('payments/pay_online0001').set({
      uid: companyId,
      type: 'invoice',
      docId: 'inv-2',
      amountPaise: 1_00_000_00,
      status: 'paid',
      createdAt: Timestamp.now(),
    });

    const first = await backfillTdsCertificates(db());
    const second = await backfillTdsCertificates(db());
    const reminders = await new JobRunner(db(), pino({ level: 'silent' }))
      .register(tdsCertificatesJob(tdsContext(deps), 60, { now: () => Date.parse('2026-11-28T09:00:00+05:30') }))
      .run(TDS_CERTIFICATES_JOB, { force: true });

    expect([first, second]).toEqual([1, 0]);
    expect((await db().doc('tdsCertificates/offline_before0001').get()).data()).toMatchObject({
      uid: companyId,
      status: 'awaited',
      tdsPaise: 28_000_00,
      tdsSection: '194J',
      quarter: '2025-26-Q4',
      certificateDueOn: '2026-06-15',
      form: 'Form 16A',
      reminderDue: false,
    });
    expect((await db().collection('tdsCertificates').get()).size).toBe(1);
    expect(reminders).toMatchObject({ report: { checked: 0, reminded: 0 } });
  });
});
