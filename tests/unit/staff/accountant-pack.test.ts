import { describe, expect, it } from 'vitest';
import {
  accountantPackFiles,
  PAYMENT_COLUMNS,
  paymentRow,
  paymentsCsvText,
  registerRow,
  type PaymentEntry,
  type StoredDocument,
} from '@/domain/accountant-pack';
import { monthRangeMs, monthSchema, MONTH_MESSAGE, previousIstMonth } from '@/domain/ist';
import { loadConfig } from '../../../server/config';
import { paymentDocumentSnapshot } from '../../../server/documents/snapshot';
import { quoteSample } from '../documents/pdf-samples';

const settings = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', SELLER_GSTIN: '29AAAAA0000A1ZY' }).documents;
/** 04:00 IST on 1 November 2026: still 31 October in UTC. */
const EARLY_ON_THE_FIRST = Date.parse('2026-10-31T22:30:00Z');

const business = {
  name: 'Asha Verma',
  legalName: 'Verma Textiles LLP',
  gstin: '27AAPFU0939F1ZV',
  email: 'asha@verma.example',
  state: 'Maharashtra',
  country: 'India',
};
const subject = { invoiceId: 'INV-0042', amount: 2_80_000, name: 'Asha Verma', email: 'asha@verma.example' };

/** As stored: the pending document's fields (the payable and its copy), then the numbered snapshot. */
const issuedDocument: StoredDocument = {
  status: 'issued',
  number: 'NB/2026-27/0042',
  payable: { type: 'invoice', docId: 'inv1' },
  subject,
  snapshot: paymentDocumentSnapshot({
    base: {
      payable: { type: 'invoice', docId: 'inv1' },
      subject,
      amountPaise: 2_80_000_00,
      paymentId: 'pay_1',
      gatewayOrderId: 'order_1',
      method: 'bank-transfer',
    },
    paidAtMs: EARLY_ON_THE_FIRST,
    profile: business,
    settings,
    number: 'NB/2026-27/0042',
    financialYear: '2026-27',
    issuedAtMs: EARLY_ON_THE_FIRST,
  }),
};

const payment = (fields: Record<string, unknown> = {}): PaymentEntry => ({
  id: 'pay_1',
  payment: {
    uid: 'u1',
    type: 'invoice',
    docId: 'inv1',
    amountPaise: 2_80_000_00,
    refundedPaise: 0,
    method: 'bank-transfer',
    reference: 'UTR123',
    status: 'paid',
    ...fields,
  },
  createdAtMs: EARLY_ON_THE_FIRST,
  profile: business,
  document: issuedDocument,
  payable: undefined,
});

