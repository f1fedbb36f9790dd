import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { istToday } from '@/domain/ist';
import { mailIds } from '../../server/mail/outbox';
import { renderMail, type MailTemplate } from '../../server/mail/templates';
import { payLinkToken } from '../../server/payments/pay-links';
import { testApp } from '../helpers/api-app';
import { admin } from '../helpers/emulators';
import { documentData, REGISTERED_SELLER, seedProfile, textOfPdfAt } from './documents-fixtures';
import { newUser, waitFor } from './payments-fixtures';
import { proformaBody, staffPerFile } from './staff-fixtures';

/**
 * What the seller promises after payment is what it can issue: a GST-registered seller (SELLER_GSTIN)
 * a tax invoice, an unregistered one a payment receipt, in every mail, PDF and pay page of a
 * proforma and its payment.
 */

const staff = staffPerFile('words-staff');

async function storedMailText(id: string): Promise<string> {
  const stored = (await admin().db.doc(`mail/${id}`).get()).data() as MailTemplate | undefined;
  if (!stored) throw new Error(`no mail ${id}`);
  const rendered = renderMail(stored, { payUrl: 'https://pay.example/x' });
  return `${rendered.subject}\n${rendered.text}\n${rendered.html}`;
}

/** Everything a customer reads of a proforma and of its payment, as one text. */
async function everythingTheCustomerReads(env: Record<string, string>): Promise<{ proforma: string; paid: string }> {
  const { app, deps } = testApp({ env });
  const asStaff = (path: string, body: object) =>
    request(app).post(path).set('Authorization', `Bearer ${staff.idToken}`).send(body);
  const customer = await newUser('words-customer');
  await seedProfile(customer.uid, { pinCode: '560001' });
  const issued = await asStaff('/api/staff/invoices', proformaBody(customer.uid)).expect(201);
  const docId = issued.body.id as string;
  const token = payLinkToken(deps.config.payLinkSecret, { uid: customer.uid, type: 'invoice', docId });

  const page = await request(app).get(`/api/pay/${token}`).expect(200);
  const proformaPdf = await textOfPdfAt(app, `/api/pay/${token}/proforma.pdf`);
  const proformaMail = await storedMailText(mailIds.invoice(customer.uid, docId));

  const paid = await asStaff('/api/staff/payments/offline', {
    uid: customer.uid,
    type: 'invoice',
    docId,
    requestId: randomUUID(),
    amountReceivedPaise: 2_80_000_00,
    tdsPaise: 0,
    tdsSection: null,
    receivedOn: istToday(),
    method: 'bank-transfer',
    reference: 'UTR HDFC0001',
  }).expect(201);
  const paymentId = paid.body.paymentId as string;
  await waitFor(
    () => documentData(paymentId),
    (stored) => stored?.status === 'issued',
  );
  const paidPdf = await textOfPdfAt(app, `/api/pay/${token}/tax-invoice.pdf`);
  const receiptMail = await storedMailText(mailIds.payment(paymentId));
  const paidPage = await request(app).get(`/api/pay/${token}`).expect(200);

  return {
    proforma: [JSON.stringify(page.body), proformaPdf, proformaMail].join('\n'),
    paid: [JSON.stringify(paidPage.body), paidPdf, receiptMail].join('\n'),
  };
}

describe('the words for the seller’s document', () => {
  it('when the seller has no GSTIN, then no proforma or receipt mail, PDF or pay page says "tax invoice"', async () => {
    const { proforma, paid } = await everythingTheCustomerReads({ PAYMENT_RATE_LIMIT_PER_MINUTE: '100000' });

    expect(proforma).toContain(
      'This is a proforma invoice, not a payment receipt. The payment receipt is issued when it is paid.',
    );
    expect(proforma).toContain('The payment receipt follows once it is paid.');
    expect(paid).toContain('PAYMENT RECEIPT');
    expect(`${proforma}\n${paid}`).not.toMatch(/tax invoice/i);
    // A payment staff recorded is named by its mode and reference, never by its internal id.
    expect(paid).toContain('UTR HDFC0001');
    expect(paid.replace(/"paymentId":"offline_[0-9a-f]+"/g, '')).not.toContain('offline_');
  });

  it('when SELLER_GSTIN is set, then the proforma promises a tax invoice and the payment gets one', async () => {
    const { proforma, paid } = await everythingTheCustomerReads(REGISTERED_SELLER);

    expect(proforma).toContain(
      'This is a proforma invoice, not a tax invoice. The tax invoice is issued when it is paid.',
    );
    expect(proforma).toContain('The tax invoice follows once it is paid.');
    expect(paid).toContain('TAX INVOICE');
    expect(paid).not.toMatch(/payment receipt is issued/i);
  });
});
