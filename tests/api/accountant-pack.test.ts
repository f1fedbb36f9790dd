import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { strFromU8, unzipSync } from 'fflate';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { rupeeTextToPaise } from '@/domain/money';
import { addDays, istToday, monthRangeMs, MONTH_MESSAGE } from '@/domain/ist';
import { NOT_STAFF } from '../../server/auth';
import { issuePendingDocuments } from '../../server/documents/issue';
import { accountantPack } from '../../server/documents/accountant-pack';
import { testApp } from '../helpers/api-app';
import {} from '../helpers/emulators';
import {
  BUYER_GSTIN,
  documentData,
  download,
  NUMBERED_BY_JOB,
  payThroughCheckout,
  REGISTERED_SELLER,
  seedProfile,
} from './documents-fixtures';
import { newUser } from './payments-fixtures';
import { staffPerFile } from './staff-fixtures';

/** A valid GSTIN registered in Karnataka, the seller's state (so CGST + SGST). */
const KARNATAKA_BUYER_GSTIN = '29AABCM1234A1Z3';
const HOUR = 3_600_000;

const staff = staffPerFile('pack-staff');

type App = ReturnType<typeof testApp>['app'];

/** The pack of a month, unzipped: each CSV file's rows as objects keyed by its header. */
async function packOf(app: App, month: string) {
  const response = await download(app, `/api/staff/accountant-pack?month=${month}`, staff.idToken);
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="accountants-pack-${month}.zip"`);
  const files = unzipSync(new Uint8Array(response.body as Buffer));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, csvRows(strFromU8(bytes))]));
}

/** RFC 4180 CSV (quoted cells may hold commas and doubled quotes) as objects keyed by the header. */
function csvRows(text: string): Array<Record<string, string>> {
  const lines = text
    .trim()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((cell) =>
        cell[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'),
      ),
    )
    .map((cells) => cells.slice(0, -1));
  const [header, ...rows] = lines;
  return rows.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])));
}

/** Rupees as the pack writes them ('-300.00' included), in paise. */
const paiseOf = (rupees: string | undefined) =>
  rupees?.startsWith('-') ? -rupeeTextToPaise(rupees.slice(1))! : rupeeTextToPaise(rupees ?? '')!;

/** A column of a file's rows added up, in paise. */
const sumOf = (rows: Array<Record<string, string>>, column = 'Taxable Value') =>
  rows.reduce((sum, row) => sum + paiseOf(row[column]), 0);

/**
 * A month's documents made through the real paths: checkout payments by a registered buyer in the
 * seller's state, one in another state and an unregistered one, numbered in the month; a partial
 * refund's credit note; a proforma staff issued and cancelled; and an invoice paid and numbered
 * just before the month began. Ravi's payment is dated 04:00 IST on the 1st (22:30 UTC the day before).
 */
async function aMonthOfDocuments(app: App, deps: ReturnType<typeof testApp>['deps']) {
  // This month in India: a proforma is numbered at the real clock, so the month must hold it.
  const month = istToday().slice(0, 7);
  const { startMs } = monthRangeMs(month);
  const { db } = deps.firebase;
  const settings = deps.config.documents;
  const [mehta, verma, ravi] = await Promise.all([newUser('mehta'), newUser('verma'), newUser('ravi')]);
  await seedProfile(mehta.uid, {
    name: 'Rohan Mehta',
    legalName: 'Mehta Exports Private Limited',
    gstin: KARNATAKA_BUYER_GSTIN,
    city: 'Bengaluru',
    state: 'Karnataka',
  });
  await seedProfile(verma.uid, { legalName: 'Verma Textiles LLP', gstin: BUYER_GSTIN });
  await seedProfile(ravi.uid, { name: 'Ravi Kumar', email: 'ravi@example.com', city: 'Bengaluru', state: 'Karnataka' });

  const before = await payThroughCheckout(app, verma, { invoiceRupees: 999 });
  await issuePendingDocuments(db, settings, { now: () => startMs - 60_000 });
  const intra = await payThroughCheckout(app, mehta, { invoiceRupees: 1500 });
  const inter = await payThroughCheckout(app, verma, { items: ['website-Basic', 'manufacturing-Starter'] });
  const consumer = await payThroughCheckout(app, ravi, { invoiceRupees: 2500 });
  await issuePendingDocuments(db, settings, { now: () => startMs + 10 * HOUR });
  const refund = await request(app)
    .post(`/api/staff/payments/${inter.paymentId}/refunds`)
    .set('Authorization', `Bearer ${staff.idToken}`)
    .send({ requestId: randomUUID(), amountPaise: 30_000_00, reason: 'Scope reduced' })
    .expect(200);
  await issuePendingDocuments(db, settings, { now: () => startMs + 30 * HOUR });
  const proforma = await request(app)
    .post('/api/staff/invoices')
    .set('Authorization', `Bearer ${staff.idToken}`)
    .send({
      uid: ravi.uid,
      description: 'Training',
      lines: [{ description: 'Two days of training', amountPaise: 40_000_00 }],
      amountsIncludeGst: true,
      dueDate: addDays(istToday(), 15),
    })
    .expect(201);
  await request(app)
    .post(`/api/staff/customers/${ravi.uid}/invoices/${proforma.body.id}/cancel`)
    .set('Authorization', `Bearer ${staff.idToken}`)
    .expect(200);
  // Payments are dated by the server's clock: these two are moved to the moments the test is about.
  await db.doc(`payments/${consumer.paymentId}`).update({ createdAt: Timestamp.fromMillis(startMs + 4 * HOUR) });
  await db.doc(`payments/${before.paymentId}`).update({ createdAt: Timestamp.fromMillis(startMs - 2 * 60_000) });

  const documentOf = async (id: string) => (await documentData(id))!;
  return {
    month,
    previousMonth: new Date(startMs - HOUR).toISOString().slice(0, 7),
    before: await documentOf(before.paymentId),
    intra: await documentOf(intra.paymentId),
    inter: await documentOf(inter.paymentId),
    consumer: await documentOf(consumer.paymentId),
    note: await documentOf(refund.body.refundId as string),
    proforma: await documentOf(proforma.body.documentId as string),
    consumerPaymentId: consumer.paymentId,
  };
}

describe('GET /api/staff/accountant-pack', () => {
  it("when staff download a month's pack, then its GSTR-1 tables hold each B2B tax invoice and credit note of that IST month with the documents' totals, and nothing from outside it", async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const made = await aMonthOfDocuments(app, deps);

    const pack = await packOf(app, made.month);

    expect(Object.keys(pack).sort()).toEqual(
      [
        'README.txt',
        'b2b.csv',
        'b2cl.csv',
        'b2cs.csv',
        'cdnr.csv',
        'cdnur.csv',
        'docs.csv',
        'documents.csv',
        'exp.csv',
        'hsn(b2b).csv',
        'hsn(b2c).csv',
        'payments.csv',
        'proformas-and-quotes.csv',
        'tally-masters.xml',
        'tally-vouchers.xml',
      ].sort(),
    );
    const b2b = pack['b2b.csv']!;
    // Numbered at one instant here, so their order between them is not asserted.
    expect(b2b.map((row) => row['Invoice Number']).sort()).toEqual([made.intra.number, made.inter.number].sort());
    for (const document of [made.intra, made.inter]) {
      const rows = b2b.filter((row) => row['Invoice Number'] === document.number);
      expect(sumOf(rows)).toBe(document.snapshot.totals.taxablePaise);
      expect(rows.every((row) => paiseOf(row['Invoice Value']) === document.snapshot.totals.totalPaise)).toBe(true);
    }
    const [intraRow, interRow] = [made.intra, made.inter].map((document) =>
      b2b.find((row) => row['Invoice Number'] === document.number)!,
    );
    expect(intraRow).toMatchObject({
      'GSTIN/UIN of Recipient': KARNATAKA_BUYER_GSTIN,
      'Receiver Name': 'Mehta Exports Private Limited',
      'Invoice date': made.intra.snapshot.issueDate.replace(/ /g, '-'),
      'Place Of Supply': '29-Karnataka',
      'Reverse Charge': 'N',
      'Applicable % of Tax Rate': '',
      'Invoice Type': 'Regular B2B',
      'E-Commerce GSTIN': '',
      Rate: '18',
      'Cess Amount': '0.00',
    });
    expect(interRow).toMatchObject({ 'Receiver Name': 'Verma Textiles LLP', 'Place Of Supply': '27-Maharashtra' });

    const [note] = pack['cdnr.csv']!;
    expect(pack['cdnr.csv']).toHaveLength(1);
    expect(note).toMatchObject({
      'GSTIN/UIN of Recipient': BUYER_GSTIN,
      'Note Number': made.note.number,
      'Note Type': 'C',
      'Note Supply Type': 'Regular B2B',
    });
    expect(paiseOf(note!['Note Value'])).toBe(made.note.snapshot.totals.totalPaise);
    expect(sumOf([note!])).toBe(made.note.snapshot.totals.taxablePaise);

    expect(pack['b2cs.csv']).toEqual([
      expect.objectContaining({ Type: 'OE', 'Place Of Supply': '29-Karnataka', Rate: '18' }),
    ]);
    expect(sumOf(pack['b2cs.csv']!)).toBe(made.consumer.snapshot.totals.taxablePaise);

    const [hsnB2b] = pack['hsn(b2b).csv']!;
    // Up to Rs 5 crore of turnover (GST_TURNOVER_ABOVE_5_CRORE unset): the SAC's four-digit heading.
    expect(pack['hsn(b2c).csv']).toEqual([
      expect.objectContaining({ HSN: made.consumer.snapshot.lines[0]!.sac.slice(0, 4), 'Total Value': '2500.00' }),
    ]);
    // None of this month's buyers is abroad or above the B2CL limit in another State.
    expect([pack['b2cl.csv'], pack['exp.csv'], pack['cdnur.csv']]).toEqual([[], [], []]);
    expect(pack['docs.csv']).toEqual([
      expect.objectContaining({
        'Nature of Document': 'Invoices for outward supply',
        'Total Number': '3',
        Cancelled: '0',
      }),
      {
        'Nature of Document': 'Credit Note',
        'Sr. No. From': made.note.number,
        'Sr. No. To': made.note.number,
        'Total Number': '1',
        Cancelled: '0',
      },
    ]);
    expect(paiseOf(hsnB2b!['Total Value'])).toBe(
      made.intra.snapshot.totals.totalPaise +
        made.inter.snapshot.totals.totalPaise -
        made.note.snapshot.totals.totalPaise,
    );

    // The register holds each tax document once, a credit note negative: its columns add up to the month.
    const register = pack['documents.csv']!;
    expect(register.map((row) => [row.Number, row.Document, row.Status])).toEqual(
      expect.arrayContaining([
        [made.intra.number, 'Tax Invoice', 'issued'],
        [made.inter.number, 'Tax Invoice', 'issued'],
        [made.consumer.number, 'Tax Invoice', 'issued'],
        [made.note.number, 'Credit Note', 'issued'],
      ]),
    );
    expect(register).toHaveLength(4);
    expect(sumOf(register, 'Taxable value')).toBe(
      made.intra.snapshot.totals.taxablePaise +
        made.inter.snapshot.totals.taxablePaise +
        made.consumer.snapshot.totals.taxablePaise -
        made.note.snapshot.totals.taxablePaise,
    );
    // The proforma is not a tax document: listed apart, with no taxable value to count twice.
    expect(pack['proformas-and-quotes.csv']).toEqual([
      expect.objectContaining({
        Number: made.proforma.number,
        'Document (not a tax document)': 'Proforma Invoice',
        Status: 'cancelled',
      }),
    ]);
    expect(Object.keys(pack['proformas-and-quotes.csv']![0]!)).not.toContain('Taxable value');
    const inRegister = register.find((row) => row.Number === made.inter.number)!;
    expect(paiseOf(inRegister.Total)).toBe(made.inter.snapshot.totals.totalPaise);
    expect(inRegister.Customer).toBe('Verma Textiles LLP');
    const packText = JSON.stringify(pack);
    expect(packText).not.toContain(made.before.number);
  });

  it('when the seller is not registered for GST, then the pack has no GSTR-1 tables and its README says why; receipts are in the register without GST', async () => {
    const { app, deps } = testApp({ env: { PAYMENT_RATE_LIMIT_PER_MINUTE: '100000', ...NUMBERED_BY_JOB } });
    const customer = await newUser('unregistered-pack');
    await seedProfile(customer.uid, { name: 'Ravi Kumar', city: 'Bengaluru', state: 'Karnataka' });
    const paid = await payThroughCheckout(app, customer, { invoiceRupees: 2500 });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);
    const receipt = (await documentData(paid.paymentId))!;

    const response = await download(app, `/api/staff/accountant-pack?month=${istToday().slice(0, 7)}`, staff.idToken);
    const files = unzipSync(new Uint8Array(response.body as Buffer));

    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'documents.csv',
        'payments.csv',
        'proformas-and-quotes.csv',
        'tally-masters.xml',
        'tally-vouchers.xml',
      ].sort(),
    );
    expect(strFromU8(files['README.txt']!)).toContain(
      'No GSTR-1 tables: the seller is not registered for GST (no GSTIN is set), so it files no GSTR-1.',
    );
    expect(csvRows(strFromU8(files['documents.csv']!))).toEqual([
      expect.objectContaining({
        Number: receipt.number,
        Document: 'Payment Receipt',
        'Taxable value': '',
        Tax: '',
        Total: '2500.00',
      }),
    ]);
  });

  it("when a payment is made at 04:00 IST on the 1st (22:30 UTC the day before), then it is in that month's payments.csv with its document, not the previous month's", async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const made = await aMonthOfDocuments(app, deps);

    const [pack, previous] = [await packOf(app, made.month), await packOf(app, made.previousMonth)];

    const early = pack['payments.csv']!.find((row) => row['Payment id'] === made.consumerPaymentId);
    expect(early).toMatchObject({
      'Date (IST)': `${made.month}-01 04:00`,
      Customer: 'Ravi Kumar',
      Email: 'ravi@example.com',
      For: made.consumer.snapshot.reference.label,
      'Tax document': made.consumer.number,
      Method: 'Card',
      Amount: '2500.00',
      Status: 'Paid',
    });
    const verma = pack['payments.csv']!.find((row) => row['Tax document'] === made.inter.number);
    expect(verma).toMatchObject({ 'Business name': 'Verma Textiles LLP', Refunded: '30000.00' });
    expect(previous['payments.csv']!.map((row) => row['Payment id'])).not.toContain(made.consumerPaymentId);
    // The invoice numbered a minute before the month is in the previous month's return.
    expect(previous['b2b.csv']!.map((row) => row['Invoice Number'])).toEqual([made.before.number]);
  });

  it('when the pack is downloaded, then the files a person opens in Excel start with a UTF-8 byte order mark and the GSTR-1 files for the offline tool do not', async () => {
    const { app } = testApp({ env: REGISTERED_SELLER });

    const response = await download(app, '/api/staff/accountant-pack?month=2026-01', staff.idToken);
    const files = unzipSync(new Uint8Array(response.body as Buffer));

    const startsWithBom = (name: string) => [...files[name]!.slice(0, 3)].join() === '239,187,191';
    expect(['documents.csv', 'proformas-and-quotes.csv', 'payments.csv'].filter(startsWithBom)).toHaveLength(3);
    const gstr1 = Object.keys(files).filter(
      (name) => name.endsWith('.csv') && !/^(documents|proformas|payments)/.test(name),
    );
    expect(gstr1).toHaveLength(9);
    expect(gstr1.filter(startsWithBom)).toEqual([]);
    expect(strFromU8(files['b2b.csv']!).startsWith('GSTIN/UIN of Recipient,')).toBe(true);
  });

  it('when the month has more documents than the cap, then the pack is refused with 413 rather than cut short', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const customer = await newUser('many');
    await seedProfile(customer.uid);
    for (const rupees of [100, 200, 300]) await payThroughCheckout(app, customer, { invoiceRupees: rupees });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);

    await expect(
      accountantPack(deps.firebase.db, istToday().slice(0, 7), { maxRows: 2, sellerRegistered: true }),
    ).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/^More than 2 documents in \d{4}-\d{2}/),
    });
  });

  it('when the month is missing or not YYYY-MM, then 400 asks for one; without the staff claim, 401 or 403', async () => {
    const { app } = testApp();
    const customer = await newUser('not-staff');
    const get = (path: string, token?: string) => {
      const call = request(app).get(path);
      return token ? call.set('Authorization', `Bearer ${token}`) : call;
    };

    for (const path of [
      '/api/staff/accountant-pack',
      '/api/staff/accountant-pack?month=2026-13',
      '/api/staff/accountant-pack?month=Nov',
    ]) {
      const response = await get(path, staff.idToken);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: MONTH_MESSAGE });
    }
    expect((await get('/api/staff/accountant-pack?month=2026-11')).status).toBe(401);
    const refused = await get('/api/staff/accountant-pack?month=2026-11', customer.idToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: NOT_STAFF });
  });
});
