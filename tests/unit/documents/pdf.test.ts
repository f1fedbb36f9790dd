import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { renderDocumentPdf } from '../../../server/documents/pdf';
import { renderPdfOffThread } from '../../../server/documents/pdf-renderer';
import { listedLinesOf, paymentDocumentSnapshot } from '../../../server/documents/snapshot';

const LONGEST_PLANS = ['gym-Smart Gym Management', 'website-Business', 'manufacturing-Premium AI'];

function sample(lineCount: number, env: Record<string, string>, profileState = 'Karnataka') {
  const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', ...env });
  const subject = {
    items: Array.from({ length: lineCount }, (_, index) => ({ id: LONGEST_PLANS[index % LONGEST_PLANS.length] })),
    orderNumber: 'ORD-1777870800000',
  };
  const amountPaise = listedLinesOf('product_order', subject, config.documents).reduce(
    (sum, line) => sum + line.listedPaise,
    0,
  );
  return paymentDocumentSnapshot({
    base: {
      payable: { type: 'product_order', docId: 'o1' },
      subject,
      amountPaise,
      paymentId: 'pay_Test00000001',
      gatewayOrderId: 'order_Test0000001',
      method: 'card',
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
    const snapshot = sample(15, { SELLER_GSTIN: '29AAGCB7383J1Z4' });
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
    const { pages, text } = await pdfOf(sample(40, { SELLER_GSTIN: '29AAGCB7383J1Z4' }));

    expect(pages).toBe(2);
    expect(text.match(/Total\b/g)).toHaveLength(1);
  });
});

describe('renderPdfOffThread', () => {
  it('when a snapshot is rendered on the PDF thread, then it is a PDF with exactly the text of a render on this thread', async () => {
    const snapshot = sample(3, { SELLER_GSTIN: '29AAGCB7383J1Z4' });
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
