import { describe, expect, it } from 'vitest';
import type { PaymentRow, RegisterEntry } from '@/domain/accountant-pack';
import type { ProfileFields } from '../../../server/documents/snapshot';
import {
  creditNote,
  creditsOf,
  debitsOf,
  entryOf,
  expectTiesOut,
  ist,
  packWithTallyFiles,
  paidInvoice,
  rowOf,
  vouchersOf,
} from './tally-fixtures';

/** A small seeded generator (mulberry32): the same "random" month on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const STATES: Array<[string, string | null]> = [
  ['Karnataka', '29AABCM1234A1Z3'],
  ['Maharashtra', '27AAPFU0939F1ZV'],
  ['Karnataka', null],
  ['Tamil Nadu', null],
];

/**
 * November 2026 with 200 documents: 180 tax invoices of 30 customers (registered in and out of the
 * seller's state, consumers), paid online or by bank transfer less TDS, 20 credit notes for part of
 * them, amounts that leave paise after the GST split; and 8 advance payments with no document.
 */
function busyMonth(): { entries: RegisterEntry[]; payments: PaymentRow[] } {
  const random = seeded(20261101);
  const pick = (count: number) => Math.floor(random() * count);
  const customers = Array.from({ length: 30 }, (_, index): { uid: string; profile: ProfileFields } => {
    const [state, gstin] = STATES[index % STATES.length]!;
    return {
      uid: `uCustomer${String(index).padStart(4, '0')}xxxxxxxxxxxx${String(index).padStart(6, '0')}`,
      profile: {
        name: `Person ${index}`,
        ...(gstin ? { legalName: `Company ${index} & Co`, gstin } : {}),
        address: `${index} Main Road`,
        city: 'City',
        pinCode: '560001',
        state,
        country: 'India',
      },
    };
  });
  const entries: RegisterEntry[] = [];
  const payments: PaymentRow[] = [];
  const invoices: Array<ReturnType<typeof paidInvoice>> = [];
  for (let index = 0; index < 180; index += 1) {
    const customer = customers[pick(customers.length)]!;
    const day = String(1 + pick(28)).padStart(2, '0');
    const isOffline = random() < 0.3;
    const rupees = 500 + pick(3_00_000);
    const tdsPaise = isOffline && customer.profile.gstin ? Math.round(rupees * 10 * (0.5 + random() * 0.5)) : 0;
    const paid = paidInvoice({
      paymentId: isOffline ? `offline_${index}` : `pay_${index}`,
      uid: customer.uid,
      profile: customer.profile,
      invoiceId: `INV-${5000 + index}`,
      rupees,
      number: `NB/2026-27/${String(1000 + index).padStart(4, '0')}`,
      issuedAtMs: ist(`2026-11-${day}T12:00`),
      method: isOffline ? 'bank-transfer' : ['upi', 'card', 'netbanking'][pick(3)]!,
      source: isOffline ? 'offline' : 'verify',
      ...(isOffline
        ? { offline: { receivedOn: `2026-11-${day}`, reference: `UTR${index}`, tdsPaise, tdsSection: '194J' } }
        : {}),
    });
    invoices.push(paid);
    entries.push(entryOf(paid));
    payments.push(rowOf(paid, ist(`2026-11-${day}T11:59`)));
  }
  for (let index = 0; index < 20; index += 1) {
    const original = invoices[index * 9]!;
    const note = creditNote(original, {
      refundId: `refund_${index}`,
      refundPaise: 1 + pick(original.snapshot.totals.totalPaise - 1),
      number: `CN/2026-27/${String(100 + index).padStart(4, '0')}`,
      issuedAtMs: ist('2026-11-29T15:00'),
      reason: 'Partial refund',
    });
    entries.push(entryOf(note));
  }
  for (let index = 0; index < 8; index += 1) {
    const customer = customers[index]!;
    const advance = invoices[0]!;
    payments.push({
      ...rowOf(advance, ist('2026-11-30T10:00'), { amountPaise: 10_000_00 + index }),
      paymentId: `pay_advance_${index}`,
      documentNumber: '',
      companyId: customer.uid,
    });
  }
  return { entries, payments };
}

describe('the Tally files tie out with the CSV files', () => {
  it('when a month has 200 documents, then Sales equal documents.csv (taxable value plus tax), Credit Notes its notes and Receipts payments.csv, to the paisa', () => {
    const { entries, payments } = busyMonth();

    const files = packWithTallyFiles(entries, payments);

    expect(entries).toHaveLength(200);
    expectTiesOut(files);
    const vouchers = vouchersOf(files['tally-vouchers.xml']!);
    expect(vouchers).toHaveLength(200 + payments.length);
    for (const voucher of vouchers) expect(debitsOf(voucher), voucher.remoteId).toBe(creditsOf(voucher));
    expect(new Set(vouchers.map((voucher) => voucher.remoteId)).size).toBe(vouchers.length);
    // Partial refunds leave paise on both sides: the split is the credit notes', never recomputed.
    expect(vouchers.some((voucher) => voucher.type === 'Credit Note' && debitsOf(voucher) % 100 !== 0)).toBe(true);
  });
});
