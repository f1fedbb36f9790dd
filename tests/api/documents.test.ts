import { beforeEach, describe, expect, it } from 'vitest';
import { paymentsContext } from '../../server/app-deps';
import { loadConfig } from '../../server/config';
import { issuePendingDocuments } from '../../server/documents/issue';
import { reconcilePayments } from '../../server/payments/reconcile';
import { testApp } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';
import {
  allDocuments,
  BUYER_GSTIN,
  documentData,
  payThroughCheckout,
  NUMBERED_BY_JOB,
  REGISTERED_SELLER,
  SELLER_GSTIN,
  seedProfile,
} from './documents-fixtures';
import { newUser, sandboxPay, waitFor } from './payments-fixtures';

/** An instant given as a wall-clock time in India. */
const ist = (isoLocal: string) => Date.parse(`${isoLocal}+05:30`);
const SIXTEEN_MINUTES = 16 * 60_000;

beforeEach(async () => {
  await clearFirestore();
});

describe('after a payment: one pending document per payment', () => {
  it('when verify, the webhook and reconciliation all report one payment, then exactly one pending document exists, keyed by the payment id', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const user = await newUser();
    await seedProfile(user.uid);

    const paid = await payThroughCheckout(app, user, { items: ['website-Basic', 'manufacturing-Starter'] }, 'deliver');
    await waitFor(
      () => admin().db.collection('webhookEvents').get(),
      (events) => events.size > 0,
    );
    await reconcilePayments(paymentsContext(deps), { now: Date.now() + SIXTEEN_MINUTES });

    const documents = await allDocuments();
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      id: paid.paymentId,
      status: 'pending',
      series: 'invoice',
      uid: user.uid,
      paymentId: paid.paymentId,
      gatewayOrderId: paid.gatewayOrderId,
      payable: { type: 'product_order', docId: paid.docId },
      amountPaise: 13_000_000,
    });
    expect((documents[0]?.subject as { items: unknown[] }).items).toHaveLength(2);
  });

  it('when a second payment reaches an order that is already Paid, then it gets no document (it is kept for a refund)', async () => {
    const { app } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const user = await newUser();
    const first = await payThroughCheckout(app, user, { items: ['website-Basic'] });

    const second = await sandboxPay(app, user.idToken, first.gatewayOrderId, 'success', 'deliver');
    if (second.outcome !== 'success') throw new Error('expected success');
    await waitFor(
      () => admin().db.doc(`payments/${second.result.razorpay_payment_id}`).get(),
      (payment) => payment.exists,
    );

    expect((await allDocuments()).map((doc) => doc.id)).toEqual([first.paymentId]);
  });
});

