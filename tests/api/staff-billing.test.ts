import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEGAL_NAME_REQUIRED, PIN_CODE_MESSAGE } from '@/domain/profile-schemas';
import { issuePendingDocuments } from '../../server/documents/issue';
import { CUSTOMER_NOT_FOUND } from '../../server/payments/proformas';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore, createStaffWithToken } from '../helpers/emulators';
import {
  BUYER_GSTIN,
  documentData,
  NUMBERED_BY_JOB,
  payThroughCheckout,
  REGISTERED_SELLER,
  seedProfile,
} from './documents-fixtures';
import { docData, newUser, uniqueEmail } from './payments-fixtures';

let staff: { uid: string; idToken: string };
const staffEmail = uniqueEmail('billing-staff');

beforeAll(async () => {
  staff = await createStaffWithToken(staffEmail);
});
beforeEach(() => clearFirestore());

const correct = (app: ReturnType<typeof testApp>['app'], uid: string, body: object) =>
  request(app).post(`/api/staff/customers/${uid}/billing`).set('Authorization', `Bearer ${staff.idToken}`).send(body);

async function auditEntries() {
  return (await admin().db.collection('auditLog').get()).docs.map((doc) => doc.data());
}

/** What Rohan's company is registered as; seedProfile gives the person 'Asha Verma' in Pune. */
const COMPANY = { legalName: 'Verma Textiles Private Limited', gstin: BUYER_GSTIN, pinCode: '411026' };

describe('POST /api/staff/customers/:uid/billing', () => {
  it('when staff give a GSTIN with its legal name and PIN, then the profile has them and the change is audited with only the changed fields', async () => {
    const { app } = testApp();
    const customer = await newUser('billing-fix');
    await seedProfile(customer.uid);

    const response = await correct(app, customer.uid, {
      ...COMPANY,
      gstin: BUYER_GSTIN.toLowerCase(),
      address: '21 MG Road',
    });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ changed: ['legalName', 'gstin', 'pinCode'] });
    expect(await docData(`users/${customer.uid}`)).toMatchObject({
      ...COMPANY,
      name: 'Asha Verma',
      address: '21 MG Road',
      city: 'Pune',
    });
    const audit = await auditEntries();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'customer.billing',
        target: `users/${customer.uid}`,
        actorUid: staff.uid,
        actorEmail: staffEmail,
        before: { legalName: null, gstin: null, pinCode: null },
        after: COMPANY,
      }),
    ]);
    expect(audit[0]!.at).toBeTruthy();
  });

  it('when staff correct one field, then only it is written and audited; sending the same again changes and audits nothing', async () => {
    const { app } = testApp();
    const customer = await newUser('billing-one');
    await seedProfile(customer.uid, COMPANY);
    const body = { ...COMPANY, legalName: 'Verma Textiles Pvt. Ltd.', address: '21 MG Road' };

    expect((await correct(app, customer.uid, body)).body).toEqual({ changed: ['legalName'] });
    expect((await correct(app, customer.uid, body)).body).toEqual({ changed: [] });

    expect((await docData(`users/${customer.uid}`))!.legalName).toBe('Verma Textiles Pvt. Ltd.');
    expect((await auditEntries()).map((entry) => [entry.before, entry.after])).toEqual([
      [{ legalName: COMPANY.legalName }, { legalName: 'Verma Textiles Pvt. Ltd.' }],
    ]);
  });

  it('when the GSTIN comes without a legal name, or the PIN is malformed, then it answers 400 with the message and writes nothing', async () => {
    const { app } = testApp();
    const customer = await newUser('billing-bad');
    await seedProfile(customer.uid);

    const noName = await correct(app, customer.uid, { ...COMPANY, legalName: ' ', address: '21 MG Road' });
    const badPin = await correct(app, customer.uid, { ...COMPANY, pinCode: '041026', address: '21 MG Road' });

    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ message: LEGAL_NAME_REQUIRED });
    expect(badPin.status).toBe(400);
    expect(badPin.body).toEqual({ message: PIN_CODE_MESSAGE });
    expect(await docData(`users/${customer.uid}`)).not.toHaveProperty('gstin');
    expect(await auditEntries()).toEqual([]);
  });

  it('when the customer does not exist, then it answers 404 and writes nothing', async () => {
    const response = await correct(testApp().app, 'no-such-customer', { ...COMPANY, address: '1 Road' });

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: CUSTOMER_NOT_FOUND });
    expect(await docData('users/no-such-customer')).toBeUndefined();
    expect(await auditEntries()).toEqual([]);
  });

  it('when staff correct a customer between two payments, then the document issued after uses the correction and the one issued before stays as it was', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const customer = await newUser('billing-docs');
    await seedProfile(customer.uid);
    const first = await payThroughCheckout(app, customer, { items: ['website-Basic'] });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);
    const firstIssued = await documentData(first.paymentId);

    await correct(app, customer.uid, { ...COMPANY, address: '21 MG Road, Bhosari' }).expect(200);
    const second = await payThroughCheckout(app, customer, { items: ['website-Basic'] });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);

    expect(await documentData(first.paymentId)).toEqual(firstIssued);
    expect(firstIssued!.snapshot.recipient).toMatchObject({
      name: 'Asha Verma',
      address: '21 MG Road, Pune',
      gstin: null,
    });
    expect((await documentData(second.paymentId))!.snapshot).toMatchObject({
      recipient: {
        name: 'Verma Textiles Private Limited',
        address: '21 MG Road, Bhosari, Pune 411026',
        gstin: BUYER_GSTIN,
      },
      placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
    });
  });
});
