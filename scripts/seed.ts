/**
 * Idempotent demo data for the local stack: one customer with a profile, two invoices, one query
 * and one order, a yearly maintenance service renewing soon, a visitor's enquiry, and a staff login for the console (/admin). Safe to run
 * again: fixed ids, so it overwrites rather than duplicates.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Auth } from 'firebase-admin/auth';
import { makeOrderNumber, paiseToRupees, findCatalogueEntry } from '../src/domain';
import { customerSearchTokens, enquirySearchTokens } from '../src/domain/search';
import { initFirebase } from '../server/firebase';
import { isAlreadyExists } from '../server/errors';
import { setStaffClaim } from '../server/auth';
import { newServiceFields } from '../server/payments/services';
import { servicesForOrder } from '../src/domain/renewals';
import { istToday } from '../src/domain/ist';
import { DEMO_CUSTOMER, DEMO_STAFF } from './lib/demo';

const projectId = process.env.FIREBASE_PROJECT_ID || 'demo-site';
if (
  !projectId.startsWith('demo-') ||
  !process.env.FIRESTORE_EMULATOR_HOST ||
  !process.env.FIREBASE_AUTH_EMULATOR_HOST
) {
  console.error(
    'The seeder only writes to the local emulators (demo-* project, *_EMULATOR_HOST set). Nothing written.',
  );
  process.exit(1);
}

const DEMO = DEMO_CUSTOMER;

const { auth, db } = initFirebase(projectId);

async function upsertLogin(auth: Auth, login: typeof DEMO_CUSTOMER): Promise<void> {
  const fields = { email: login.email, password: login.password, displayName: login.name };
  try {
    await auth.updateUser(login.uid, fields);
  } catch {
    await auth.createUser({ uid: login.uid, ...fields });
  }
}

await upsertLogin(auth, DEMO);
await upsertLogin(auth, DEMO_STAFF);
await setStaffClaim(auth, DEMO_STAFF.email, true);

const user = db.doc(`users/${DEMO.uid}`);
const daysAgo = (days: number) => Timestamp.fromMillis(Date.now() - days * 86_400_000);
const plan = findCatalogueEntry('website-Business')!;
const batch = db.batch();
batch.set(user, {
  uid: DEMO.uid,
  name: DEMO.name,
  email: DEMO.email,
  phone: '+91 98450 12345',
  address: '21 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  isAnonymous: false,
  createdAt: daysAgo(30),
  searchTokens: customerSearchTokens({ ...DEMO, phone: '+91 98450 12345' }),
});
batch.set(user.collection('invoices').doc('demo-invoice-1'), {
  invoiceId: 'INV-1001',
  name: DEMO.name,
  email: DEMO.email,
  amount: 15000,
  currency: 'INR',
  status: 'Pending',
  createdAt: daysAgo(2),
});
batch.set(user.collection('invoices').doc('demo-invoice-2'), {
  invoiceId: 'INV-0990',
  name: DEMO.name,
  email: DEMO.email,
  amount: 4500,
  currency: 'INR',
  status: 'Paid',
  paymentId: 'pay_demo0990',
  createdAt: daysAgo(20),
  paidAt: daysAgo(19),
});
const demoQuery = {
  name: DEMO.name,
  email: DEMO.email,
  contactNumber: '+91 98450 12345',
  businessName: 'Verma Textiles',
  message: 'We would like a quote for connecting 8 looms to a dashboard.',
  status: 'New',
  submittedAt: daysAgo(5),
};
batch.set(user.collection('queries').doc('demo-query-1'), demoQuery);
// The staff inbox: the customer's query (same id, linked) and a visitor's enquiry.
batch.set(db.doc('enquiries/demo-query-1'), {
  ...demoQuery,
  searchTokens: enquirySearchTokens(demoQuery),
  source: 'customer',
  uid: DEMO.uid,
  queryId: 'demo-query-1',
});
const visitorEnquiry = {
  name: 'Kavya Nair',
  email: 'kavya@example.com',
  contactNumber: '+91 90000 11111',
  businessName: 'Nair Clinics',
  message: 'Could you quote for a clinic booking app?',
  status: 'New',
  submittedAt: daysAgo(1),
};
batch.set(db.doc('enquiries/demo-enquiry-1'), {
  ...visitorEnquiry,
  searchTokens: enquirySearchTokens(visitorEnquiry),
  source: 'visitor',
  uid: null,
  queryId: null,
});
// The paid demo invoice's payment, as markPaid records one.
batch.set(db.doc('payments/pay_demo0990'), {
  paymentId: 'pay_demo0990',
  gatewayOrderId: 'order_demo0990',
  uid: DEMO.uid,
  type: 'invoice',
  docId: 'demo-invoice-2',
  amountPaise: 450_000,
  currency: 'INR',
  method: 'upi',
  source: 'verify',
  status: 'paid',
  refundedPaise: 0,
  createdAt: daysAgo(19),
});
batch.set(user.collection('orders').doc('demo-order-1'), {
  orderNumber: makeOrderNumber(Date.now() - 10 * 86_400_000),
  userId: DEMO.uid,
  items: [{ id: plan.id, name: plan.plan.name, category: plan.category.name, price: plan.plan.price }],
  total: paiseToRupees(plan.plan.oneTimePaise),
  currency: 'INR',
  status: 'Pending',
  createdAt: daysAgo(10),
});
await batch.commit();
// The paid demo invoice's tax document, pending: the API numbers it when it starts. Created only
// once: re-seeding must never give an issued document a second number.
await db
  .doc('documents/pay_demo0990')
  .create({
    status: 'pending',
    series: 'invoice',
    uid: DEMO.uid,
    paymentId: 'pay_demo0990',
    gatewayOrderId: 'order_demo0990',
    payable: { type: 'invoice', docId: 'demo-invoice-2' },
    amountPaise: 450_000,
    method: 'upi',
    source: 'verify',
    subject: { invoiceId: 'INV-0990', amount: 4500, name: DEMO.name, email: DEMO.email },
    paidAt: daysAgo(19),
    createdAt: daysAgo(19),
  })
  .catch((error: unknown) => {
    if (!isAlreadyExists(error)) throw error;
  });

// A yearly maintenance service whose renewal is due within the notice period, as a payment 340 days
// ago started it: the console's Renewals (Run renewals now) bills it. Created once, like the
// document above: re-seeding must not reset a renewal already billed.
const [demoService] = servicesForOrder(
  'demo-order-0',
  [{ id: 'website-Business' }],
  istToday(Date.now() - 340 * 86_400_000),
);
await user
  .collection('services')
  .doc(demoService!.id)
  .create(newServiceFields(DEMO.uid, demoService!, { orderId: 'demo-order-0', orderNumber: null, paymentId: null }))
  .catch((error: unknown) => {
    if (!isAlreadyExists(error)) throw error;
  });

console.log(`Demo customer ready: ${DEMO.email} / ${DEMO.password}`);
console.log(`Demo staff ready:    ${DEMO_STAFF.email} / ${DEMO_STAFF.password} (console at /admin)`);
process.exit(0);
