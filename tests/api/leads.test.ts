import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, istToday } from '@/domain/ist';
import { leadUid } from '../../server/account/leads';
import { drainOutbox } from '../../server/mail/drain';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createStaffWithToken, signInWithPassword } from '../helpers/emulators';
import { catcherTransport, caughtMailPerTest, drainOptions, mailsTo } from '../helpers/mail-catcher';
import { seedProfile } from './documents-fixtures';
import { docData, uniqueEmail, waitFor } from './payments-fixtures';

type App = ReturnType<typeof testApp>['app'];
const { track } = caughtMailPerTest();
let staff: { uid: string; idToken: string };

beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('lead-staff'));
});
beforeEach(() => clearFirestore());

const PROFORMA = {
  description: 'Online store for the Jaipur showroom',
  lines: [{ description: 'Build', amountPaise: 60_000_00 }],
  amountsIncludeGst: true,
};

/** A visitor's enquiry (no sign-in), as the contact form sends it; its id. */
async function visitorEnquiry(app: App, email: string): Promise<string> {
  await request(app)
    .post('/api/contact')
    .send({
      name: 'Kavya Shah',
      businessName: 'Shah Crafts',
      contactNumber: '9812345678',
      email,
      message: 'A shop, please.',
    })
    .expect(201);
  return (await admin().db.collection('enquiries').where('email', '==', email).get()).docs[0]!.id;
}

function billEnquiry(app: App, enquiryId: string) {
  return request(app)
    .post(`/api/staff/enquiries/${enquiryId}/proforma`)
    .set('Authorization', `Bearer ${staff.idToken}`)
    .send({ ...PROFORMA, dueDate: addDays(istToday(), 10) });
}

/** Pays through the pay link, as its page does, with no account. */
async function payByLink(app: App, token: string): Promise<string> {
  const order = await request(app).post(`/api/pay/${token}/orders`).send({}).expect(201);
  const paid = await request(app)
    .post(`/api/pay/${token}/sandbox`)
    .send({ razorpay_order_id: order.body.id, outcome: 'success', webhook: 'drop' })
    .expect(200);
  const verified = await request(app).post(`/api/pay/${token}/verify`).send(paid.body.result).expect(200);
  return verified.body.paymentId as string;
}

/** A login with this email, its email verified (Google, or a clicked link) or not; its uid and token. */
async function signUp(email: string, emailVerified: boolean) {
  const user = await admin().auth.createUser({ email, password: 'password-123', emailVerified });
  await seedProfile(user.uid, { email, name: 'Kavya Shah' });
  return { uid: user.uid, idToken: await signInWithPassword(email) };
}

const join = (app: App, idToken: string) =>
  request(app).post('/api/account/join-lead').set('Authorization', `Bearer ${idToken}`).send({});

