/**
 * Idempotent demo data for the local stack: one customer with a profile, two invoices, one query
 * and one order. Safe to run again: fixed ids, so it overwrites rather than duplicates.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { makeOrderNumber, paiseToRupees, findCatalogueEntry } from '../src/domain';
import { initFirebase } from '../server/firebase';

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

const DEMO = { uid: 'demo-customer', email: 'demo@example.com', password: 'demo-password', name: 'Asha Verma' };

const { auth, db } = initFirebase(projectId);

try {
  await auth.updateUser(DEMO.uid, { email: DEMO.email, password: DEMO.password, displayName: DEMO.name });
} catch {
  await auth.createUser({ uid: DEMO.uid, email: DEMO.email, password: DEMO.password, displayName: DEMO.name });
}

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
batch.set(user.collection('queries').doc('demo-query-1'), {
  name: DEMO.name,
  email: DEMO.email,
  contactNumber: '+91 98450 12345',
  businessName: 'Verma Textiles',
  message: 'We would like a quote for connecting 8 looms to a dashboard.',
  status: 'New',
  submittedAt: daysAgo(5),
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
  .catch((error: { code?: number }) => {
    if (error.code !== 6) throw error; // 6 = ALREADY_EXISTS
  });

console.log(`Demo customer ready: ${DEMO.email} / ${DEMO.password}`);
process.exit(0);
