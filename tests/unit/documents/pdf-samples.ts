import { loadConfig } from '../../../server/config';
import { creditNoteSnapshot, paymentDocumentSnapshot, proformaSnapshot } from '../../../server/documents/snapshot';
import { quoteSnapshot } from '../../../server/quotes/snapshot';
import { readPayable } from '@/domain/payable';
import { resolveMilestones, type QuoteLine } from '@/domain/quotes';
import type { QuoteSnapshot } from '@/domain/quotes';
import type { TaxDocumentSnapshot } from '@/domain/tax-document';
import { MILESTONES_30_40_30 } from '../../helpers/quote-fields';

/**
 * One sample of every document kind the site prints, filled with long values (a business name,
 * an address, a TDS section, a refund reason) so the layout tests see the widest text each field
 * takes.
 */

export const REGISTERED = { SELLER_GSTIN: '29AAGCB7383J1Z4' };

const settingsOf = (env: Record<string, string>) => loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', ...env }).documents;

const BUSINESS_PROFILE = {
  name: 'Asha Verma',
  legalName: 'Verma Precision Components Private Limited',
  gstin: '27AAPFU0939F1ZV',
  address: 'Plot 14, Phase II, Chakan Industrial Area, Near the Water Tank',
  city: 'Pune',
  pinCode: '410501',
  state: 'Maharashtra',
  country: 'India',
  email: 'accounts@vermaprecision.example',
};

const ORDER = {
  items: [{ id: 'gym-Smart Gym Management' }, { id: 'website-Business' }, { id: 'manufacturing-Premium AI' }],
  orderNumber: 'ORD-1777870800000',
};

const INVOICE = {
  kind: 'proforma',
  number: 'PI/2026-27/0001',
  description: 'Production monitoring for the Pune plant: machine integration and dashboards',
  lines: [
    { description: 'Machine integration for 12 CNC machines', amountPaise: 2_80_000_00 },
    { description: 'Dashboards and daily reports', amountPaise: 1_20_000_00 },
  ],
  amountsIncludeGst: true,
  dueDate: '2026-05-19',
};

const ISSUED = Date.parse('2026-05-04T10:05:00+05:30');

function paymentDocument(
  env: Record<string, string>,
  payment: {
    payable: { type: 'product_order' | 'invoice'; docId: string };
    subject: Record<string, unknown>;
    amountPaise: number;
    paymentId: string;
    method: string;
    paymentReference?: string;
    tdsPaise?: number;
    tdsSection?: string;
    receivedOn?: string;
  },
): TaxDocumentSnapshot {
  return paymentDocumentSnapshot({
    base: { gatewayOrderId: 'order_Test0000001', ...payment } as never,
    paidAtMs: Date.parse('2026-05-04T10:00:00+05:30'),
    profile: BUSINESS_PROFILE,
    settings: settingsOf(env),
    number: 'NB/2026-27/0007',
    financialYear: '2026-27',
    issuedAtMs: ISSUED,
  });
}

export function proformaSample(env: Record<string, string> = REGISTERED): TaxDocumentSnapshot {
  return proformaSnapshot({
    payable: readPayable({ type: 'invoice', docId: 'i1' }, INVOICE),
    profile: BUSINESS_PROFILE,
    settings: settingsOf(env),
    number: 'PI/2026-27/0001',
    financialYear: '2026-27',
    issuedAtMs: ISSUED,
  });
}

export function taxInvoiceSample(): TaxDocumentSnapshot {
  return paymentDocument(REGISTERED, {
    payable: { type: 'product_order', docId: 'o1' },
    subject: ORDER,
    amountPaise: 1_50_000_00,
    paymentId: 'pay_Test00000001',
    method: 'card',
  });
}

export function receiptSample(): TaxDocumentSnapshot {
  return paymentDocument(
    {},
    {
      payable: { type: 'product_order', docId: 'o1' },
      subject: ORDER,
      amountPaise: 1_50_000_00,
      paymentId: 'pay_Test00000001',
      method: 'upi',
    },
  );
}

/**
 * A payment staff recorded: a bank transfer with TDS deducted, received in May 2026 so cited under
 * the Income-tax Act, 2025 with the longest Table entry (Sl. No. 6(iii), payment code 1027).
 */
export function offlineReceiptSample(env: Record<string, string> = REGISTERED): TaxDocumentSnapshot {
  return paymentDocument(env, {
    payable: { type: 'invoice', docId: 'i1' },
    subject: INVOICE,
    amountPaise: 4_00_000_00,
    paymentId: 'offline_8002feba6ccac6cd8dac6d59',
    method: 'bank-transfer',
    paymentReference: 'UTR HDFC0000123456789012',
    tdsPaise: 40_000_00,
    tdsSection: '1027',
    receivedOn: '2026-05-03',
  });
}

export function creditNoteSample(): TaxDocumentSnapshot {
  return creditNoteSnapshot({
    original: taxInvoiceSample(),
    originalId: 'pay_Test00000001',
    refundId: 'refund-request-1',
    gatewayRefundId: 'rfnd_Gateway00001',
    reason: 'Duplicate payment: the customer paid the same order twice from two devices',
    refundPaise: 50_000_00,
    refundedAtMs: Date.parse('2026-05-10T10:00:00+05:30'),
    number: 'CN/2026-27/0001',
    financialYear: '2026-27',
    issuedAtMs: Date.parse('2026-05-10T10:05:00+05:30'),
  });
}

const QUOTE_LINES: QuoteLine[] = [
  { description: 'Discovery and design', sac: '998314', quantity: 1, ratePaise: 1_00_000_00 },
  { description: 'Build, per sprint', sac: '998314', quantity: 3.5, ratePaise: 1_00_000_00 },
];

export function quoteSample(env: Record<string, string> = REGISTERED): QuoteSnapshot {
  const resolved = resolveMilestones(4_50_000_00, MILESTONES_30_40_30);
  if (!resolved.ok) throw new Error(resolved.message);
  return quoteSnapshot({
    quote: {
      number: 'QT/2026-27/0007',
      version: 2,
      financialYear: '2026-27',
      description: 'Production dashboard for the Pune plant',
      lines: QUOTE_LINES,
      milestones: resolved.milestones,
      amountsIncludeGst: true,
      validUntil: '2026-12-27',
      terms: 'Hosting is billed yearly from go-live. Changes after the beta are quoted separately.',
      customerName: 'Asha Verma',
      customerEmail: 'accounts@vermaprecision.example',
    },
    profile: BUSINESS_PROFILE,
    settings: settingsOf(env),
    issuedAtMs: ISSUED,
  });
}

/** Every kind, by name, as the layout test and the PDF look-over script draw them. */
export const DOCUMENT_SAMPLES: Array<[string, () => TaxDocumentSnapshot | QuoteSnapshot]> = [
  ['proforma', () => proformaSample()],
  ['unregistered proforma', () => proformaSample({})],
  ['quote', () => quoteSample()],
  ['unregistered quote', () => quoteSample({})],
  ['tax invoice', taxInvoiceSample],
  ['receipt', receiptSample],
  ['offline receipt', () => offlineReceiptSample()],
  ['unregistered offline receipt', () => offlineReceiptSample({})],
  ['credit note', creditNoteSample],
];