describe('billing a lead (an enquiry from someone with no account)', () => {
  it("when staff bill a visitor's enquiry, then a customer record is made for the email, the proforma goes there and its mail reaches the sender", async () => {
    const { app } = testApp();
    const email = uniqueEmail('lead');
    const enquiryId = await visitorEnquiry(app, email);

    const billed = await billEnquiry(app, enquiryId);

    expect(billed.status).toBe(201);
    expect(billed.body).toMatchObject({ customerUid: leadUid(email), isLead: true, amountPaise: 60_000_00 });
    expect(await docData(`users/${leadUid(email)}`)).toMatchObject({ isLead: true, email, name: 'Kavya Shah' });
    expect(await docData(`users/${leadUid(email)}/invoices/${billed.body.id}`)).toMatchObject({
      status: 'Pending',
      kind: 'proforma',
      source: { kind: 'enquiry', enquiryId },
    });
    expect(await docData(`enquiries/${enquiryId}`)).toMatchObject({ billedCustomerUid: leadUid(email) });

    const smtp = catcherTransport();
    track(smtp);
    await drainOutbox(admin().db, smtp, drainOptions());
    const mails = await mailsTo(email);
    const proformaMail = mails.find((mail) => mail.subject.startsWith('Proforma invoice'));
    expect(proformaMail?.text).toContain('/pay/');
    // A lead has no account to log in to: the mail offers none.
    expect(proformaMail?.text).not.toContain('/profile?invoice=');
  });

  it("when staff preview the bill of a visitor's enquiry, then they get the exact mail and PDF issuing sends, and nothing is written", async () => {
    const { app } = testApp();
    const email = uniqueEmail('lead-preview');
    const enquiryId = await visitorEnquiry(app, email);
    const mailCount = async () => (await admin().db.collection('mail').get()).size;
    const mailsBefore = await mailCount();

    const preview = await request(app)
      .post(`/api/staff/enquiries/${enquiryId}/proforma/preview`)
      .set('Authorization', `Bearer ${staff.idToken}`)
      .send({ ...PROFORMA, dueDate: addDays(istToday(), 10) })
      .expect(200);

    expect(preview.body).toMatchObject({ to: email, amountPaise: 60_000_00 });
    expect(preview.body.subject).toMatch(/^Proforma invoice/);
    expect(preview.body.html).toContain('Kavya Shah');
    expect(Buffer.from(preview.body.pdfBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // A preview makes no customer record, no invoice, no mail and takes no number.
    expect(
      (
        await admin()
          .db.doc(`users/${leadUid(email)}`)
          .get()
      ).exists,
    ).toBe(false);
    expect(await mailCount()).toBe(mailsBefore);
    expect(await docData(`enquiries/${enquiryId}`)).not.toHaveProperty('billedCustomerUid');

    const billed = await billEnquiry(app, enquiryId).expect(201);
    expect(billed.body.number).toBe(preview.body.number);
    expect(billed.body.amountPaise).toBe(preview.body.amountPaise);
  });

  it("when the enquiry's email is an account's verified login, then that account is billed, not a lead", async () => {
    const { app } = testApp();
    const email = uniqueEmail('has-account');
    const account = await signUp(email, true);
    const enquiryId = await visitorEnquiry(app, email);

    const billed = await billEnquiry(app, enquiryId);

    expect(billed.body).toMatchObject({ customerUid: account.uid, isLead: false });
    expect(await docData(`users/${leadUid(email)}`)).toBeUndefined();
  });

  it("when the enquiry's email is only an unverified login's (anyone can type an address), then a lead is billed, not that account", async () => {
    const { app } = testApp();
    const email = uniqueEmail('typed-account');
    const impostor = await signUp(email, false);
    const enquiryId = await visitorEnquiry(app, email);

    const billed = await billEnquiry(app, enquiryId);

    expect(billed.body).toMatchObject({ customerUid: leadUid(email), isLead: true });
    expect(await docData(`users/${impostor.uid}/invoices/${billed.body.id}`)).toBeUndefined();
  });

  it('when the lead pays and later signs up with the same verified email, then the record and its history become theirs, and the old pay link still opens it', async () => {
    const { app } = testApp();
    const email = uniqueEmail('joining-lead');
    const billed = await billEnquiry(app, await visitorEnquiry(app, email));
    const token = (billed.body.payUrl as string).split('/pay/')[1]!;
    const paymentId = await payByLink(app, token);
    const lead = leadUid(email);
    expect(await docData(`payments/${paymentId}`)).toMatchObject({ uid: lead });
    await waitFor(
      () => docData(`documents/${paymentId}`),
      (document) => document?.status === 'issued',
    );

    const account = await signUp(email, true);
    const joined = await join(app, account.idToken);

    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ joined: true });
    expect(await docData(`users/${account.uid}/invoices/${billed.body.id}`)).toMatchObject({
      status: 'Paid',
      paymentId,
    });
    expect(await docData(`users/${lead}/invoices/${billed.body.id}`)).toBeUndefined();
    expect(await docData(`payments/${paymentId}`)).toMatchObject({ uid: account.uid });
    expect(await docData(`documents/${paymentId}`)).toMatchObject({ uid: account.uid, status: 'issued' });
    expect(await docData(`users/${lead}`)).toMatchObject({ mergedInto: account.uid });
    // The link the lead was mailed still opens the (now the account's) invoice.
    const view = await request(app).get(`/api/pay/${token}`).expect(200);
    expect(view.body.status).toBe('Paid');
    // The account's own documents API now serves the tax invoice to them.
    const summary = await request(app)
      .get(`/api/documents/${paymentId}`)
      .set('Authorization', `Bearer ${account.idToken}`)
      .expect(200);
    expect(summary.body).toMatchObject({ status: 'issued' });
    // Joining again changes nothing.
    expect((await join(app, account.idToken)).body).toEqual({ joined: false, moved: 0 });
  });

  it('when the person signs up with the same email but has not verified it, then nothing is joined', async () => {
    const { app } = testApp();
    const email = uniqueEmail('unverified-lead');
    const billed = await billEnquiry(app, await visitorEnquiry(app, email));
    const account = await signUp(email, false);

    const joined = await join(app, account.idToken);

    expect(joined.body).toEqual({ joined: false, moved: 0 });
    expect(await docData(`users/${leadUid(email)}/invoices/${billed.body.id}`)).toMatchObject({ status: 'Pending' });
    expect(await docData(`users/${account.uid}/invoices/${billed.body.id}`)).toBeUndefined();
  });
});
