import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { admin, signInWithPassword } from './emulators';
import { callApi, PASSWORD } from './logins';

/** One line of a customer's cart, as the site stores it on an order. */
export interface OrderItem {
  id: string;
  name: string;
  category: string;
  price: string;
}

/** A Pending order of the customer's, written as the browser writes it; returns its id. */
export async function pendingOrder(
  uid: string,
  order: { orderNumber: string; items: OrderItem[]; total: number },
): Promise<string> {
  const written = await admin()
    .db.collection(`users/${uid}/orders`)
    .add({
      ...order,
      userId: uid,
      currency: 'INR',
      status: 'Pending',
      createdAt: FieldValue.serverTimestamp(),
    });
  return written.id;
}

/**
 * Pays an order or invoice of the customer's in the sandbox through the API, as the test
 * checkout's Pay button does (the webhook dropped, the browser's verify call made); returns the
 * gateway's result (`razorpay_payment_id` and the rest).
 */
export async function payInSandbox(
  customer: { email: string },
  firestoreId: string,
  type: 'product_order' | 'invoice',
): Promise<Record<string, string>> {
  const idToken = await signInWithPassword(customer.email, PASSWORD);
  const gatewayOrder = await callApi(idToken, '/api/payments/orders', { firestore_id: firestoreId, type });
  const paid = (await callApi(idToken, '/api/payments/sandbox/pay', {
    razorpay_order_id: gatewayOrder.id,
    outcome: 'success',
    webhook: 'drop',
  })) as { result: Record<string, string> };
  await callApi(idToken, '/api/payments/verify', paid.result);
  return paid.result;
}

/**
 * A second capture of an already-paid invoice, as markPaid records it (a `duplicate` payment of
 * `pay_first`, kept for a refund), with the sandbox's record of it so it can be refunded.
 */
export async function seedDuplicatePayment(duplicate: {
  paymentId: string;
  gatewayOrderId: string;
  uid: string;
  docId: string;
  amountPaise: number;
  method: string;
  customerName: string;
  paidFor: string;
}): Promise<void> {
  const { paymentId, gatewayOrderId, amountPaise, method } = duplicate;
  const { db } = admin();
  await db.doc(`sandboxPayments/${paymentId}`).set({
    id: paymentId,
    orderId: gatewayOrderId,
    status: 'captured',
    amount: amountPaise,
    currency: 'INR',
    method,
  });
  await db.doc(`payments/${paymentId}`).set({
    paymentId,
    gatewayOrderId,
    uid: duplicate.uid,
    type: 'invoice',
    docId: duplicate.docId,
    amountPaise,
    currency: 'INR',
    method,
    source: 'webhook',
    customerName: duplicate.customerName,
    paidFor: duplicate.paidFor,
    duplicateOf: 'pay_first',
    status: 'duplicate',
    refundedPaise: 0,
    createdAt: Timestamp.now(),
  });
}
