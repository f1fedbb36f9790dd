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
  it('when staff press Run now, then a pass runs and its report, time and who started it are kept on leases/reconcile', async () => {
    const response = await post('/api/staff/jobs/reconcile/run');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ checked: 0, paid: 0, failed: 0, refundsChecked: 0, refundsSettled: 0 });
    const lease = (await docData('leases/reconcile'))!;
    expect(lease.lastRun).toMatchObject({ trigger: 'staff', by: email, ok: true, report: response.body });
    expect(lease.lastRun.finishedAt).toBeInstanceOf(Timestamp);
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