describe('issuePendingDocuments', () => {
  it('when a registered customer in another state paid, then the document is a numbered Tax Invoice with IGST and every printed value', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const user = await newUser();
    await seedProfile(user.uid, { gstin: BUYER_GSTIN.toLowerCase() });
    const paid = await payThroughCheckout(app, user, { items: ['website-Basic', 'manufacturing-Starter'] });

    const report = await issuePendingDocuments(deps.firebase.db, deps.config.documents, {
      now: () => ist('2026-05-04T10:00:00'),
    });

    expect(report).toEqual({ issued: 1, failed: 0 });
    const issued = await documentData(paid.paymentId);
    expect(issued).toMatchObject({
      status: 'issued',
      kind: 'tax-invoice',
      number: 'NB/2026-27/0001',
      financialYear: '2026-27',
      sequence: 1,
    });
    expect(issued?.snapshot).toMatchObject({
      title: 'Tax Invoice',
      number: 'NB/2026-27/0001',
      issueDate: '04 May 2026',
      supplier: {
        name: 'Nimbus Bespoke Software Private Limited',
        gstin: SELLER_GSTIN,
        state: 'Karnataka',
        stateCode: '29',
      },
      recipient: {
        name: 'Asha Verma',
        address: '21 MG Road, Pune',
        state: 'Maharashtra',
        stateCode: '27',
        gstin: BUYER_GSTIN,
      },
      placeOfSupply: { state: 'Maharashtra', stateCode: '27' },
      taxType: 'inter-state',
      reverseCharge: false,
      amountInWords: 'Rupees One Lakh Thirty Thousand Only',
      totals: { taxablePaise: 11_016_949, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_983_051, totalPaise: 13_000_000 },
      payment: { paymentId: paid.paymentId, gatewayOrderId: paid.gatewayOrderId, amountPaise: 13_000_000 },
      reference: { type: 'product_order', docId: paid.docId },
    });
    expect(issued?.snapshot.lines).toEqual([
      expect.objectContaining({
        sac: '998314',
        description: 'Websites & E-commerce: Basic plan',
        ratePercent: 18,
        totalPaise: 2_000_000,
      }),
      expect.objectContaining({
        sac: '998314',
        description: 'Factory Management: Starter plan',
        totalPaise: 11_000_000,
      }),
    ]);
    expect((await admin().db.doc('counters/invoice-2026-27').get()).get('last')).toBe(1);
  });

  it('when the customer is in the seller state with no GSTIN, then the invoice has CGST and SGST and the place of supply is that state', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const user = await newUser();
    await seedProfile(user.uid, { state: 'Karnataka', city: 'Bengaluru' });
    const paid = await payThroughCheckout(app, user, { invoiceRupees: 1500 });

    await issuePendingDocuments(deps.firebase.db, deps.config.documents);

    const { snapshot } = (await documentData(paid.paymentId))!;
    expect(snapshot).toMatchObject({
      taxType: 'intra-state',
      placeOfSupply: { state: 'Karnataka', stateCode: '29' },
      recipient: { gstin: null },
      totals: { taxablePaise: 127_118, cgstPaise: 11_441, sgstPaise: 11_441, igstPaise: 0, totalPaise: 150_000 },
      amountInWords: 'Rupees One Thousand Five Hundred Only',
    });
    expect(snapshot.lines[0].description).toMatch(/^Software services as per invoice INV-/);
  });

  it('when the seller has no GSTIN, then the document is a Payment Receipt with no tax', async () => {
    const { app, deps } = testApp({ env: { PAYMENT_RATE_LIMIT_PER_MINUTE: '100000' } });
    const user = await newUser();
    await seedProfile(user.uid);
    const paid = await payThroughCheckout(app, user, { items: ['website-Basic'] });

    await issuePendingDocuments(deps.firebase.db, deps.config.documents);

    const issued = await documentData(paid.paymentId);
    expect(issued).toMatchObject({ kind: 'receipt', number: expect.stringMatching(/^NB\/\d{4}-\d{2}\/0001$/) });
    expect(issued?.snapshot).toMatchObject({
      title: 'Payment Receipt',
      taxType: null,
      supplier: { gstin: null },
      totals: { taxablePaise: 2_000_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 2_000_000 },
    });
  });

  it('when the profile and the configuration change after issue, then the issued document stays exactly as it was', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const user = await newUser();
    await seedProfile(user.uid);
    const paid = await payThroughCheckout(app, user, { items: ['website-Basic'] });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);
    const before = await documentData(paid.paymentId);

    await seedProfile(user.uid, { name: 'Someone Else', state: 'Kerala', gstin: BUYER_GSTIN });
    const changed = loadConfig({
      FIREBASE_PROJECT_ID: deps.config.FIREBASE_PROJECT_ID,
      SELLER_NAME: 'Renamed Pvt Ltd',
      GST_RATE: '28',
      DOCUMENT_PREFIX: 'XY',
    });
    await issuePendingDocuments(deps.firebase.db, changed.documents);

    expect(await documentData(paid.paymentId)).toEqual(before);
  });

  it('when documents are issued at 31 March 23:59 and 1 April 00:00 IST, then the new financial year starts again at 0001', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const user = await newUser();
    await seedProfile(user.uid);
    const { db } = deps.firebase;
    const settings = deps.config.documents;
    const a = await payThroughCheckout(app, user, { invoiceRupees: 100 });
    const b = await payThroughCheckout(app, user, { invoiceRupees: 200 });
    await issuePendingDocuments(db, settings, { now: () => ist('2027-03-31T23:59:00'), limit: 1, maxPages: 1 });
    await issuePendingDocuments(db, settings, { now: () => ist('2027-03-31T23:59:59') });
    const c = await payThroughCheckout(app, user, { invoiceRupees: 300 });

    await issuePendingDocuments(db, settings, { now: () => ist('2027-04-01T00:00:00') });

    const numbers = await Promise.all([a, b, c].map(async (paid) => (await documentData(paid.paymentId))?.number));
    expect(numbers).toEqual(['NB/2026-27/0001', 'NB/2026-27/0002', 'NB/2027-28/0001']);
    expect((await documentData(c.paymentId))?.snapshot.issueDate).toBe('01 Apr 2027');
  });

  it('when a registered seller lists prices without GST, then the payment is price + GST and the invoice shows the price as the taxable value', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB, PRICES_INCLUDE_GST: 'false' } });
    const user = await newUser();
    await seedProfile(user.uid, { state: 'Karnataka' });

    const paid = await payThroughCheckout(app, user, { items: ['website-Basic'] });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);

    expect(paid.amountPaise).toBe(2_360_000);
    expect((await documentData(paid.paymentId))?.snapshot).toMatchObject({
      pricesIncludeGst: false,
      totals: { taxablePaise: 2_000_000, cgstPaise: 180_000, sgstPaise: 180_000, totalPaise: 2_360_000 },
      amountInWords: 'Rupees Twenty Three Thousand Six Hundred Only',
    });
  });

  it('when prices exclude GST but the seller has no GSTIN, then the amount charged is the price itself', async () => {
    const { app } = testApp({ env: { PRICES_INCLUDE_GST: 'false', PAYMENT_RATE_LIMIT_PER_MINUTE: '100000' } });
    const user = await newUser();

    const paid = await payThroughCheckout(app, user, { items: ['website-Basic'] });

    expect(paid.amountPaise).toBe(2_000_000);
  });
});
