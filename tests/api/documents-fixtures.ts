import type { Express } from 'express';
import request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { SAMPLE_SELLER_GSTIN } from '@/domain/gst';
import { admin } from '../helpers/emulators';
import { createPaymentOrder, sandboxPay, seedInvoice, seedOrder, verifyPayment } from './payments-fixtures';

/** A fictitious registered seller in Karnataka (29: npm start's sample) and a registered customer in Maharashtra (27). */
export const SELLER_GSTIN = SAMPLE_SELLER_GSTIN;
export const BUYER_GSTIN = '27AAPFU0939F1ZV';
export const REGISTERED_SELLER = { SELLER_GSTIN, PAYMENT_RATE_LIMIT_PER_MINUTE: '100000' };
/** Documents stay pending after a payment until a test numbers them (issuePendingDocuments, with its own clock). */
export const NUMBERED_BY_JOB = { DOCUMENT_NUMBERING: 'job' };

/** The profile the details step writes (users/{uid}), with an optional GSTIN. */
export async function seedProfile(uid: string, overrides: Record<string, unknown> = {}): Promise<void> {
  await admin()
    .db.doc(`users/${uid}`)
    .set({
      uid,
      name: 'Asha Verma',
      email: 'asha@example.com',
      phone: '+91 98450 12345',
      address: '21 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      isAnonymous: false,
      ...overrides,
    });
}

export interface PaidDocument {
  docId: string;
  gatewayOrderId: string;
  paymentId: string;
  amountPaise: number;
}

/**
 * Creates a Pending order (catalogue item ids) or invoice (rupees), pays it in the sandbox and
 * verifies it, as the browser does. The sandbox webhook is dropped unless asked for.
 */
export async function payThroughCheckout(
  /** The app, or the URL of a listening server (many requests at once). */
  app: Parameters<typeof request>[0],
  user: { uid: string; idToken: string },
  what: { items: string[] } | { invoiceRupees: number },
  webhook: 'deliver' | 'drop' = 'drop',
): Promise<PaidDocument> {
  const isOrder = 'items' in what;
  const docId = isOrder ? await seedOrder(user.uid, what.items) : await seedInvoice(user.uid, what.invoiceRupees);
  const order = await createPaymentOrder(app as Express, user.idToken, {
    firestore_id: docId,
    type: isOrder ? 'product_order' : 'invoice',
  });
  if (order.status >= 300) throw new Error(`payment order failed: ${order.status} ${JSON.stringify(order.body)}`);
  const paid = await sandboxPay(app as Express, user.idToken, order.body.id as string, 'success', webhook);
  if (paid.outcome !== 'success') throw new Error('expected a successful sandbox payment');
  const verified = await verifyPayment(app, user.idToken, paid.result);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return {
    docId,
    gatewayOrderId: order.body.id as string,
    paymentId: paid.result.razorpay_payment_id,
    amountPaise: order.body.amount as number,
  };
}

export async function documentData(id: string) {
  return (await admin().db.doc(`documents/${id}`).get()).data();
}

export async function allDocuments(): Promise<Array<Record<string, unknown> & { id: string }>> {
  return (await admin().db.collection('documents').get()).docs.map((doc) => ({
    id: doc.id,
    ...(doc.data() as Record<string, unknown>),
  }));
}

/** supertest collects a binary body only with a parser. */
export function download(app: Parameters<typeof request>[0], path: string, idToken?: string) {
  const call = request(app)
    .get(path)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
  return idToken ? call.set('Authorization', `Bearer ${idToken}`) : call;
}

export async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** The text of the PDF at `path` (as `idToken`'s user when given), which must download (200). */
export async function textOfPdfAt(app: Parameters<typeof request>[0], path: string, idToken?: string) {
  return pdfText((await download(app, path, idToken).expect(200)).body as Buffer);
}
