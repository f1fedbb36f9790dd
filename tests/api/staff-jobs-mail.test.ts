import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createStaffWithToken } from '../helpers/emulators';
import { docData, uniqueEmail } from './payments-fixtures';

let staff: { uid: string; idToken: string };
const email = uniqueEmail('jobs-staff');

beforeAll(async () => {
  staff = await createStaffWithToken(email);
});
beforeEach(() => clearFirestore());

const post = (path: string) =>
  request(testApp().app).post(path).set('Authorization', `Bearer ${staff.idToken}`).send({});

describe('reconciliation: Run now', () => {
  it('when staff press Run now, then the job runs a pass under its lease, keeps its report on leases/reconcile and audits who pressed it', async () => {
    const response = await post('/api/staff/jobs/reconcile/run');

    expect(response.status).toBe(200);
    const report = { checked: 0, paid: 0, failed: 0, refundsChecked: 0, refundsSettled: 0 };
    expect(response.body).toMatchObject({ job: 'reconcile', outcome: 'ran', ok: true, report });
    const lease = (await docData('leases/reconcile'))!;
    expect(lease.lastRun).toMatchObject({ trigger: 'manual', ok: true, report });
    expect(lease.lastRun.finishedAt).toBeInstanceOf(Timestamp);
    const audit = await admin().db.collection('auditLog').where('action', '==', 'job.run').get();
    expect(audit.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ actorUid: staff.uid, actorEmail: email, target: 'leases/reconcile' }),
    ]);
  });

  it('when another pass holds the lease, then Run now answers 409 with a message', async () => {
    await admin()
      .db.doc('leases/reconcile')
      .set({ holder: 'other', leaseUntil: Timestamp.fromMillis(Date.now() + 60_000) });
    const response = await post('/api/staff/jobs/reconcile/run');
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/running already/);
  });
});

describe('mail: Resend', () => {
  const failedMail = {
    template: 'enquiry-ack',
    data: { name: 'Kavya' },
    to: { address: 'kavya@example.com' },
    replyTo: null,
    attachmentDocumentId: null,
    status: 'failed',
    attempts: 12,
    lastError: 'Connection refused',
    nextAttemptAt: Timestamp.now(),
    createdAt: Timestamp.now(),
  };

  it('when staff resend a failed mail, then it is pending again with fresh attempts, and audited', async () => {
    await admin().db.doc('mail/enquiry:e1:ack').set(failedMail);

    const response = await post('/api/staff/mail/enquiry:e1:ack/resend');

    expect(response.status).toBe(200);
    expect(await docData('mail/enquiry:e1:ack')).toMatchObject({ status: 'pending', attempts: 0, resendCount: 1 });
    const audit = (await admin().db.collection('auditLog').get()).docs.map((doc) => doc.data());
    expect(audit).toEqual([expect.objectContaining({ action: 'mail.resend', target: 'mail/enquiry:e1:ack' })]);
  });

  it('when the mail was sent or does not exist, then it answers 409 or 404 and audits nothing', async () => {
    await admin()
      .db.doc('mail/sent-one')
      .set({ ...failedMail, status: 'sent' });

    const sent = await post('/api/staff/mail/sent-one/resend');
    const missing = await post('/api/staff/mail/missing/resend');

    expect([sent.status, sent.body.message]).toEqual([409, 'Only a failed mail can be resent.']);
    expect([missing.status, missing.body.message]).toEqual([404, 'Mail not found.']);
    expect((await admin().db.collection('auditLog').get()).size).toBe(0);
  });
});