describe('months in India time', () => {
  it('when a month is asked for, then it runs from the 1st 00:00 IST to the next 1st, and 04:00 IST on the 1st is in it', () => {
    const { startMs, endMs } = monthRangeMs('2026-11');
    expect(new Date(startMs).toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(new Date(endMs).toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(EARLY_ON_THE_FIRST >= startMs && EARLY_ON_THE_FIRST < endMs).toBe(true);
    expect(new Date(monthRangeMs('2026-12').endMs).toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });

  it('when the month is not YYYY-MM, then the schema says to choose one; last month is read in India', () => {
    for (const bad of [undefined, '', '2026-13', '2026-1', 'November']) {
      expect(monthSchema.safeParse(bad).error?.issues[0]?.message).toBe(MONTH_MESSAGE);
    }
    expect(previousIstMonth(EARLY_ON_THE_FIRST)).toBe('2026-10');
    expect(previousIstMonth(Date.parse('2027-01-15T12:00:00Z'))).toBe('2026-12');
  });
});

describe('paymentRow', () => {
  it('when a payment has a profile and an issued document, then the row names the customer, the business, what it was for and the document, in IST', () => {
    const row = paymentRow(payment());

    expect(row).toEqual({
      paidAtMs: EARLY_ON_THE_FIRST,
      customer: 'Asha Verma',
      businessName: 'Verma Textiles LLP',
      email: 'asha@verma.example',
      paidFor: 'Invoice INV-0042',
      documentNumber: 'NB/2026-27/0042',
      method: 'Bank transfer',
      amountPaise: 2_80_000_00,
      refundedPaise: 0,
      tdsPaise: null,
      tdsSection: '',
      receivedOn: '',
      status: 'Paid',
      reference: 'UTR123',
      paymentId: 'pay_1',
      companyId: 'u1',
      isOffline: false,
      poNumber: '',
      vendorCode: '',
    });
    const [header, line] = paymentsCsvText([row]).split('\r\n');
    // A UTF-8 byte order mark first, so Excel on Windows does not read the file in its ANSI code page.
    expect(header).toBe(`\uFEFF${PAYMENT_COLUMNS.map((column) => column.header).join(',')}`);
    expect(header).toBe(
      '\uFEFFDate (IST),Customer,Business name,Email,For,Tax document,Method,Amount,Refunded,TDS,TDS section,Received on,Status,Reference,Payment id,PO number,Vendor code',
    );
    expect(line).toBe(
      '2026-11-01 04:00,Asha Verma,Verma Textiles LLP,asha@verma.example,Invoice INV-0042,NB/2026-27/0042,Bank transfer,280000.00,0.00,,,,Paid,UTR123,pay_1,,',
    );
  });

  it('when an old payment has no profile left, then the names come from what its documents printed; a pending document has no number yet', () => {
    const fromDocument = paymentRow({ ...payment(), profile: undefined });
    const pending = paymentRow({
      ...payment({ method: 'upi' }),
      profile: undefined,
      document: { status: 'pending', payable: { type: 'invoice', docId: 'inv1' }, subject },
    });
    const bare = paymentRow({
      ...payment({ type: 'product_order', docId: 'ord1', method: null, status: undefined, duplicateOf: 'pay_0' }),
      profile: undefined,
      document: undefined,
      payable: { orderNumber: 'ORD-1767000000000', name: 'Ravi Kumar' },
    });

    expect(fromDocument).toMatchObject({
      customer: 'Asha Verma',
      businessName: 'Verma Textiles LLP',
      email: 'asha@verma.example',
    });
    expect(pending).toMatchObject({
      customer: 'Asha Verma',
      paidFor: 'Invoice INV-0042',
      documentNumber: '',
      method: 'UPI',
    });
    expect(bare).toMatchObject({
      customer: 'Ravi Kumar',
      paidFor: 'Order ORD-1767000000000',
      method: '',
      status: 'Duplicate',
    });
  });

  it('when a payment records TDS, then its amount, the citation of the law of its day and the date received are in their columns', () => {
    const received = paymentRow(payment({ tdsPaise: 28_000_00, tdsSection: '1027', receivedOn: '2026-10-30' }));
    const older = paymentRow(payment({ tdsPaise: 28_000_00, tdsSection: '194J', receivedOn: '2026-03-30' }));
    const stamped = paymentRow(payment({ tdsPaise: 0, receivedOn: Date.parse('2026-10-30T00:00:00+05:30') }));

    const [, line, olderLine] = paymentsCsvText([received, older]).split('\r\n');
    expect(line).toContain(
      ',280000.00,0.00,28000.00,"section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027",2026-10-30,Paid,',
    );
    // A payment recorded under the 1961 Act keeps its section.
    expect(olderLine).toContain(',28000.00,"section 194J of the Income-tax Act, 1961",2026-03-30,Paid,');
    expect(stamped).toMatchObject({ tdsPaise: 0, receivedOn: '30 Oct 2026' });
  });
});

describe('PO numbers in the CSVs', () => {
  it("when a document carries the buyer's PO number and vendor code, then documents.csv and payments.csv show them, issued or pending", () => {
    const withPo = { ...subject, purchaseOrder: { poNumber: '4500012345', vendorCode: 'VND-0042' } };
    const issued: StoredDocument = {
      ...issuedDocument,
      subject: withPo,
      snapshot: { ...issuedDocument.snapshot!, purchaseOrder: withPo.purchaseOrder },
    };
    const pending: StoredDocument = {
      status: 'pending',
      series: 'invoice',
      payable: { type: 'invoice', docId: 'inv1' },
      subject: withPo,
    };

    const files = accountantPackFiles(
      [{ id: 'pay_1', document: issued, createdAtMs: EARLY_ON_THE_FIRST, isCancelled: false }],
      [paymentRow({ ...payment(), document: issued }), paymentRow({ ...payment(), id: 'pay_2', document: pending })],
      { month: '2026-11', sellerRegistered: true },
    );

    expect(files['documents.csv']!.split('\r\n')[0]).toMatch(/,PO number,Vendor code$/);
    expect(files['documents.csv']!.split('\r\n')[1]).toMatch(/,pay_1,4500012345,VND-0042$/);
    const payments = files['payments.csv']!.split('\r\n');
    expect(payments[1]).toMatch(/,pay_1,4500012345,VND-0042$/);
    expect(payments[2]).toMatch(/,pay_2,4500012345,VND-0042$/);
  });
});

describe('registerRow and the pack', () => {
  it('when the register lists an issued invoice, a pending document and a cancelled proforma, then each shows its number, totals and status', () => {
    const proforma = {
      ...issuedDocument.snapshot!,
      kind: 'proforma' as const,
      title: 'Proforma Invoice',
      number: 'PI/2026-27/0003',
    };
    const entries = [
      { id: 'pay_1', document: issuedDocument, createdAtMs: EARLY_ON_THE_FIRST, isCancelled: false },
      {
        id: 'pay_2',
        document: {
          status: 'pending' as const,
          series: 'invoice',
          amountPaise: 1500_00,
          payable: { type: 'invoice' as const, docId: 'inv3' },
          subject: { invoiceId: 'INV-7', name: 'Ravi Kumar' },
        },
        createdAtMs: EARLY_ON_THE_FIRST,
        isCancelled: false,
      },
      {
        id: 'proforma_inv2',
        document: { status: 'issued' as const, number: proforma.number, snapshot: proforma },
        createdAtMs: null,
        isCancelled: true,
      },
    ];

    const rows = entries.map(registerRow);

    expect(rows[0]).toMatchObject({
      number: 'NB/2026-27/0042',
      kind: 'Tax Invoice',
      date: '01 Nov 2026',
      customer: 'Verma Textiles LLP',
      gstin: '27AAPFU0939F1ZV',
      taxablePaise: issuedDocument.snapshot!.totals.taxablePaise,
      taxPaise: issuedDocument.snapshot!.totals.igstPaise,
      totalPaise: 2_80_000_00,
      status: 'issued',
      paidFor: 'Invoice INV-0042',
    });
    expect(rows[1]).toMatchObject({
      number: '',
      kind: 'Document',
      date: '01 Nov 2026',
      customer: 'Ravi Kumar',
      taxablePaise: null,
      totalPaise: 1500_00,
      status: 'pending',
      paidFor: 'Invoice INV-7',
    });
    expect(rows[2]).toMatchObject({
      number: 'PI/2026-27/0003',
      kind: 'Proforma Invoice',
      status: 'cancelled',
    });

    const quote = quoteSample();
    const withQuote = [
      ...entries,
      {
        id: 'quote_q1',
        document: { status: 'issued' as const, series: 'quote', number: quote.number, snapshot: quote as never },
        createdAtMs: null,
        isCancelled: false,
      },
    ];
    const files = accountantPackFiles(withQuote, [paymentRow(payment())], { month: '2026-11', sellerRegistered: true });
    expect(Object.keys(files)).toEqual([
      'README.txt',
      'b2b.csv',
      'b2cl.csv',
      'b2cs.csv',
      'cdnr.csv',
      'cdnur.csv',
      'exp.csv',
      'hsn(b2b).csv',
      'hsn(b2c).csv',
      'docs.csv',
      'documents.csv',
      'proformas-and-quotes.csv',
      'payments.csv',
    ]);
    // Only the issued tax invoice is in the return; the proforma is not a supply.
    expect(files['b2b.csv']!.trim().split('\r\n')).toHaveLength(2);
    expect(files['documents.csv']!.split('\r\n')[1]).toBe(
      'NB/2026-27/0042,Tax Invoice,01 Nov 2026,Verma Textiles LLP,27AAPFU0939F1ZV,237288.14,42711.86,280000.00,issued,Invoice INV-0042,,pay_1,,',
    );
    // Each tax document once; the proforma in its own list, with no taxable value to add up twice.
    expect(files['documents.csv']!).not.toContain('PI/2026-27/0003');
    const [header, proformaLine, quoteLine] = files['proformas-and-quotes.csv']!.trim().split('\r\n');
    expect(header!.split(',')).not.toEqual(expect.arrayContaining(['Taxable value']));
    expect(header!.split(',')).not.toContain('Tax');
    expect(header).toContain('Document (not a tax document)');
    expect(proformaLine).toMatch(/^PI\/2026-27\/0003,Proforma Invoice,.*,280000.00,cancelled,/);
    expect(quoteLine).toMatch(/^QT\/2026-27\/0007,Quote,04 May 2026,.*,450000.00,issued,Quote QT\/2026-27\/0007/);
    expect(files['documents.csv']!).not.toContain('QT/2026-27/0007');
  });

  it('when the seller is not registered for GST, then the pack has no GSTR-1 tables and its README says why', () => {
    const unregistered = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site' }).documents;
    const receipt: StoredDocument = {
      status: 'issued',
      number: 'NB/2026-27/0043',
      snapshot: paymentDocumentSnapshot({
        base: {
          payable: { type: 'invoice', docId: 'inv1' },
          subject,
          amountPaise: 50_000_00,
          paymentId: 'pay_3',
          gatewayOrderId: 'order_3',
          method: 'upi',
        } as never,
        paidAtMs: EARLY_ON_THE_FIRST,
        profile: business,
        settings: unregistered,
        number: 'NB/2026-27/0043',
        financialYear: '2026-27',
        issuedAtMs: EARLY_ON_THE_FIRST,
      }),
    };

    const files = accountantPackFiles(
      [{ id: 'pay_3', document: receipt, createdAtMs: EARLY_ON_THE_FIRST, isCancelled: false }],
      [],
      { month: '2026-11', sellerRegistered: false },
    );

    expect(Object.keys(files)).toEqual(['README.txt', 'documents.csv', 'proformas-and-quotes.csv', 'payments.csv']);
    expect(files['README.txt']).toContain('No GSTR-1 tables: the seller is not registered for GST');
    // A payment receipt carries no GST: no taxable value or tax to report, only its total.
    expect(files['documents.csv']!.split('\r\n')[1]).toMatch(
      /^NB\/2026-27\/0043,Payment Receipt,01 Nov 2026,[^,]*,[^,]*,,,50000.00,issued,/,
    );
  });
});
