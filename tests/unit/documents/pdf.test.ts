import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { renderDocumentPdf } from '../../../server/documents/pdf';
import { renderPdfOffThread } from '../../../server/documents/pdf-renderer';
import { readPayable } from '@/domain/payable';
import {
  creditNoteSnapshot,
  listedLinesOf,
  paymentDocumentSnapshot,
  proformaSnapshot,
} from '../../../server/documents/snapshot';

const LONGEST_PLANS = ['gym-Smart Gym Management', 'website-Business', 'manufacturing-Premium AI'];

function sample(
  lineCount: number,
  env: Record<string, string>,
  profileState = 'Karnataka',
  payment: { method?: string; paymentReference?: string } = {},
) {
  const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', ...env });
  const subject = {
    items: Array.from({ length: lineCount }, (_, index) => ({ id: LONGEST_PLANS[index % LONGEST_PLANS.length] })),
    orderNumber: 'ORD-1777870800000',
  };
  const amountPaise = listedLinesOf(
    readPayable({ type: 'product_order', docId: 'o1' }, subject),
    config.documents,
  ).reduce((sum, line) => sum + line.listedPaise, 0);
  return paymentDocumentSnapshot({
    base: {
      payable: { type: 'product_order', docId: 'o1' },
      subject,
      amountPaise,
      paymentId: 'pay_Test00000001',
      gatewayOrderId: 'order_Test0000001',
      method: payment.method ?? 'card',
      paymentReference: payment.paymentReference,
    },
    paidAtMs: Date.parse('2026-05-04T10:00:00+05:30'),
    profile: { name: 'Asha Verma', address: '21 MG Road', city: 'Bengaluru', state: profileState, country: 'India' },
    settings: config.documents,
    number: 'NB/2026-27/0007',
    financialYear: '2026-27',
    issuedAtMs: Date.parse('2026-05-04T10:05:00+05:30'),
  });
}

async function pdfOf(snapshot: ReturnType<typeof sample>) {
  const pdf = await getDocumentProxy(new Uint8Array(await renderDocumentPdf(snapshot)));
  const { text } = await extractText(pdf, { mergePages: true });
  return { pages: pdf.numPages, text };
}

describe('renderDocumentPdf', () => {
  it('when an intra-state tax invoice has 15 lines of the longest plan names, then it fits one A4 page', async () => {
    const snapshot = sample(15, { SELLER_GSTIN: '29AAAAA0000A1ZY' });
    expect(snapshot.taxType).toBe('intra-state');

    const { pages, text } = await pdfOf(snapshot);

    expect(pages).toBe(1);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('CGST @ 9%');
    expect(text).toContain('SGST @ 9%');
    expect(text).toContain('₹');
  });

  it('when the seller is unregistered, then the PDF is a Payment Receipt with no GSTIN and no tax lines', async () => {
    const { pages, text } = await pdfOf(sample(2, {}));

    expect(pages).toBe(1);
    expect(text).toContain('PAYMENT RECEIPT');
    expect(text).toContain('Receipt no.');
    expect(text).not.toMatch(/GSTIN:|CGST|SGST|IGST/);
    expect(text).toContain('no GST is charged');
  });

  it('when there are more lines than one page holds, then they continue on the next page and the total is printed once', async () => {
    const { pages, text } = await pdfOf(sample(40, { SELLER_GSTIN: '29AAAAA0000A1ZY' }));

    expect(pages).toBe(2);
    expect(text.match(/Total\b/g)).toHaveLength(1);
  });
});

