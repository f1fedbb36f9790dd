import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { backfillConsoleData } from '../../server/account/backfill';
import { admin, clearFirestore } from '../helpers/emulators';
import { docData } from './payments-fixtures';

beforeEach(() => clearFirestore());

describe('npm run backfill', () => {
  it('when data predates the console, then profiles, enquiries and issued invoices get their search words (old copies dropped), every query an inbox entry and every payment a status; a second run changes nothing', async () => {
    const { db } = admin();
    await db.doc('users/u1').set({
      uid: 'u1',
      name: 'Asha Verma',
      email: 'Asha@Example.com',
      legalName: 'Verma Textiles Private Limited',
      nameLower: 'asha verma',
    });
    await db.doc('users/u1/queries/q1').set({
      name: 'Asha Verma',
      email: 'asha@example.com',
      businessName: 'Verma Textiles',
      contactNumber: '',
      message: 'Quote please',
      status: 'In progress',
      submittedAt: Timestamp.fromMillis(1_700_000_000_000),
    });
    await db.doc('enquiries/e1').set({ name: 'Kavya', email: 'kavya@example.com', status: 'New' });
    await db.doc('payments/pay_a').set({ paymentId: 'pay_a', amountPaise: 100 });
    await db.doc('payments/pay_b').set({ paymentId: 'pay_b', amountPaise: 100, duplicateOf: 'pay_a' });
    await db
      .doc('payments/pay_c')
      .set({ paymentId: 'pay_c', amountPaise: 100, duplicateOf: null, documentMissing: true });
    await db.doc('payments/pay_d').set({ paymentId: 'pay_d', amountPaise: 100, status: 'mismatch' });
    // A proforma issued before invoices were searchable, with its PO; and an invoice the customer entered.
    await db.doc('users/u1/invoices/i1').set({
      issuedBy: 'company',
      kind: 'proforma',
      number: 'PI/2026-27/0007',
      name: 'Asha Verma',
      purchaseOrder: { poNumber: '4500012345', vendorCode: 'VND-0042' },
    });
    await db.doc('users/u1/invoices/i2').set({ invoiceId: 'INV-9', name: 'Asha Verma' });

    const first = await backfillConsoleData(db);
    const second = await backfillConsoleData(db);

    expect(first).toEqual({ profiles: 1, enquiries: 2, payments: 4, invoices: 1 });
    expect(second).toEqual({ profiles: 0, enquiries: 0, payments: 0, invoices: 0 });
    expect((await docData('users/u1/invoices/i1'))!.searchTokens).toEqual(
      expect.arrayContaining(['4500012345', 'pi2026270007', 'vnd0042', 'asha']),
    );
    expect(await docData('users/u1/invoices/i2')).not.toHaveProperty('searchTokens');
    const profile = await docData('users/u1');
    expect(profile).not.toHaveProperty('nameLower');
    expect(profile!.searchTokens).toEqual(
      expect.arrayContaining(['asha', 'verma', 'textiles', 'private', 'tex', 'example']),
    );
    expect(await docData('enquiries/q1')).toMatchObject({
      uid: 'u1',
      queryId: 'q1',
      status: 'In progress',
      source: 'customer',
      searchTokens: expect.arrayContaining(['asha', 'verma', 'textiles', 'quote', 'please']),
    });
    expect(await docData('enquiries/e1')).toMatchObject({
      source: 'visitor',
      // Kept: how a person's enquiries are found (their data export, their account's deletion).
      emailLower: 'kavya@example.com',
      searchTokens: expect.arrayContaining(['kavya', 'ka', 'example']),
    });
    const statuses = await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (id) => (await docData(`payments/pay_${id}`))!.status),
    );
    expect(statuses).toEqual(['paid', 'duplicate', 'order-missing', 'mismatch']);
  });
});
