/**
 * Renders a sample tax invoice (fictitious seller GSTIN and customer) to a PDF, for the README's
 * picture and for eyeballing layout changes:
 *   tsx scripts/sample-document.ts /tmp/sample.pdf [number of lines]
 *   pdftoppm -png -r 80 -singlefile /tmp/sample.pdf docs/tax-invoice-sample
 */
import { writeFileSync } from 'node:fs';
import { financialYearOf, formatDocumentNumber } from '../src/domain/document-number';
import { SAMPLE_SELLER_GSTIN } from '../src/domain/gst';
import { readPayable } from '../src/domain/payable';
import { loadConfig } from '../server/config';
import { renderDocumentPdf } from '../server/documents/pdf';
import { listedLinesOf, paymentDocumentSnapshot } from '../server/documents/snapshot';

const [output = 'sample-invoice.pdf', lineCount = '2'] = process.argv.slice(2);
const config = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', SELLER_GSTIN: SAMPLE_SELLER_GSTIN, LOG_LEVEL: 'silent' });
const plans = [
  'website-Business',
  'manufacturing-Growth',
  'learning-Starter',
  'gym-Smart Gym Management',
  'automation-Standard',
];
const subject = {
  items: Array.from({ length: Number(lineCount) }, (_, index) => ({ id: plans[index % plans.length] })),
  orderNumber: 'ORD-1777870800000',
};
const issuedAtMs = Date.parse('2026-05-04T11:30:00+05:30');
const financialYear = financialYearOf(issuedAtMs);
const snapshot = paymentDocumentSnapshot({
  base: {
    payable: { type: 'product_order', docId: 'demo-order-1' },
    subject,
    // The sample pays exactly the listed prices.
    amountPaise: listedLinesOf(
      readPayable({ type: 'product_order', docId: 'demo-order-1' }, subject),
      config.documents,
    ).reduce((sum, line) => sum + line.listedPaise, 0),
    paymentId: 'pay_Sample0000001',
    gatewayOrderId: 'order_Sample000001',
    method: 'upi',
  },
  paidAtMs: issuedAtMs - 60_000,
  profile: {
    name: 'Verma Textiles Private Limited',
    email: 'accounts@vermatextiles.example',
    address: 'Plot 12, MIDC Industrial Area, Bhosari',
    city: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    gstin: '27AAPFU0939F1ZV',
  },
  settings: config.documents,
  number: formatDocumentNumber(config.documents.prefixes.invoice, financialYear, 42),
  financialYear,
  issuedAtMs,
});
writeFileSync(output, await renderDocumentPdf(snapshot));
console.log(`wrote ${output}`);