describe('what each document says', () => {
  const registered = { SELLER_GSTIN: '29AAAAA0000A1ZY' };

  it('when a credit note records a refund, then it says Amount refunded and Refunded on, with the refund reference and reason', async () => {
    const original = sample(2, registered);
    const note = creditNoteSnapshot({
      original,
      originalId: 'pay_Test00000001',
      refundId: 'refund-request-1',
      gatewayRefundId: 'rfnd_Gateway00001',
      reason: 'Duplicate payment',
      refundPaise: 5_000_00,
      refundedAtMs: Date.parse('2026-05-10T10:00:00+05:30'),
      number: 'CN/2026-27/0001',
      financialYear: '2026-27',
      issuedAtMs: Date.parse('2026-05-10T10:05:00+05:30'),
    });

    const { text } = await pdfOf(note);

    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('Amount refunded');
    expect(text).toContain('Refunded on');
    expect(text).toContain('10 May 2026');
    expect(text).toContain('rfnd_Gateway00001');
    expect(text).toContain('Duplicate payment');
    expect(text).not.toMatch(/Amount paid|Paid on/);
  });

  it('when staff recorded a bank transfer, then the receipt says the mode in words and the UTR they typed', async () => {
    const snapshot = sample(1, registered, 'Karnataka', {
      method: 'bank-transfer',
      paymentReference: 'UTR 4455667788',
    });

    const { text } = await pdfOf(snapshot);

    expect(text).toContain('Bank transfer');
    expect(text).toContain('UTR 4455667788');
    expect(text).not.toContain('BANK-TRANSFER');
  });

  it('when the seller has no GSTIN, then the Payment Receipt prints no place of supply, reverse charge or SAC', async () => {
    const { text } = await pdfOf(sample(2, {}));

    expect(text).toContain('PAYMENT RECEIPT');
    expect(text).not.toMatch(/Place of supply|Reverse charge|SAC/);
  });

  it('when a proforma is drawn, then it says Proforma, its number, due date and amount due, and that it is not a tax invoice', async () => {
    const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', ...registered });
    const proforma = proformaSnapshot({
      payable: readPayable(
        { type: 'invoice', docId: 'i1' },
        {
          kind: 'proforma',
          number: 'PI/2026-27/0001',
          description: 'Production monitoring for the Pune plant',
          lines: [{ description: 'Machine integration', amountPaise: 2_80_000_00 }],
          amountsIncludeGst: true,
          dueDate: '2026-05-19',
        },
      ),
      profile: { name: 'Rohan Mehta', state: 'Karnataka', country: 'India' },
      settings: config.documents,
      number: 'PI/2026-27/0001',
      financialYear: '2026-27',
      issuedAtMs: Date.parse('2026-05-04T10:05:00+05:30'),
    });

    const { text } = await pdfOf(proforma);

    expect(text).toContain('PROFORMA INVOICE');
    expect(text).toContain('PI/2026-27/0001');
    expect(text).toContain('19 May 2026');
    expect(text).toContain('Amount due');
    expect(text).toContain('₹2,80,000.00');
    expect(text).toContain('Production monitoring for the Pune plant');
    expect(text).toContain('not a tax invoice');
  });
});

describe('renderPdfOffThread', () => {
  it('when a snapshot is rendered on the PDF thread, then it is a PDF with exactly the text of a render on this thread', async () => {
    const snapshot = sample(3, { SELLER_GSTIN: '29AAAAA0000A1ZY' });
    const text = async (bytes: Uint8Array) =>
      (await extractText(await getDocumentProxy(bytes), { mergePages: true })).text;

    const [offThread, here] = await Promise.all([renderPdfOffThread(snapshot), renderDocumentPdf(snapshot)]);

    expect(offThread.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await text(new Uint8Array(offThread))).toBe(await text(new Uint8Array(here)));
  });

  it('when a render fails, then that job is rejected with the reason and the thread goes on rendering', async () => {
    const broken = { ...sample(1, {}), supplier: undefined } as unknown as ReturnType<typeof sample>;

    const results = await Promise.allSettled([renderPdfOffThread(broken), renderPdfOffThread(sample(1, {}))]);

    expect(results[0]).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/^PDF rendering failed: /) },
    });
    expect(results[1].status).toBe('fulfilled');
  });
});
